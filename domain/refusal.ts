/**
 * Why the shop says no, in the shop's own terms. Services throw a Refusal; only the HTTP edge
 * (server/http/errors.ts) turns its kind into a status code and the `{success:false, message, errors}` body, so
 * a service reads the same whether it is called by a route, a job or a test.
 */
/**
 * `provider-failed`: a service the shop relies on (the payment provider) refused or could not be reached.
 * `rate-limited`: the caller has asked too often; the refusal says in how many seconds to ask again.
 */
export type RefusalKind = 'invalid' | 'unauthenticated' | 'forbidden' | 'not-found' | 'conflict' | 'provider-failed' | 'rate-limited';

/** A field the refusal names, with the words to show beside it. */
export interface RefusedField {
  field: string;
  message: string;
}

export class Refusal extends Error {
  constructor(
    readonly kind: RefusalKind,
    message: string,
    readonly errors?: readonly RefusedField[],
    /** When the caller may ask again, in seconds (a rate-limited refusal). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'Refusal';
  }
}

/** The thing asked for does not exist (or is not the caller's to see). */
export const notFoundRefusal = (message: string): Refusal => new Refusal('not-found', message);

/** A refusal about one field, which the form shows under that field. */
export const fieldRefusal = (kind: RefusalKind, field: string, message: string): Refusal => new Refusal(kind, message, [{ field, message }]);
