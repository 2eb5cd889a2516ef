/**
 * Search words and the synonym list (attar = ittar, sandalwood = chandan): pure rules, used by the catalogue
 * search (server/modules/products/forgiving-search.ts) and the back office's synonym editor.
 */

/** At most this many words of a query are looked for; the rest of a pasted paragraph is ignored. */
export const MAX_SEARCH_WORDS = 8;
/** A word longer than this is cut: no note or potion name is longer, and trigram work grows with length. */
export const MAX_WORD_LENGTH = 40;
/** Words shorter than this are matched by prefix only: two letters share a trigram with half the catalogue. */
export const MIN_FUZZY_LENGTH = 3;

export const MAX_SYNONYM_GROUPS = 200;
export const MAX_GROUP_WORDS = 12;

/** The words of a shopper's query: letters, marks and digits only, lower-cased, capped in number and length. */
export function searchWords(search: string): string[] {
  return search
    .normalize('NFC')
    .toLowerCase()
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter((word) => word.length > 0)
    .slice(0, MAX_SEARCH_WORDS)
    .map((word) => word.slice(0, MAX_WORD_LENGTH));
}

/** A synonym word as stored: its letters and digits lower-cased, runs of anything else as one space. */
export function normaliseSynonym(word: string): string {
  return word
    .normalize('NFC')
    .toLowerCase()
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter((part) => part.length > 0)
    .join(' ')
    .slice(0, MAX_WORD_LENGTH);
}

export type SynonymGroups = string[][];

/**
 * The synonym list from the editor's text: one group a line, words separated by commas ("attar, ittar, itr").
 * Empty lines are skipped; a line with fewer than two distinct words is refused with its line number.
 */
export function parseSynonymText(text: string): { groups: SynonymGroups } | { error: string } {
  const groups: SynonymGroups = [];
  const lines = text.split(/\r?\n/);
  for (const [index, line] of lines.entries()) {
    if (line.trim() === '') continue;
    const words = [...new Set(line.split(',').map(normaliseSynonym).filter((word) => word.length > 0))];
    if (words.length < 2) return { error: `Line ${index + 1} needs at least two words separated by commas` };
    if (words.length > MAX_GROUP_WORDS) return { error: `Line ${index + 1} has more than ${MAX_GROUP_WORDS} words` };
    groups.push(words);
  }
  if (groups.length > MAX_SYNONYM_GROUPS) return { error: `At most ${MAX_SYNONYM_GROUPS} lines` };
  return { groups };
}

export function synonymText(groups: SynonymGroups): string {
  return groups.map((words) => words.join(', ')).join('\n');
}

/** Each query word with the words it stands for: itself first, then every word of the groups it belongs to. */
export function expandWords(words: string[], groups: SynonymGroups): string[][] {
  return words.map((word) => {
    const alternatives = [word];
    for (const group of groups) {
      if (!group.includes(word)) continue;
      for (const other of group) if (!alternatives.includes(other)) alternatives.push(other);
    }
    return alternatives;
  });
}
