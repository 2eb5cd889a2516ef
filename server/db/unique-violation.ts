/**
 * PostgreSQL's unique_violation (23505), as node-postgres and PGlite both report it, possibly wrapped by Drizzle
 * in an error whose `cause` carries the code. Services turn it into the refusal their field calls for.
 */
export function isUniqueViolation(error: unknown): boolean {
  const failure = error as { code?: string; cause?: { code?: string } } | null;
  return (failure?.code ?? failure?.cause?.code) === '23505';
}
