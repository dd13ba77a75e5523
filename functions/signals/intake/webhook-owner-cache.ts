/**
 * Per warm runtime: whose bridge a webhook credential named when it was last looked up. This is what
 * lets a warm container skip the key lookup's round trip. It is safe because the cache is never the
 * authority:
 * - a presented key uses an entry only when its hash equals the hash the entry remembers;
 * - the bridge item, read fresh and consistent on every request, must still carry that hash.
 *
 * So a reset key stops working at once (the bridge item carries the new hash), and a deleted bridge is
 * 401 (no bridge item). A mismatch forgets the entry. Only ids and hashes are kept, never a key. The
 * map is bounded, oldest entry out first.
 */
export interface WebhookOwner {
  readonly userId: number;
  readonly bridgeId: string;
  /** Hex SHA-256 of the key this owner was found by. */
  readonly keyHash: string;
}

const MAX_ENTRIES = 10_000;
const owners = new Map<string, WebhookOwner>();

export function cachedWebhookOwner(credential: string): WebhookOwner | null {
  return owners.get(credential) ?? null;
}

export function rememberWebhookOwner(credential: string, owner: WebhookOwner): void {
  owners.delete(credential);
  owners.set(credential, owner);
  if (owners.size > MAX_ENTRIES) {
    const oldest = owners.keys().next();
    if (!oldest.done) owners.delete(oldest.value);
  }
}

export function forgetWebhookOwner(credential: string): void {
  owners.delete(credential);
}
