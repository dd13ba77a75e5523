import path from 'node:path';
import { BundlingOutput, DockerImage } from 'aws-cdk-lib';
import { Asset } from 'aws-cdk-lib/aws-s3-assets';
import { buildSync } from 'esbuild';
import { Construct } from 'constructs';
import { ESM_BUNDLE_BANNER } from '../lib/api-function';
import { functionEntry } from '../lib/paths';

/** The proxy's entry (functions/platform/egress/egress-proxy-main.ts) and the file name on the host. */
const PROXY_ENTRY = 'platform/egress/egress-proxy-main.ts';
export const PROXY_BUNDLE_FILE = 'egress-proxy.mjs';

/**
 * The egress proxy as one ESM file in the CDK asset bucket, built by local esbuild like the Lambdas
 * (same banner and module resolution). Unlike a Lambda bundle nothing is left external: the host has
 * Node but no AWS SDK or node_modules. The source map is inline, so the one file is all the host fetches.
 * Infra tests skip bundling (`aws:cdk:bundling-stacks: []`); `npm run synth` builds it.
 */
export class ProxyBundle extends Construct {
  readonly asset: Asset;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    const entry = functionEntry(PROXY_ENTRY);
    this.asset = new Asset(this, 'Asset', {
      path: path.dirname(entry),
      bundling: {
        // Only used if local bundling declined, which it never does: no Docker is needed.
        image: DockerImage.fromRegistry('public.ecr.aws/docker/library/node:24-alpine'),
        outputType: BundlingOutput.SINGLE_FILE,
        local: {
          tryBundle(outputDir: string): boolean {
            buildSync({
              entryPoints: [entry],
              outfile: path.join(outputDir, PROXY_BUNDLE_FILE),
              bundle: true,
              platform: 'node',
              target: 'node24',
              format: 'esm',
              banner: { js: ESM_BUNDLE_BANNER },
              mainFields: ['module', 'main'],
              minify: true,
              sourcemap: 'inline',
              logLevel: 'warning',
            });
            return true;
          },
        },
      },
    });
  }
}
