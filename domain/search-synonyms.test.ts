import { describe, expect, it } from 'vitest';
import { expandWords, parseSynonymText, searchWords, synonymText } from './search-synonyms.ts';

describe('search words', () => {
  it('keeps letters and digits, lower-cased, at most eight words of at most forty letters', () => {
    expect(searchWords("Oud-h  %_ 'vetivr'")).toEqual(['oud', 'h', 'vetivr']);
    expect(searchWords('a b c d e f g h i j')).toHaveLength(8);
    expect(searchWords('x'.repeat(1000))).toEqual(['x'.repeat(40)]);
    expect(searchWords('%_%')).toEqual([]);
  });

  it('stand for their synonyms too', () => {
    const groups = [
      ['sandalwood', 'sandal', 'chandan'],
      ['attar', 'ittar'],
    ];
    expect(expandWords(['chandan', 'rose'], groups)).toEqual([['chandan', 'sandalwood', 'sandal'], ['rose']]);
  });
});

describe('the synonym list as text', () => {
  it('reads one group a line, normalised, and writes it back', () => {
    const parsed = parseSynonymText('Attar, ITTAR ,itr\n\n  Raat-Rani , mogra');
    expect(parsed).toEqual({ groups: [['attar', 'ittar', 'itr'], ['raat rani', 'mogra']] });
    expect(synonymText((parsed as { groups: string[][] }).groups)).toBe('attar, ittar, itr\nraat rani, mogra');
  });

  it('refuses a line of fewer than two different words, naming it', () => {
    expect(parseSynonymText('attar, ittar\noud')).toEqual({ error: 'Line 2 needs at least two words separated by commas' });
    expect(parseSynonymText('oud, OUD')).toEqual({ error: 'Line 1 needs at least two words separated by commas' });
  });
});
