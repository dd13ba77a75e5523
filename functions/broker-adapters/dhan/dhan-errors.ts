/**
 * Dhan error codes (reference/brokers.md §6.9; dhanhq.co annexure) grouped by what they mean for the
 * caller. Trading APIs answer `DH-9xx`; Data APIs (market quote) answer numeric `8xx`. Codes not listed
 * are refusals of the request.
 */
export type DhanErrorMeaning = 'session' | 'rate-limit' | 'server' | 'rejected';

export const DHAN_ERROR_MEANINGS: Readonly<Record<string, DhanErrorMeaning>> = {
  /** Client id or access token invalid or expired. */
  'DH-901': 'session',
  'DH-904': 'rate-limit',
  /** Internal server error, network error between Dhan's gateway and its back end. */
  'DH-908': 'server',
  'DH-909': 'server',
  '800': 'server',
  '805': 'rate-limit',
  /** Access token expired / authentication failed / token invalid / client id invalid. */
  '807': 'session',
  '808': 'session',
  '809': 'session',
  '810': 'session',
};

export function dhanErrorMeaning(code: string): DhanErrorMeaning {
  return DHAN_ERROR_MEANINGS[code] ?? 'rejected';
}
