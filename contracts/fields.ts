import { z } from 'zod';

/**
 * The building blocks every contract's fields are made of, so that what PostgreSQL cannot hold is refused once,
 * here, with a 400 naming the field, instead of reaching the database as a 500.
 */

/** The largest value of a PostgreSQL `serial`/`integer` column: every numeric id is at most this. */
export const MAX_SERIAL_ID = 2_147_483_647;

/** NUL (which a PostgreSQL text value cannot hold) or a UTF-16 surrogate without its pair (which UTF-8 cannot). */
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isStorableText(value: string): boolean {
  return !UNSTORABLE.test(value);
}

/** `z.string()` that refuses NUL characters and lone surrogates; chain `.min`, `.max`, `.trim`… as usual. */
export function text(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).refine(isStorableText, { error: 'must not contain NUL or unpaired surrogate characters', abort: true });
}

/**
 * A text field read by a domain parser: what `parse` makes of it, or `message` (a 400 naming the field) when it
 * gives null. Chain it after `text(...)` and its bounds: `.transform(parsedBy(parsePinRange, PINS_MESSAGE))`.
 */
export function parsedBy<T>(parse: (value: string) => T | null, message: string) {
  return (value: string, context: z.RefinementCtx): T => {
    const parsed = parse(value);
    if (parsed === null) {
      context.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return parsed;
  };
}

/**
 * A numeric id (a product, festival, review…): a whole number from 1 to 2³¹−1, sent as a JSON number or, where the
 * spec allows it (path parameters, the review form), as its decimal digits. `true`, `"0x10"`, `"1e3"`, `[5]` and
 * anything beyond an integer column are refused.
 */
export function serialId(message: string, options: { digits?: boolean } = {}) {
  const digits = options.digits ?? true;
  return z.preprocess(
    (value) => (digits && typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : value),
    z.number({ error: message }).int({ error: message }).min(1, { error: message }).max(MAX_SERIAL_ID, { error: message }),
  );
}
