/**
 * Where per-record data keys come from (envelope encryption). `generate` answers a fresh 256-bit key in
 * plaintext (to use, then erase) and encrypted under the key-encryption key `kid` (to store);
 * `decrypt` turns a stored `edk` back into the key. `context` is bound to the wrapped key: a key
 * moved to another record fails to unwrap.
 */
export interface GeneratedDataKey {
  readonly kid: string;
  readonly plaintext: Buffer;
  readonly encrypted: Buffer;
}

export interface DataKeySource {
  generate(context: Readonly<Record<string, string>>): Promise<GeneratedDataKey>;
  decrypt(kid: string, encrypted: Buffer, context: Readonly<Record<string, string>>): Promise<Buffer>;
}
