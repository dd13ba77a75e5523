import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { describe, expect, it } from 'vitest';
import { ALL_CONTRACTS } from '../../shared/contracts/all';
import { defineCall } from '../../shared/contracts/define-call';
import { API_BASE_PATH } from '../../shared/domain/constants';
import { userKeys } from '../../functions/data/keys';
import { dynamo } from '../../functions/platform/clients';
import { config } from '../../functions/platform/config';
import { idInputsOf, idTakingContracts, OWNERSHIP_CASES } from '../support/access-control';
import { useGateway } from '../support/gateway';
import { createTestUser, type TestUser } from '../support/users';

const api = useGateway();
const SECOND_TENANT_HOST = 'tenant-two.localhost';

async function partitionSnapshot(user: TestUser) {
  const { Items = [] } = await dynamo().send(
    new QueryCommand({
      TableName: config().tableName,
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': userKeys.partition(user.user.frch_id, user.user.user_id) },
    }),
  );
  return Items;
}

describe('ownership matrix: another user or another tenant gets 404 and changes nothing', () => {
  const covered = idTakingContracts(ALL_CONTRACTS);

  it('has an ownership case for every signed-in call that names an object, and none stale', () => {
    expect(covered.map((c) => c.operationId).filter((id) => !OWNERSHIP_CASES[id])).toEqual([]);
    const known = new Set(covered.map((c) => c.operationId));
    expect(Object.keys(OWNERSHIP_CASES).filter((id) => !known.has(id))).toEqual([]);
  });

  it('detects calls that name objects by body field or path parameter', () => {
    const byBody = defineCall({ group: 'groups', method: 'POST', path: '/users/groups/getgroupbyid', role: 'user', summary: 's', request: z.object({ group_id: z.number() }), response: z.object({}) });
    const byPath = defineCall({ group: 'bridge', method: 'POST', path: '/users/bridge/x/{bridge}', role: 'user', summary: 's', response: z.object({}) });
    const none = defineCall({ group: 'user', method: 'GET', path: '/users/x', role: 'user', summary: 's', response: z.object({}) });
    expect(idInputsOf(byBody)).toEqual(['group_id']);
    expect(idInputsOf(byPath)).toEqual(['bridge']);
    expect(idTakingContracts([byBody, byPath, none])).toHaveLength(2);
  });

  for (const contract of covered) {
    it(`${contract.method} ${contract.path}`, async () => {
      const ownershipCase = OWNERSHIP_CASES[contract.operationId];
      if (!ownershipCase) throw new Error(`no ownership case for ${contract.operationId}`);
      // Prepare
      const [owner, stranger, foreigner] = await Promise.all([createTestUser({ frchId: 1 }), createTestUser({ frchId: 1 }), createTestUser({ frchId: 2 })]);
      const { body, pathParams = {}, form } = await ownershipCase.arrange(owner);
      const sent = form ? { rawBody: form.rawBody, headers: { 'content-type': form.contentType } } : { body };
      const path = contract.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(pathParams[name] ?? ''));
      const before = await partitionSnapshot(owner);
      // Act
      const asStranger = await api.call(contract.method, path, { token: stranger.token, ...sent });
      const asForeigner = await api.call(contract.method, path, { token: foreigner.token, ...sent, host: SECOND_TENANT_HOST });
      // Assess
      expect(asStranger.status, `${API_BASE_PATH}${path} as another user`).toBe(404);
      expect(asForeigner.status, `${API_BASE_PATH}${path} from another tenant`).toBe(404);
      expect(await partitionSnapshot(owner)).toEqual(before);
    });
  }
});

describe('self-scoped calls', () => {
  it("answers each user their own profile and refuses an attempt to name someone else's", async () => {
    const alice = await createTestUser();
    const bob = await createTestUser();
    const own = await api.call('GET', '/users/getuserprofile', { token: bob.token });
    expect(own.body).toMatchObject({ data: { user_id: bob.user.user_id, email: bob.user.email } });
    const naming = await api.call('GET', `/users/getuserprofile?user_id=${alice.user.user_id}`, { token: bob.token });
    expect(naming.status).toBe(400);
    expect(naming.text).not.toContain(alice.user.email);
  });
});
