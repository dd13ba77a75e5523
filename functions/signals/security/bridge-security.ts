import { randomBytes } from 'node:crypto';
import { DEFAULT_SIGNAL_RETRY_WINDOW_SECONDS, DEFAULT_SIGNAL_VALIDITY_SECONDS, type BridgeSecurity, type BridgeSecurityChange, type SIGNING_CHANGES } from '../../../shared/contracts/bridge-security';
import { getBridgeSecurity, putBridgeSecurity, type BridgeSecurityItem, type BridgeSecurityOwner } from '../../data/bridge-security-repository';
import { TABLE_ITEMS, type ItemSource } from '../../data/item-source';
import type { BridgeKind } from '../../data/signals-repository';
import { now as clockNow } from '../../platform/clock';
import { ValidationError } from '../../platform/errors';
import { sealSecrets } from '../../platform/secrets/secret-box';
import { canonicalAddress, isAddress } from '../intake/sender-addresses';
import { signingSecretScope, SIGNING_SECRET_FIELD } from './signing-secret';

/** 256 random bits, prefixed so a trader can tell it from the webhook key. */
function newSigningSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

export function securityView(item: BridgeSecurityItem | null): BridgeSecurity {
  return {
    require_signature: item?.sealed_secret != null,
    secret_created_at: item?.secret_created_at ?? null,
    allowed_ips: item?.allowed_ips ?? [],
    signal_validity_seconds: item?.signal_validity_seconds ?? DEFAULT_SIGNAL_VALIDITY_SECONDS,
    retry_window_seconds: item?.retry_window_seconds ?? DEFAULT_SIGNAL_RETRY_WINDOW_SECONDS,
  };
}

export async function readBridgeSecurity(owner: BridgeSecurityOwner, bridgeId: string): Promise<BridgeSecurity> {
  return securityView(await getBridgeSecurity(owner, bridgeId));
}

function checkedAddresses(addresses: readonly string[]): string[] {
  const problems = addresses.flatMap((address, index) => (isAddress(address) ? [] : [{ path: `allowed_ips.${index}`, message: `${address} is not an IPv4 or IPv6 address.` }]));
  if (problems.length > 0) throw new ValidationError(problems, problems[0]?.message);
  return [...new Set(addresses.map(canonicalAddress))];
}

export interface SecurityChange {
  readonly signing: (typeof SIGNING_CHANGES)[number];
  readonly allowed_ips: readonly string[];
  readonly signal_validity_seconds?: number | undefined;
  readonly retry_window_seconds?: number | undefined;
}

/** The bridge's retry window in seconds (0 = off), read from items a caller may have prefetched. */
export async function signalRetryWindowSeconds(owner: BridgeSecurityOwner, bridgeId: string, items: ItemSource = TABLE_ITEMS): Promise<number> {
  return (await getBridgeSecurity(owner, bridgeId, items))?.retry_window_seconds ?? DEFAULT_SIGNAL_RETRY_WINDOW_SECONDS;
}

/** The bridge's validity window: how long after arrival its signals may still be executed. */
export async function signalValiditySeconds(owner: BridgeSecurityOwner, bridgeId: string, items: ItemSource = TABLE_ITEMS): Promise<number> {
  return (await getBridgeSecurity(owner, bridgeId, items))?.signal_validity_seconds ?? DEFAULT_SIGNAL_VALIDITY_SECONDS;
}

/** The caller has been checked to own the bridge. A made secret is answered here once, and only sealed kept. */
export async function changeBridgeSecurity(owner: BridgeSecurityOwner, bridgeKind: BridgeKind, bridgeId: string, change: SecurityChange, now = clockNow()): Promise<BridgeSecurityChange> {
  const allowedIps = checkedAddresses(change.allowed_ips);
  const current = await getBridgeSecurity(owner, bridgeId);
  const makesSecret = change.signing === 'rotate' || (change.signing === 'on' && !current?.sealed_secret);
  const secret = makesSecret ? newSigningSecret() : null;
  const keeps = change.signing === 'keep' || (change.signing === 'on' && !makesSecret);
  const sealed = secret ? await sealSecrets(signingSecretScope(owner, bridgeId), { [SIGNING_SECRET_FIELD]: secret }) : keeps ? (current?.sealed_secret ?? null) : null;
  const createdAt = secret ? now.toISOString() : keeps ? (current?.secret_created_at ?? null) : null;
  const stored = await putBridgeSecurity(
    owner,
    {
      bridge_id: bridgeId,
      bridge_kind: bridgeKind,
      sealed_secret: sealed,
      secret_created_at: createdAt,
      allowed_ips: allowedIps,
      signal_validity_seconds: change.signal_validity_seconds ?? current?.signal_validity_seconds ?? DEFAULT_SIGNAL_VALIDITY_SECONDS,
      retry_window_seconds: change.retry_window_seconds ?? current?.retry_window_seconds ?? DEFAULT_SIGNAL_RETRY_WINDOW_SECONDS,
    },
    now,
  );
  return { ...securityView(stored), signing_secret: secret };
}
