import { beforeAll, describe, expect, it } from 'vitest';
import type { Template } from 'aws-cdk-lib/assertions';
import { ROUTE_GROUP_NAMES, type RouteGroupName } from '../../shared/contracts/route-groups';
import { synthTemplate, TEST_TENANT } from './support/test-stack';
import {
  actionsOf,
  allPolicyStatements,
  functionIdByDescription,
  referencedId,
  resourcesOfType,
  statementsOfFunctionRole,
} from './support/template-queries';

let template: Template;
beforeAll(() => {
  template = synthTemplate();
});

/** The bridges (webhook signals) and the groups that place orders (their status follow-ups, ADR 0017). */
const SIGNAL_SENDERS: readonly RouteGroupName[] = ['bridge', 'jsonbridge', 'broker', 'watchlist', 'groups', 'ordermanager', 'subusers', 'user'];
const USER_SECRET_HOLDERS: readonly RouteGroupName[] = ['broker', 'watchlist', 'scripts', 'groups', 'ordermanager', 'panelconfigs', 'payment', 'subusers'];
/** Groups that serve from the stored instrument master; they name the bucket too, to read it. */
const INSTRUMENT_MASTER_READERS: readonly RouteGroupName[] = ['broker', 'scripts', 'watchlist', 'groups'];

function groupActions(group: RouteGroupName): string[] {
  const id = functionIdByDescription(template, `TradeBridge ${TEST_TENANT} route group ${group}`);
  return statementsOfFunctionRole(template, id).flatMap(actionsOf);
}

function environmentOf(description: string): Record<string, unknown> {
  const fn = resourcesOfType(template, 'AWS::Lambda::Function')[functionIdByDescription(template, description)];
  return (fn?.Properties?.Environment as { Variables: Record<string, unknown> }).Variables;
}

/** The statement granting the private receipt images (`receipts/*` at the bucket root). */
const isReceiptStatement = (statement: Parameters<typeof actionsOf>[0]) => JSON.stringify(statement.Resource).includes('/receipts/*');

