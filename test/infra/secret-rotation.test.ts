import { beforeAll, describe, expect, it } from 'vitest';
import type { Template } from 'aws-cdk-lib/assertions';
import { ROTATION_ENV } from '../../shared/config/env-names';
import { SECRET_ROTATION_DAYS } from '../../infra/lib/secret-rotation';
import { synthTemplate } from './support/test-stack';
import { resourcesOfType } from './support/template-queries';

let template: Template;
beforeAll(() => {
  template = synthTemplate();
});

describe('secret rotation', () => {
  it(`rotates the token signing secret and the origin secret every ${SECRET_ROTATION_DAYS} days with a Lambda of their own`, () => {
    const schedules = Object.values(resourcesOfType(template, 'AWS::SecretsManager::RotationSchedule'));
    const rotated = schedules.map((schedule) => JSON.stringify(schedule.Properties?.SecretId));
    expect(rotated.some((id) => id.includes('JwtSigningSecret'))).toBe(true);
    expect(rotated.some((id) => id.includes('OriginSecret'))).toBe(true);
    for (const schedule of schedules) {
      expect(schedule.Properties?.RotationRules).toMatchObject({ ScheduleExpression: `rate(${SECRET_ROTATION_DAYS} days)` });
      expect(schedule.Properties?.RotationLambdaARN).toBeDefined();
    }
    expect(new Set(schedules.map((schedule) => JSON.stringify(schedule.Properties?.RotationLambdaARN))).size).toBe(2);
  });

  it("lets only the origin secret's rotation change the distribution, named by id", () => {
    const functions = Object.values(resourcesOfType(template, 'AWS::Lambda::Function'));
    const originRotator = functions.filter((fn) => JSON.stringify(fn.Properties?.Environment ?? {}).includes(ROTATION_ENV.distributionId));
    expect(originRotator).toHaveLength(1);
    type Statement = { Action: string | string[]; Resource: unknown };
    const statements = Object.values(resourcesOfType(template, 'AWS::IAM::Policy')).flatMap((policy) => (policy.Properties?.PolicyDocument as { Statement: Statement[] }).Statement);
    const cloudFrontWrites = statements.filter((statement) => [statement.Action].flat().includes('cloudfront:UpdateDistribution'));
    expect(cloudFrontWrites).toHaveLength(1);
    expect(JSON.stringify(cloudFrontWrites[0]?.Resource)).toMatch(/distribution\//);
    expect(cloudFrontWrites[0]?.Resource).not.toBe('*');
  });
});
