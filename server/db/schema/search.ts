import { sql } from 'drizzle-orm';
import { check, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';

/**
 * Words a shopper may type for the same thing ("attar, ittar", "sandalwood, chandan"), one group per row, kept
 * by the back office. Catalogue search looks for every word of a group when any of them is typed
 * (products/forgiving-search.ts). Words are stored lower-cased.
 */
export const searchSynonyms = pgTable(
  'search_synonyms',
  {
    id: serial('id').primaryKey(),
    words: text('words').array().notNull(),
    position: integer('position').notNull().default(0),
  },
  (table) => [check('search_synonyms_two_words', sql`cardinality(${table.words}) >= 2`)],
);
