import { beforeAll, describe, expect, it } from 'vitest';
import { type SecurityScan, scanWithAwsSolutions } from './support/security-scan';
import { TEST_TENANT, testConfig } from './support/test-stack';

/**
 * Issue 14 item 8: the synthesised stack passes cdk-nag's AwsSolutions pack. Every finding is either
 * fixed in the construct or acknowledged next to it with a one-line reason; none may remain.
 */
let withoutDomain: SecurityScan;
let withDomain: SecurityScan;
beforeAll(() => {
  withoutDomain = scanWithAwsSolutions();
  withDomain = scanWithAwsSolutions(
    testConfig({
      stage: 'prod',
      domainNames: ['trade.example.com'],
      certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc',
    }),
  );
});

/** Our own acknowledgements (aws-cdk-lib records a few of its own, for other validators). */
const awsSolutionsAcknowledgements = (scan: SecurityScan) => scan.acknowledgements.filter(({ rule }) => rule.startsWith('AwsSolutions-'));

describe('cdk-nag AwsSolutions', () => {
  it('leaves no unacknowledged finding', () => {
    expect(withoutDomain.findings).toEqual([]);
  });

  it('gives every acknowledgement a one-line reason', () => {
    expect(awsSolutionsAcknowledgements(withoutDomain).length).toBeGreaterThan(0);
    for (const { rule, constructPath, reason } of awsSolutionsAcknowledgements(withoutDomain)) {
      expect(reason.trim().length, `${rule} on ${constructPath}`).toBeGreaterThan(20);
      expect(reason, `${rule} on ${constructPath}`).not.toMatch(/\n/);
    }
  });

  it('acknowledges nothing stack-wide: each acknowledgement sits on the construct it concerns', () => {
    const stackWide = awsSolutionsAcknowledgements(withoutDomain).filter(({ constructPath }) => !constructPath.includes('/'));
    expect(stackWide).toEqual([]);
  });

  it('acknowledges the TLS minimum only on the default CloudFront certificate', () => {
    const tlsAcknowledgements = (scan: SecurityScan) =>
      awsSolutionsAcknowledgements(scan).filter(({ rule }) => rule === 'AwsSolutions-CFR4').map(({ constructPath }) => constructPath);
    expect(tlsAcknowledgements(withoutDomain)).toEqual([`TradeBridge-${TEST_TENANT}/Web/Distribution`]);
    expect(tlsAcknowledgements(withDomain)).toEqual([]);
    expect(withDomain.findings.filter(({ rule }) => rule === 'AwsSolutions-CFR4')).toEqual([]);
  });
});
