import { and, or, sql, type SQL } from 'drizzle-orm';
import { expandWords, MIN_FUZZY_LENGTH, searchWords, type SynonymGroups } from '../../../domain/search-synonyms.ts';
import { products } from '../../db/schema/index.ts';
import { prefixQuery } from './search-terms.ts';

/**
 * A potion's name and notes as one lower-case text for trigram matching. The same expression as the index
 * `products_search_text_trgm_idx` (migration 0041), keys of the notes taken out so "heart" finds no potion.
 */
export const searchText = sql<string>`lower(${products.name} || ' ' || regexp_replace(${products.notes}::text, '"(top|heart|base)":', ' ', 'g'))`;

export interface SearchMatch {
  where: SQL;
  rank: SQL<number>;
}

/**
 * The full-text match the catalogue had before trigrams: stemmed words ('poppies' finds 'Poppy') or, for
 * half-typed words, a prefix match ('pop' finds it too), ranked by ts_rank.
 */
export function fullTextMatch(search: string): SearchMatch {
  const prefix = prefixQuery(search);
  const stemmed = sql`${products.searchVector} @@ websearch_to_tsquery('english', ${search})`;
  const where = prefix ? or(stemmed, sql`${products.searchVector} @@ to_tsquery('simple', ${prefix})`)! : stemmed;
  const rankQuery = prefix ? sql`to_tsquery('simple', ${prefix})` : sql`websearch_to_tsquery('english', ${search})`;
  return { where, rank: sql<number>`ts_rank(${products.searchVector}, ${rankQuery})` };
}

/** One word (or a synonym of it) close enough to a word of the potion's name, notes or category (pg_trgm `<%`). */
function wordMatches(alternatives: string[]): SQL {
  const inText = alternatives.map((word) => sql`${word} <% ${searchText}`);
  const inCategory = alternatives.map((word) => sql`${word} <% lower(c.name)`);
  return sql`(${sql.join(inText, sql` or `)} or exists (select 1 from categories c where c.id = ${products.categoryId} and (${sql.join(inCategory, sql` or `)})))`;
}

function closeness(alternatives: string[]): SQL<number> {
  return sql<number>`greatest(${sql.join(
    alternatives.map((word) => sql`word_similarity(${word}, ${searchText})`),
    sql`, `,
  )})`;
}

/**
 * Search that forgives (decision record 0064): the full-text match, or every word of the query found by trigram
 * word similarity ("vetivr" → Vetiver, "oudh" → Oud) among the name, notes and category, each word standing also
 * for its synonyms ("chandan" → Sandalwood). Full-text matches rank first; closer spellings before farther ones.
 * Words under three letters are matched by prefix only.
 */
export function forgivingMatch(search: string, synonyms: SynonymGroups): SearchMatch {
  const exact = fullTextMatch(search);
  const words = expandWords(searchWords(search), synonyms);
  if (words.length === 0) return exact;
  const fuzzy = words.map((alternatives) => {
    const word = alternatives[0]!;
    if (word.length >= MIN_FUZZY_LENGTH) return wordMatches(alternatives);
    return sql`${products.searchVector} @@ to_tsquery('simple', ${`${word}:*`})`;
  });
  const similarity = sql.join(
    words.map((alternatives) => (alternatives[0]!.length >= MIN_FUZZY_LENGTH ? closeness(alternatives) : sql`0`)),
    sql` + `,
  );
  return {
    where: or(exact.where, and(...fuzzy))!,
    // A full-text match adds 1, so it always ranks before a merely similar spelling.
    rank: sql<number>`(case when ${exact.where} then 1 else 0 end + ${exact.rank} + (${similarity}) / ${words.length})`,
  };
}

/** The potions closest to a query that matched nothing, by their best word similarity, most similar first. */
export function suggestionOrder(search: string, synonyms: SynonymGroups): { where: SQL; order: SQL<number> } | null {
  const words = expandWords(searchWords(search), synonyms).filter((alternatives) => alternatives[0]!.length >= MIN_FUZZY_LENGTH);
  if (words.length === 0) return null;
  const best = sql<number>`greatest(${sql.join(
    words.map((alternatives) => closeness(alternatives)),
    sql`, `,
  )})`;
  return { where: sql`${best} >= 0.3`, order: best };
}
