import type { BrokerKind } from '@shared/domain/brokers';
import { pathTo, paths } from '@/config/paths';

/** /user/demat/<broker>?sub_user_id=<id>: where a parent connects an account of that broker for the sub-user. */
export function userDematLink(broker: BrokerKind, subUserId: number): string {
  return `${pathTo(paths.userDemat, { broker_id: broker })}?${new URLSearchParams({ sub_user_id: String(subUserId) }).toString()}`;
}

/** /user/<id>: one sub-user's details. */
export function subUserLink(subUserId: number): string {
  return pathTo(paths.subUser, { sub_user_id: subUserId });
}
