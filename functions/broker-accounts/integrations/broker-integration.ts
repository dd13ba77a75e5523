import type { BrokerAdapter } from '../../broker-adapters/broker-adapter';
import type { IpRegistrationOutcome, StaticIpPair } from '../../broker-adapters/http/static-ip-registration';
import type { AccountOwner, BrokerAccountItem } from '../../data/broker-accounts-repository';
import type { Logger } from '../../platform/logger';

/** What the account flows know about the request: its log, its time and where a broker's login redirect returns. */
export interface LoginContext {
  readonly log: Logger;
  readonly now: Date;
  /** The tenant's `/platform/dematconnected` URL, registered with the user's broker app. */
  readonly redirectUri: string;
}

export interface ConnectOutcome {
  readonly account: BrokerAccountItem;
  /** Redirect brokers: the broker's login page to open; the account connects when the login completes. */
  readonly loginUrl: string | null;
}

/**
 * An account's broker for the length of one use-case: the adapter, and `close()` to run when done
 * (a broker may renew its session during calls; the newest one is stored then, and the account as
 * stored afterwards is answered — null when nothing changed).
 */
export interface BrokerConnection {
  readonly adapter: BrokerAdapter;
  close(): Promise<BrokerAccountItem | null>;
}

/** Everything the platform does with one broker kind, so the account flows never branch on the broker. */
export interface BrokerIntegration {
  /** Adds an account with the credentials the contract checked (none for paper). */
  connect(owner: AccountOwner, credentials: Readonly<Record<string, string>>, context: LoginContext): Promise<ConnectOutcome>;
  /** Logs an existing account in again with what is stored, or answers the login page to open. */
  reconnect(owner: AccountOwner, account: BrokerAccountItem, context: LoginContext): Promise<ConnectOutcome>;
  /** Redirect brokers only: exchanges the single-use token the redirect carried for a session. */
  readonly completeRedirect?: (owner: AccountOwner, account: BrokerAccountItem, token: string, context: LoginContext) => Promise<BrokerAccountItem>;
  /** The account's adapter over its stored session; BrokerSessionExpiredError when there is none. */
  open(owner: AccountOwner, account: BrokerAccountItem, log: Logger): Promise<BrokerConnection>;
  /**
   * Brokers with a registration API (Upstox, Dhan): registers the account's static IPs with the broker over its
   * stored session. A refusal (e.g. the weekly change rule) is a BrokerRejectedError in the broker's words;
   * `sessionInvalidated` = the broker killed the session (Upstox on every change), so the account must log in again.
   */
  readonly registerStaticIps?: (owner: AccountOwner, account: BrokerAccountItem, ips: StaticIpPair, log: Logger) => Promise<IpRegistrationOutcome>;
}

export const nothingToClose = async (): Promise<null> => null;