describe('least privilege', () => {
  it('never grants wildcard actions or Scan in any IAM policy', () => {
    const actions = allPolicyStatements(template).flatMap(actionsOf);
    expect(actions.length).toBeGreaterThan(0);
    for (const forbidden of ['*', 'dynamodb:*', 'sqs:*', 'dynamodb:Scan', 'kms:*', 's3:*']) {
      expect(actions, forbidden).not.toContain(forbidden);
    }
  });

  it('gives every function a role of its own, without managed policies, that may write only to its own log group', () => {
    const functions = Object.entries(resourcesOfType(template, 'AWS::Lambda::Function')).filter(([, fn]) =>
      String(fn.Properties?.Description).startsWith(`TradeBridge ${TEST_TENANT} `),
    );
    expect(functions.length).toBeGreaterThan(ROUTE_GROUP_NAMES.length);
    const roleIds = functions.map(([, fn]) => referencedId(fn.Properties?.Role));
    expect(new Set(roleIds).size).toBe(functions.length);
    for (const [id, fn] of functions) {
      const role = resourcesOfType(template, 'AWS::IAM::Role')[referencedId(fn.Properties?.Role) ?? ''];
      expect(role?.Properties?.ManagedPolicyArns, id).toBeUndefined();
      const logStatements = statementsOfFunctionRole(template, id).filter((statement) => actionsOf(statement).some((action) => action.startsWith('logs:')));
      const logGroupId = referencedId((fn.Properties?.LoggingConfig as { LogGroup: unknown }).LogGroup);
      expect(logStatements.map((statement) => ({ actions: actionsOf(statement), logGroup: referencedId(statement.Resource) })), id).toEqual([
        { actions: ['logs:CreateLogStream', 'logs:PutLogEvents'], logGroup: logGroupId },
      ]);
    }
  });

  it('names the table and its three indexes, never every index', () => {
    const tableStatements = allPolicyStatements(template).filter((statement) => actionsOf(statement).includes('dynamodb:Query'));
    expect(tableStatements.length).toBeGreaterThan(0);
    for (const statement of tableStatements) {
      const resources = JSON.stringify(statement.Resource);
      expect(resources).toMatch(/"\/index\/GSI1"/);
      expect(resources).toMatch(/"\/index\/GSI2"/);
      expect(resources).toMatch(/"\/index\/GSI3"/);
      expect(resources).not.toMatch(/index\/\*/);
    }
  });

  it('lets mail go out from the configured sender identity only (its address or its domain)', () => {
    const mail = allPolicyStatements(template).filter((statement) => actionsOf(statement).includes('ses:SendEmail'));
    // The auth, user and subusers route groups (the sub-user welcome mail and the first bulk-mail batch), and the bulk-mail schedule.
    expect(mail.length).toBe(4);
    for (const statement of mail) {
      const resources = JSON.stringify(statement.Resource);
      expect(resources).toContain(':identity/no-reply@example.com"');
      expect(resources).toContain(':identity/example.com"');
      expect(resources).not.toContain('identity/*');
    }
  });

  it('gives the meta group no table access at all', () => {
    expect(groupActions('meta').filter((action) => action.startsWith('dynamodb:'))).toEqual([]);
  });

  it.each(ROUTE_GROUP_NAMES.filter((group) => group !== 'meta'))('gives %s item-level table access only', (group) => {
    const tableActions = groupActions(group).filter((action) => action.startsWith('dynamodb:'));
    expect(new Set(tableActions)).toEqual(
      new Set([
        'dynamodb:GetItem',
        'dynamodb:BatchGetItem',
        'dynamodb:Query',
        'dynamodb:PutItem',
        'dynamodb:UpdateItem',
        'dynamodb:DeleteItem',
        'dynamodb:ConditionCheckItem',
        'dynamodb:BatchWriteItem',
      ]),
    );
  });

  it('lets only the bridges and the order-placing groups send to the signal queue, with its URL in their environment', () => {
    for (const group of ROUTE_GROUP_NAMES) {
      const sends = groupActions(group).includes('sqs:SendMessage');
      const hasQueueUrl = 'SIGNAL_QUEUE_URL' in environmentOf(`TradeBridge ${TEST_TENANT} route group ${group}`);
      expect({ group, sends, hasQueueUrl }).toEqual({
        group,
        sends: SIGNAL_SENDERS.includes(group),
        hasQueueUrl: SIGNAL_SENDERS.includes(group),
      });
    }
  });

  it('lets only the user group write uploaded files, under their prefixes, with the bucket in its environment', () => {
    for (const group of ROUTE_GROUP_NAMES) {
      const writes = groupActions(group).includes('s3:PutObject');
      const hasBucket = 'FILES_BUCKET' in environmentOf(`TradeBridge ${TEST_TENANT} route group ${group}`);
      expect({ group, writes, hasBucket }).toEqual({ group, writes: group === 'user' || group === 'payment', hasBucket: ['user', 'payment'].includes(group) || INSTRUMENT_MASTER_READERS.includes(group) });
    }
    const id = functionIdByDescription(template, `TradeBridge ${TEST_TENANT} route group user`);
    const s3 = statementsOfFunctionRole(template, id).filter((statement) => actionsOf(statement).includes('s3:PutObject'));
    expect(JSON.stringify(s3)).toMatch(/\/profile\/\*/);
    expect(JSON.stringify(s3)).toMatch(/\/whitelabel\/\*/);
    expect(JSON.stringify(s3)).not.toMatch(/"s3:\*"|"\/\*"/);
  });

  it('lets only the payment group keep bank transfer receipts, under receipts/ (outside the served files/)', () => {
    for (const group of ROUTE_GROUP_NAMES) {
      const id = functionIdByDescription(template, `TradeBridge ${TEST_TENANT} route group ${group}`);
      const receipts = statementsOfFunctionRole(template, id).filter(isReceiptStatement);
      expect({ group, keeps: receipts.length > 0 }).toEqual({ group, keeps: group === 'payment' });
      for (const statement of receipts) {
        expect([...actionsOf(statement)].sort()).toEqual(['s3:DeleteObject', 's3:GetObject', 's3:PutObject']);
        expect(JSON.stringify(statement.Resource)).not.toMatch(/files\//);
      }
    }
  });

  it('lets the master readers only read, and only the stored instrument master', () => {
    for (const group of ROUTE_GROUP_NAMES) {
      const id = functionIdByDescription(template, `TradeBridge ${TEST_TENANT} route group ${group}`);
      const s3 = statementsOfFunctionRole(template, id).filter((statement) => actionsOf(statement).some((action) => action.startsWith('s3:')));
      const reads = s3.filter((statement) => actionsOf(statement).includes('s3:GetObject') && !isReceiptStatement(statement));
      expect({ group, reads: reads.length > 0 }).toEqual({ group, reads: INSTRUMENT_MASTER_READERS.includes(group) });
      for (const statement of reads) {
        expect(actionsOf(statement)).toEqual(['s3:GetObject']);
        expect(JSON.stringify(statement.Resource)).toMatch(/\/master\/\*"/);
        expect(JSON.stringify(statement.Resource)).not.toMatch(/files\//);
      }
    }
  });

  it("lets the bulk-mail schedule send mail and open MAIL_CONFIG's password, with the sender in its environment", () => {
    const description = `TradeBridge ${TEST_TENANT} schedule bulk-mail`;
    const actions = statementsOfFunctionRole(template, functionIdByDescription(template, description)).flatMap(actionsOf);
    expect(actions).toEqual(expect.arrayContaining(['ses:SendEmail', 'kms:Decrypt', 'dynamodb:Query', 'dynamodb:UpdateItem', 'dynamodb:BatchWriteItem']));
    expect(actions.some((action) => action.startsWith('s3:'))).toBe(false);
    expect('MAIL_FROM' in environmentOf(description)).toBe(true);
    expect('SECRETS_KMS_KEY_ID' in environmentOf(description)).toBe(true);
  });

  it('lets the instrument-master refresh read and write the stored master only, and notify admins', () => {
    const id = functionIdByDescription(template, `TradeBridge ${TEST_TENANT} schedule instrument-master-refresh`);
    const statements = statementsOfFunctionRole(template, id);
    const s3 = statements.filter((statement) => actionsOf(statement).some((action) => action.startsWith('s3:')));
    expect(s3.flatMap(actionsOf).sort()).toEqual(['s3:GetObject', 's3:PutObject']);
    expect(JSON.stringify(s3.map((statement) => statement.Resource))).toMatch(/\/master\/\*"/);
    expect(JSON.stringify(s3.map((statement) => statement.Resource))).not.toMatch(/files\//);
    expect(statements.flatMap(actionsOf)).toEqual(expect.arrayContaining(['dynamodb:Query', 'dynamodb:PutItem', 'execute-api:ManageConnections']));
    expect('FILES_BUCKET' in environmentOf(`TradeBridge ${TEST_TENANT} schedule instrument-master-refresh`)).toBe(true);
  });

  it('lets the master mirror open broker sessions, read the stored master only, and run past a minute', () => {
    const description = `TradeBridge ${TEST_TENANT} schedule group-master-mirror`;
    const statements = statementsOfFunctionRole(template, functionIdByDescription(template, description));
    const actions = statements.flatMap(actionsOf);
    expect(actions).toEqual(expect.arrayContaining(['kms:Decrypt', 'dynamodb:Query', 'dynamodb:PutItem', 'execute-api:ManageConnections']));
    const s3 = statements.filter((statement) => actionsOf(statement).some((action) => action.startsWith('s3:')));
    expect(s3.flatMap(actionsOf)).toEqual(['s3:GetObject']);
    expect(JSON.stringify(s3.map((statement) => statement.Resource))).toMatch(/\/master\/\*"/);
    expect('SECRETS_KMS_KEY_ID' in environmentOf(description)).toBe(true);
    const fn = resourcesOfType(template, 'AWS::Lambda::Function')[functionIdByDescription(template, description)];
    expect(fn?.Properties?.Timeout).toBeGreaterThan(60);
  });

  it('lets only auth, user and subusers send mail, with the sender in their environment', () => {
    for (const group of ROUTE_GROUP_NAMES) {
      const mails = groupActions(group).includes('ses:SendEmail');
      const hasSender = 'MAIL_FROM' in environmentOf(`TradeBridge ${TEST_TENANT} route group ${group}`);
      const expected = group === 'auth' || group === 'user' || group === 'subusers';
      expect({ group, mails, hasSender }).toEqual({ group, mails: expected, hasSender: expected });
    }
  });

  it('lets only broker, panelconfigs and payment use the user secrets key', () => {
    for (const group of ROUTE_GROUP_NAMES) {
      const usesKey = groupActions(group).some((action) => action.startsWith('kms:'));
      const hasKeyId = 'SECRETS_KMS_KEY_ID' in environmentOf(`TradeBridge ${TEST_TENANT} route group ${group}`);
      expect({ group, usesKey, hasKeyId }).toEqual({
        group,
        usesKey: USER_SECRET_HOLDERS.includes(group),
        hasKeyId: USER_SECRET_HOLDERS.includes(group),
      });
    }
  });

  it('lets every route group read the JWT secret and push to realtime connections', () => {
    for (const group of ROUTE_GROUP_NAMES) {
      expect(groupActions(group), group).toEqual(
        expect.arrayContaining(['secretsmanager:GetSecretValue', 'execute-api:ManageConnections']),
      );
    }
  });

  it('lets the signal worker consume the queue, use the table and the user secrets key, but not send', () => {
    const workerId = functionIdByDescription(template, `TradeBridge ${TEST_TENANT} signal worker`);
    const actions = statementsOfFunctionRole(template, workerId).flatMap(actionsOf);
    expect(actions).toEqual(
      expect.arrayContaining([
        'sqs:ReceiveMessage',
        'sqs:DeleteMessage',
        'dynamodb:Query',
        'kms:GenerateDataKey',
        'kms:Decrypt',
        'execute-api:ManageConnections',
      ]),
    );
    expect(actions).not.toContain('sqs:SendMessage');
  });

  it('lets the realtime handler use the table and push, without queue or key access', () => {
    const id = functionIdByDescription(template, `TradeBridge ${TEST_TENANT} realtime connections`);
    const actions = statementsOfFunctionRole(template, id).flatMap(actionsOf);
    expect(actions).toEqual(expect.arrayContaining(['dynamodb:PutItem', 'execute-api:ManageConnections']));
    expect(actions.filter((action) => action.startsWith('sqs:') || action.startsWith('kms:'))).toEqual([]);
  });
});
