import type { RoleFlags } from '../../../shared/domain/roles';

/** The authenticated caller, derived from a verified token and the stored user. */
export interface Principal {
  readonly userId: number;
  readonly frchId: number;
  readonly roles: RoleFlags;
  readonly tokenIssuedAt: number;
  readonly tokenId: string;
}
