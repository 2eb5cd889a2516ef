import { expect, it } from 'vitest';
import { nameOf, rememberedNames, REMEMBERED_NAMES } from './named-statements.ts';

it('names a text the same way every time, and remembers a bounded number of texts, the least recently sent out first', () => {
  const kept = 'select 1 where $1 = 0';
  const first = nameOf(kept);
  expect(nameOf(kept)).toBe(first);
  for (let index = 0; index < REMEMBERED_NAMES + 50; index += 1) {
    nameOf(`select ${index} from potions where $1 = 0`);
    // This text keeps being sent: it stays while texts sent once go.
    if (index % 100 === 0) nameOf(kept);
  }
  expect(rememberedNames().count).toBe(REMEMBERED_NAMES);
  expect(rememberedNames(kept).remembers).toBe(true);
  expect(rememberedNames('select 0 from potions where $1 = 0').remembers).toBe(false);
  expect(rememberedNames(`select ${REMEMBERED_NAMES + 49} from potions where $1 = 0`).remembers).toBe(true);
  expect(nameOf(kept)).toBe(first);
});
