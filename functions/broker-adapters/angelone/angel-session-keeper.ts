import { BrokerError, BrokerRejectedError, BrokerSessionExpiredError, BrokerUnavailableError } from '../http/broker-errors';
import type { Clock } from '../http/clock';
import type { AngelClient } from './angel-client';
import { ANGEL_BROKER, ANGEL_PATHS, ANGEL_SESSION_LIFETIME_MS } from './angel-config';
import { angelTokensData } from './angel-schemas';
import { bareJwt, type AngelSession } from './angel-session';

/**
 * Holds the current Angel session and renews it with `generateTokens` (§3.1) when the JWT is past its
 * validity or Angel refuses it. Concurrent callers share one renewal.
 */
export class AngelSessionKeeper {
  private renewal: Promise<AngelSession> | null = null;

  constructor(
    private session: AngelSession,
    private readonly client: AngelClient,
    private readonly clock: Clock,
    private readonly onRenewed: (session: AngelSession) => void,
  ) {}

  /** The session to use now, renewed first when it is past its validity. */
  async usable(): Promise<AngelSession> {
    return this.clock() >= this.session.validUntil ? this.renew(this.session.jwtToken) : this.session;
  }

  /** Renews unless another caller already replaced the refused JWT. */
  renew(refusedJwt: string): Promise<AngelSession> {
    if (this.session.jwtToken !== refusedJwt) return Promise.resolve(this.session);
    this.renewal ??= this.generateTokens().finally(() => {
      this.renewal = null;
    });
    return this.renewal;
  }

  private async generateTokens(): Promise<AngelSession> {
    let reading;
    try {
      reading = await this.client.send(
        {
          method: 'POST',
          path: ANGEL_PATHS.refresh,
          body: { refreshToken: this.session.refreshToken },
          rateClass: 'login',
          mode: 'write',
          schema: angelTokensData,
        },
        this.session.jwtToken,
      );
    } catch (error) {
      if (error instanceof BrokerRejectedError || error instanceof BrokerSessionExpiredError) {
        throw new BrokerSessionExpiredError(ANGEL_BROKER, 'refresh-failed');
      }
      // Whatever happened to the renewal, the caller's own request was never sent.
      if (error instanceof BrokerError) throw new BrokerUnavailableError(ANGEL_BROKER, `Could not renew the Angel One session: ${error.message}`);
      throw error;
    }
    if (reading.kind !== 'data') throw new BrokerSessionExpiredError(ANGEL_BROKER, 'refresh-failed');
    this.session = {
      ...this.session,
      jwtToken: bareJwt(reading.data.jwtToken),
      refreshToken: reading.data.refreshToken,
      feedToken: reading.data.feedToken ?? this.session.feedToken,
      validUntil: this.clock() + ANGEL_SESSION_LIFETIME_MS,
    };
    this.onRenewed(this.session);
    return this.session;
  }
}
