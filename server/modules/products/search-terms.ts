/**
 * Turns a shopper's search text into a PostgreSQL prefix query ('pop' → 'pop:*'), so that a half-typed word
 * still finds 'Dark Poppy' when full-text stemming alone would not. Only letters, marks and digits survive,
 * which makes the result safe to hand to to_tsquery whatever was typed.
 */
export function prefixQuery(search: string): string | null {
  const terms = search
    .normalize('NFC')
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter((term) => term.length > 0)
    .slice(0, 8);
  if (terms.length === 0) return null;
  return terms.map((term) => `${term.toLowerCase()}:*`).join(' & ');
}
