import type { CloudFrontClient } from '@aws-sdk/client-cloudfront';
import { GetDistributionConfigCommand, UpdateDistributionCommand } from '@aws-sdk/client-cloudfront';

/**
 * Points a CloudFront distribution's origins at a new value of one custom origin header (the origin
 * secret, ADR 0010): reads the distribution's configuration with its ETag, changes the header wherever
 * an origin sends it, and writes it back only if something changed (If-Match: a concurrent change fails
 * and the rotation step is retried). Answers whether it changed anything.
 */
export async function setOriginHeader(client: CloudFrontClient, distributionId: string, headerName: string, value: string): Promise<boolean> {
  const { DistributionConfig: distribution, ETag } = await client.send(new GetDistributionConfigCommand({ Id: distributionId }));
  if (!distribution) throw new Error(`Distribution ${distributionId} has no configuration`);
  let changed = false;
  for (const origin of distribution.Origins?.Items ?? []) {
    for (const header of origin.CustomHeaders?.Items ?? []) {
      if (header.HeaderName?.toLowerCase() !== headerName.toLowerCase() || header.HeaderValue === value) continue;
      header.HeaderValue = value;
      changed = true;
    }
  }
  if (changed) await client.send(new UpdateDistributionCommand({ Id: distributionId, IfMatch: ETag, DistributionConfig: distribution }));
  return changed;
}
