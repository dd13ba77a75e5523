import { getBridgeSecurity, type BridgeSecurityOwner } from '../../data/bridge-security-repository';
import { TABLE_ITEMS, type ItemSource } from '../../data/item-source';
import { now as clockNow } from '../../platform/clock';
import { ForbiddenError, UnauthorizedError } from '../../platform/errors';
import { addressAllowed } from '../intake/sender-addresses';
import { SIGNATURE_HEADER, verifySignature } from '../intake/signature';
import { openSigningSecret } from './signing-secret';

export const SOURCE_NOT_ALLOWED_MESSAGE = 'This bridge does not take signals from this address';

export interface SenderRequest {
  readonly headers: Readonly<Record<string, string | undefined>>;
  readonly sourceIp: string;
  readonly body: string;
}

/**
 * The bridge's optional sender checks, after the URL's key named it: a listed source address (403) and
 * a valid signature (401). Nothing is stored for a refused request: it did not come from the sender.
 */
export async function checkSender(owner: BridgeSecurityOwner, bridgeId: string, request: SenderRequest, now = clockNow(), items: ItemSource = TABLE_ITEMS): Promise<void> {
  const security = await getBridgeSecurity(owner, bridgeId, items);
  if (!security) return;
  if (!addressAllowed(request.sourceIp, security.allowed_ips)) throw new ForbiddenError(SOURCE_NOT_ALLOWED_MESSAGE);
  const secret = await openSigningSecret(owner, security, now.getTime());
  if (secret === null) return;
  const verdict = verifySignature(request.headers[SIGNATURE_HEADER], request.body, secret, now);
  if (!verdict.ok) throw new UnauthorizedError(verdict.reason);
}
