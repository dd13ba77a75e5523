/** RFC 4180 CSV: quoted fields may hold commas, doubled quotes and line breaks; CRLF or LF; blank lines skipped. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const endField = () => {
    row.push(field);
    field = '';
  };
  const endRow = () => {
    endField();
    if (row.length > 1 || row[0] !== '') rows.push(row);
    row = [];
  };
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') endField();
    else if (char === '\n') endRow();
    else if (char !== '\r') field += char;
  }
  if (field !== '' || row.length > 0) endRow();
  return rows;
}

export class MissingColumnsError extends Error {}

/** One CSV row: its trimmed cell by column name ('' when the row is short). */
export type CsvRecord<C extends string> = (column: C) => string;

/** Rows of a CSV with a header line, read by column name; throws when required columns are missing. */
export function csvRecords<C extends string>(text: string, requiredColumns: readonly C[]): CsvRecord<C>[] {
  const [header = [], ...rows] = parseCsv(text.replace(/^\uFEFF/, ''));
  const positions = new Map(header.map((name, i) => [name.trim(), i]));
  const missing = requiredColumns.filter((name) => !positions.has(name));
  if (missing.length > 0) throw new MissingColumnsError(`missing column(s) ${missing.join(', ')}`);
  return rows.map((cells) => (column) => (cells[positions.get(column) ?? -1] ?? '').trim());
}
