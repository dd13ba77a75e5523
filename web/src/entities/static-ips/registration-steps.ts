import type { BrokerKind } from '@shared/domain/brokers';

/** How a broker learns the static IP an account sends its orders from. */
export interface IpRegistrationRule {
  /** True where the platform registers the address through the broker's API (Upstox, Dhan). */
  byPlatform: boolean;
  /** What happens, or what the user does, in the broker's own words for the place to go. */
  steps: string;
}

/**
 * The one table of per-broker registration steps (money-hierarchy-egress reference §3.1): Zerodha, Angel
 * One and Fyers only take the address in their own consoles; Upstox and Dhan have an API the platform calls.
 */
export const IP_REGISTRATION_RULES: Readonly<Record<BrokerKind, IpRegistrationRule>> = {
  paper: { byPlatform: true, steps: 'Paper trading needs no registration.' },
  zerodha: {
    byPlatform: false,
    steps: 'Open the Kite developer console, go to your profile and add this address under IP whitelist.',
  },
  angelone: {
    byPlatform: false,
    steps: 'Open your app in the SmartAPI dashboard and enter this address in the static IP field of the app form. Angel One takes IPv4 addresses only.',
  },
  fyers: {
    byPlatform: false,
    steps: "Open the Fyers API dashboard, edit your app's settings and add this address as its static IP.",
  },
  upstox: {
    byPlatform: true,
    steps: 'Registered by the platform. Upstox signs the account out when its address changes, so reconnect it afterwards.',
  },
  dhan: {
    byPlatform: true,
    steps: 'Registered by the platform. Dhan keeps the address for at least 7 days.',
  },
};

export type IpRegistrationState = 'registered' | 'register-yourself' | 'failed';

/** One line on where an account's registration stands. */
export function registrationSummary(state: IpRegistrationState, error: string | null): string {
  if (state === 'registered') return 'Registered by the platform';
  if (state === 'failed') return `Registration failed: ${error ?? 'the broker gave no reason.'}`;
  return 'Register it yourself in your broker’s console';
}
