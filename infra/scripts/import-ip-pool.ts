import { readFile } from 'node:fs/promises';
import * as z from 'zod';
import { ipVersionSchema } from '../../shared/contracts/ips';
import { addPoolSlots } from '../../functions/data/static-ips/static-ips-repository';
import { now } from '../../functions/platform/clock';

/**
 * Adds egress addresses to a franchise's static-IP pool (issue 20, ADR 0014), e.g. after the egress pool's
 * Elastic IPs are allocated on AWS:
 *
 *   TABLE_NAME=<table> AWS_REGION=ap-south-1 node --import tsx infra/scripts/import-ip-pool.ts <franchise id> <slots.json>
 *
 * `slots.json` is a list of `{ "address": "<public IP>", "bind_address": "<private IP on the proxy host>",
 * "proxy_url": "http://<proxy host private IP>:<port>", "version": "IPv4" | "IPv6" }`. Each address is added
 * once: running the import again adds only addresses not yet in the pool.
 */
const slotsSchema = z.array(
  z.strictObject({
    address: z.string().trim().min(2),
    bind_address: z.string().trim().min(2),
    proxy_url: z.url(),
    version: ipVersionSchema,
  }),
);

async function main(args: readonly string[]): Promise<void> {
  const [franchise, file] = args;
  const frchId = Number(franchise);
  if (!Number.isInteger(frchId) || frchId <= 0 || !file) throw new Error('usage: import-ip-pool.ts <franchise id> <slots.json>');
  const slots = slotsSchema.parse(JSON.parse(await readFile(file, 'utf8')));
  const { added, present } = await addPoolSlots(frchId, slots, now());
  process.stdout.write(`franchise ${frchId}: ${added} address(es) added, ${present} already in the pool\n`);
}

main(process.argv.slice(2)).catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
