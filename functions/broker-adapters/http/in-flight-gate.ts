/**
 * At most N calls of one broker account on the wire at once. The per-account rate limiter paces how
 * many start per second; this gate bounds how many are open together, so one account's burst reuses
 * at most N keep-alive sockets while many accounts (a group fan-out) share the host's larger pool.
 */
export class InFlightGate {
  private open = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly limit: number) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.open >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.open += 1;
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.open -= 1;
    }
  }
}

const gates = new Map<string, InFlightGate>();

/** The gate of one account (`<broker>:<account>`), shared by every adapter of that account in this process. */
export function inFlightGateFor(accountKey: string, limit: number): InFlightGate {
  let gate = gates.get(accountKey);
  if (!gate) {
    gate = new InFlightGate(limit);
    gates.set(accountKey, gate);
  }
  return gate;
}
