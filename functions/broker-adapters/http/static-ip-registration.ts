/**
 * Registering an account's static IPs with its broker, for the brokers that offer an API for it (Upstox,
 * Dhan; reference/money-hierarchy-egress.md §3.1) — the others are pasted into the broker's console by the user.
 */

/** The addresses to register: the slot's address as primary, and an optional secondary. */
export interface StaticIpPair {
  readonly primary: string;
  readonly secondary: string | null;
}

export interface IpRegistrationOutcome {
  /** The broker killed the account's access tokens (Upstox does on every change): the account must log in again. */
  readonly sessionInvalidated: boolean;
}
