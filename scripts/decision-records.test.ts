// The decision records are read by number from code comments and the README, so a number must name one record,
// every record must say whether it still stands, when it was taken, what forced it, what it is and what it costs,
// and the index must list each of them.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const DIRECTORY = join(import.meta.dirname, '..', 'docs', 'decisions');
const records = readdirSync(DIRECTORY)
  .filter((name) => name !== 'README.md' && name.endsWith('.md'))
  .sort()
  .map((name) => ({ name, text: readFileSync(join(DIRECTORY, name), 'utf8') }));

describe('decision records', () => {
  it('are named NNNN-title.md and each number names one record', () => {
    const numbers = records.map(({ name }) => {
      expect(name).toMatch(/^\d{4}-[a-z0-9-]+\.md$/);
      return Number(name.slice(0, 4));
    });
    expect(new Set(numbers).size).toBe(numbers.length);
  });

  it('open with their own number, then Status and Date', () => {
    for (const { name, text } of records) {
      const [title, blank, status, date] = text.split('\n');
      expect(title, name).toMatch(new RegExp(`^# ${Number(name.slice(0, 4))}\\. \\S`));
      expect(blank, name).toBe('');
      expect(status, name).toMatch(/^\*\*Status:\*\* (Accepted|Superseded|Deprecated)\b/);
      expect(date, name).toMatch(/^\*\*Date:\*\* \d{4}-\d{2}-\d{2}$/);
    }
  });

  it('each say their Context, Decision and Consequences', () => {
    for (const { name, text } of records) {
      for (const part of ['Context', 'Decision', 'Consequences']) {
        expect(text, `${name} has no ${part}`).toMatch(new RegExp(`^(\\*\\*${part}\\.\\*\\*|## ${part}$)`, 'm'));
      }
    }
  });

  it('are each listed in the index under their own number', () => {
    const index = readFileSync(join(DIRECTORY, 'README.md'), 'utf8');
    for (const { name } of records) expect(index).toContain(`| ${Number(name.slice(0, 4))} | [`);
    for (const { name } of records) expect(index).toContain(`](${name})`);
    const linked = [...index.matchAll(/\]\((\d{4}-[^)]+\.md)\)/g)].map((match) => match[1]);
    expect(linked.sort()).toEqual(records.map(({ name }) => name));
  });
});
