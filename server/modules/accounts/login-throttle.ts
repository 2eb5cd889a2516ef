import type { RateCounter } from '../../http/rate-counter.ts';
import { tooMany } from '../../http/rate-counter.ts';

export const LOGIN_WINDOW_MS = 15 * 60_000;
export const LOGIN_MAX_ATTEMPTS = 10;

const limit = { max: LOGIN_MAX_ATTEMPTS, windowMs: LOGIN_WINDOW_MS };

const refusal = (retryAfterSeconds: number) =>
  tooMany(retryAfterSeconds, `Too many failed sign-in attempts. Please try again in ${Math.ceil(retryAfterSeconds / 60)} minute(s).`);

/**
 * Sign-in attempts are counted before any password is checked, in the database, so a burst of parallel guesses
 * gets no more than ten verifications in fifteen minutes however many server processes share the load.
 *
 * An attempt on an existing account counts against that account alone: a correct password for an account that
 * is not itself locked is never refused because someone else's guesses came from the same address (a shared
 * office or mobile network, the admin's own network). Attempts on e-mails that have no account count against
 * the address instead, which stops anyone from probing for accounts at scale.
 */
export class LoginThrottle {
  constructor(private readonly counter: RateCounter) {}

  /** Counts an attempt on an existing account; 429 with Retry-After past ten in the window. */
  async attemptOnAccount(email: string): Promise<void> {
    const hit = await this.counter.hit(`login:account:${email}`, limit);
    if (!hit.allowed) throw refusal(hit.retryAfterSeconds);
  }

  /** Counts an attempt on an e-mail with no account; 429 with Retry-After past ten from one address. */
  async attemptOnUnknown(ip: string): Promise<void> {
    const hit = await this.counter.hit(`login:address:${ip}`, limit);
    if (!hit.allowed) throw refusal(hit.retryAfterSeconds);
  }

  /** A correct password starts the account's count afresh. */
  async succeeded(email: string): Promise<void> {
    await this.counter.reset(`login:account:${email}`);
  }
}
