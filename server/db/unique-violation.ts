/**
 * PostgreSQL's unique_violation (23505), as node-postgres and PGlite both report it, possibly wrapped by Drizzle
 * in an error whose `cause` carries the code; with `constraint`, only a violation of that index. Services turn it
 * into the refusal their field calls for.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  type Failure = { code?: string; constraint?: string };
  const failure = error as (Failure & { cause?: Failure }) | null;
  const reported = failure?.code === '23505' ? failure : failure?.cause?.code === '23505' ? failure.cause : null;
  return reported !== null && (constraint === undefined || reported.constraint === constraint);
}
