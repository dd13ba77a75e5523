import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { TenantConfig } from '../../../infra/config/tenant-config';
import { stackNameFor, TradeBridgeStack } from '../../../infra/lib/tradebridge-stack';
import { fakeWebDist, testConfig } from './test-stack';

/** One unacknowledged cdk-nag finding: the rule (with its finding id, if any) and the construct it concerns. */
export interface SecurityFinding {
  readonly rule: string;
  readonly constructPath: string;
}

/** One acknowledgement recorded in the construct tree (`Validations.of(…).acknowledge`), with its reason. */
export interface Acknowledgement {
  readonly rule: string;
  readonly constructPath: string;
  readonly reason: string;
}

export interface SecurityScan {
  readonly findings: SecurityFinding[];
  readonly acknowledgements: Acknowledgement[];
}

/** The parts of CDK's `validation-report.json` the scan reads. */
interface ValidationReport {
  readonly pluginReports?: readonly {
    readonly violations?: readonly {
      readonly ruleName: string;
      readonly violatingConstructs?: readonly { readonly constructPath?: string }[];
    }[];
  }[];
}

/**
 * Synthesises one tenant stack with the cdk-nag AwsSolutions pack and returns every finding that was
 * neither fixed nor acknowledged, sorted, and every acknowledgement in the tree. Synthesis throws
 * "ValidationFailed" when findings remain; the report CDK writes into the app's output folder is read either way.
 */
export function scanWithAwsSolutions(config: TenantConfig = testConfig()): SecurityScan {
  const outdir = mkdtempSync(path.join(tmpdir(), 'tradebridge-nag-'));
  const app = new App({ outdir, context: { 'aws:cdk:bundling-stacks': [] } });
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  new TradeBridgeStack(app, stackNameFor(config.tenant), { config, webDistPath: fakeWebDist() });
  try {
    app.synth();
  } catch (error) {
    // Anything else than the validation verdict (a broken construct, say) is a real failure.
    if (!(error instanceof Error) || error.name !== 'ValidationFailed') throw error;
  }
  const findings = findingsOf(path.join(outdir, 'validation-report.json'));
  rmSync(outdir, { recursive: true, force: true });
  return { findings, acknowledgements: acknowledgementsOf(app) };
}

/** Acknowledged ids are stored with CDK's annotation prefix (`Annotation::AwsSolutions-…`); the rule is what follows. */
function acknowledgementsOf(app: App): Acknowledgement[] {
  return app.node.findAll().flatMap((construct) =>
    construct.node.metadata
      .filter((entry) => entry.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY)
      .flatMap((entry) => Object.entries(entry.data as Record<string, string>))
      .map(([id, reason]) => ({ rule: id.replace(/^annotation::/i, ''), constructPath: construct.node.path, reason })),
  );
}

function findingsOf(reportFile: string): SecurityFinding[] {
  if (!existsSync(reportFile)) return [];
  const report = JSON.parse(readFileSync(reportFile, 'utf8')) as ValidationReport;
  const findings = (report.pluginReports ?? []).flatMap((plugin) =>
    (plugin.violations ?? []).flatMap((violation) =>
      (violation.violatingConstructs ?? []).map((construct) => ({
        rule: violation.ruleName,
        constructPath: construct.constructPath ?? '(unknown)',
      })),
    ),
  );
  return findings.sort((a, b) => `${a.rule} ${a.constructPath}`.localeCompare(`${b.rule} ${b.constructPath}`));
}
