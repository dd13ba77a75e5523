/**
 * Keys of the set-password links of welcome mails (issue 19). The item is keyed by the SHA-256 digest of the
 * link's token (hex), never the token itself: a read of the table does not give anyone a working link.
 */
export const passwordLinkKeys = {
  item: (tokenDigestHex: string) => ({ PK: `PWLINK#${tokenDigestHex}`, SK: 'LINK' }),
};
