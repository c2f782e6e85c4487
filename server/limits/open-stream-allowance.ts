import { AppError } from '../../core/errors/index.ts';

export interface OpenStreamLimits {
  /** Streams and live sockets one person (a signed-in user, or a guest by their hashed address) may hold open. */
  perPerson: number;
  /** ...and one address, whoever is signed in. */
  perAddress: number;
}

export const TOO_MANY_OPEN_STREAMS = 'Too many open streams at once. Please close some tabs and try again.';

/**
 * Counts the long-lived connections (resumed event streams, live sockets) each person and each address holds open on
 * this server, so one account cannot pin the server's memory with a thousand idle readers. In-process: every server
 * counts its own, which bounds what any one of them can be made to hold.
 */
export class OpenStreamAllowance {
  private readonly open = new Map<string, number>();

  constructor(private readonly limits: OpenStreamLimits) {}

  /** Takes one slot for the person and the address, or throws a 429; the returned function gives them back (once). */
  take(personKey: string, addressKey: string): () => void {
    const person = `person:${personKey}`;
    const address = `address:${addressKey}`;
    if ((this.open.get(person) ?? 0) >= this.limits.perPerson || (this.open.get(address) ?? 0) >= this.limits.perAddress) {
      throw new AppError('RATE_LIMIT_ERROR', TOO_MANY_OPEN_STREAMS);
    }
    this.change(person, 1);
    this.change(address, 1);
    let given = false;
    return () => {
      if (given) return;
      given = true;
      this.change(person, -1);
      this.change(address, -1);
    };
  }

  /** Connections held open now by one person (for tests and metrics). */
  heldBy(personKey: string): number {
    return this.open.get(`person:${personKey}`) ?? 0;
  }

  private change(key: string, by: number): void {
    const next = (this.open.get(key) ?? 0) + by;
    if (next <= 0) this.open.delete(key);
    else this.open.set(key, next);
  }
}
