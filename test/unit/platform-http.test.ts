import * as z from 'zod';
import { describe, expect, it } from 'vitest';
import { defineCall } from '../../shared/contracts/define-call';
import { groupForUnmatchedPath } from '../../shared/contracts/route-groups';
import { canMoveBrokerStatus } from '../../shared/domain/states';
import { hasRole } from '../../shared/domain/roles';
import { redact, REDACTED } from '../../functions/platform/logger';
import { definePublicRoute } from '../../functions/platform/http/route';
import { createRouter } from '../../functions/platform/http/router';

const call = (method: 'GET' | 'POST', path: string) =>
  definePublicRoute(defineCall({ group: 'bridge', method, path, role: 'public', summary: path, response: z.object({}) }), async () => ({
    data: {},
    message: 'ok',
  }));

describe('router', () => {
  const router = createRouter([
    call('POST', '/users/bridge/webhook/{key}'),
    call('POST', '/users/bridge/webhook/info'),
    call('GET', '/users/bridge/getuserbridge'),
  ]);

  it('prefers a literal path over a parameterised one and decodes parameters', () => {
    const literal = router.match('POST', '/users/bridge/webhook/info');
    expect(literal.kind === 'route' && literal.route.contract.path).toBe('/users/bridge/webhook/info');
    const param = router.match('POST', '/users/bridge/webhook/a%20b');
    expect(param.kind === 'route' && param.params).toEqual({ key: 'a b' });
  });

  it('tells a wrong method (405) from an unknown path (404)', () => {
    expect(router.match('POST', '/users/bridge/getuserbridge')).toEqual({ kind: 'wrong-method', allowed: ['GET'] });
    expect(router.match('GET', '/users/bridge/nothing')).toEqual({ kind: 'none' });
  });

  it('refuses two routes with the same method and path', () => {
    expect(() => createRouter([call('GET', '/x'), call('GET', '/x')])).toThrow(/Duplicate/);
  });
});

describe('route groups', () => {
  it('gives an unmatched path to the group of its longest prefix', () => {
    expect(groupForUnmatchedPath('/users/groups/strategies/x')).toBe('strategies');
    expect(groupForUnmatchedPath('/users/groups/x')).toBe('groups');
    expect(groupForUnmatchedPath('/users/broker/group/x')).toBe('groups');
    expect(groupForUnmatchedPath('/users/broker/direct/x')).toBe('broker');
    expect(groupForUnmatchedPath('/users/anything')).toBe('user');
    expect(groupForUnmatchedPath('/elsewhere')).toBe('meta');
  });
});

describe('logger redaction', () => {
  it('replaces secret-looking keys at any depth and keeps the rest', () => {
    const out = redact({ email: 'a@b.c', password: 'p', nested: { access_token: 't', list: [{ apiKey: 'k', qty: 1 }] }, Authorization: 'Bearer x' });
    expect(out).toEqual({ email: 'a@b.c', password: REDACTED, nested: { access_token: REDACTED, list: [{ apiKey: REDACTED, qty: 1 }] }, Authorization: REDACTED });
  });
});

describe('roles and states', () => {
  const none = { is_brokerpanel: false, is_white_label: false, can_add_subuser: false, is_ip_enable: false };
  it('derives call roles from profile flags (spec §6)', () => {
    expect(hasRole(none, 'user')).toBe(true);
    expect(hasRole(none, 'parent')).toBe(false);
    expect(hasRole({ ...none, is_white_label: true }, 'parent')).toBe(true);
    expect(hasRole({ ...none, is_white_label: true }, 'whiteLabelOrPanel')).toBe(true);
    expect(hasRole({ ...none, is_white_label: true }, 'brokerPanel')).toBe(false);
    expect(hasRole({ ...none, is_ip_enable: true }, 'ipEnabled')).toBe(true);
  });

  it('allows broker status moves available → connected → expired → deleted only', () => {
    expect(canMoveBrokerStatus('available', 'connected')).toBe(true);
    expect(canMoveBrokerStatus('connected', 'expired')).toBe(true);
    expect(canMoveBrokerStatus('deleted', 'connected')).toBe(false);
    expect(canMoveBrokerStatus('available', 'expired')).toBe(false);
  });
});

describe('access-log paths', () => {
  it('keeps a webhook path but never its key', async () => {
    const { loggablePath } = await import('../../functions/platform/http/middlewares');
    expect(loggablePath('/api/v4/users/jsonbridge/webhook/01JBRIDGE/abcDEF123_-')).toBe('/api/v4/users/jsonbridge/webhook/01JBRIDGE/[redacted]');
    expect(loggablePath('/api/v4/users/bridge/webhook/KEY123')).toBe('/api/v4/users/bridge/webhook/[redacted]');
    expect(loggablePath('/api/v4/users/getuserprofile')).toBe('/api/v4/users/getuserprofile');
  });
});
