import { randomInt } from 'node:crypto';
import { ulid } from 'ulid';
import { putSlotIfAbsent } from '../../functions/data/static-ips/static-ips-repository';
import { now } from '../../functions/platform/clock';

/**
 * An assigned static-IP slot written straight into a franchise's pool (never a free one, so no other test
 * can buy or count it), owned by `ownerId` and held by `holderId`, paid for ten years and outside the
 * renewal schedule. For the access matrices, which need an IP that belongs to someone in franchise 1 or 2.
 */
export async function arrangeAssignedSlot(frchId: number, ownerId: number, holderId = ownerId): Promise<string> {
  const at = now();
  const ipId = ulid(at.getTime());
  const address = `198.51.100.${randomInt(1, 255)}`;
  await putSlotIfAbsent(
    {
      ip_id: ipId,
      frch_id: frchId,
      address,
      bind_address: address,
      proxy_url: 'http://127.0.0.1:9',
      version: 'IPv4',
      state: 'assigned',
      owner_user_id: ownerId,
      holder_user_id: holderId,
      assigned_at: at.toISOString(),
      holder_changed_at: null,
      expires_at: new Date(at.getTime() + 3650 * 86_400_000).toISOString(),
      auto_renew: false,
      label: 'access matrix',
      role: 'primary',
      quarantined_until: null,
      account_ids: [],
      renewal_notice_for: null,
      renewal_due_at: null,
    },
    at,
  );
  return ipId;
}
