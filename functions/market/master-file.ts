import * as z from 'zod';
import { instrumentSchema } from '../../shared/domain/instruments';

/** The stored form of an instrument master: where it came from, the day it describes, its rows. */
export const masterFileSchema = z.object({
  source: z.string().min(1),
  as_of: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'as_of must be yyyy-MM-dd'),
  note: z.string().optional(),
  instruments: z.array(instrumentSchema),
});
export type MasterFile = z.infer<typeof masterFileSchema>;

/** One row per line: readable diffs, and no pretty-printing bulk. */
export function serialiseMasterFile(file: MasterFile): string {
  const { instruments, ...header } = file;
  const head = JSON.stringify(header).slice(0, -1);
  const rows = instruments.map((instrument) => `  ${JSON.stringify(instrument)}`).join(',\n');
  return `${head},"instruments":[\n${rows}\n]}\n`;
}
