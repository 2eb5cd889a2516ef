import type { RateCounter, RateLimit } from './rate-counter.ts';

/** Refuses a client address past its limit with 429 and Retry-After; counts the attempt otherwise. */
export type AddressLimit = (address: string) => Promise<void>;

/** Refuses a key (a customer, a form and address) past its limit with 429 and Retry-After. */
export type KeyLimit = (key: string) => Promise<void>;

export function inWords(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/**
 * A limit per client address kept in the database, so parallel requests and several server processes share one
 * count. `what` finishes the shopper's sentence "Too many … from this network".
 */
export function addressLimit(counter: RateCounter, name: string, limit: RateLimit, what: string): AddressLimit {
  return (address) => counter.take(`${name}:address:${address}`, limit, (retryAfter) => `Too many ${what} from this network. Please try again in ${inWords(retryAfter)}.`);
}

/**
 * A limit per any key (a customer's id, say), kept in the database like the address limits. `refusal` words the
 * 429 for the shopper from the seconds until the window ends.
 */
export function keyLimit(counter: RateCounter, name: string, limit: RateLimit, refusal: (wait: string) => string): KeyLimit {
  return (key) => counter.take(`${name}:${key}`, limit, (retryAfter) => refusal(inWords(retryAfter)));
}
