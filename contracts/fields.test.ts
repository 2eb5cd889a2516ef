import { describe, expect, it } from 'vitest';
import { isStorableText, MAX_SERIAL_ID, serialId, text } from './fields.ts';

describe('contract building blocks', () => {
  it('refuses NUL and unpaired surrogates, and keeps any other text, emoji included', () => {
    expect(isStorableText('Moon Elixir ✨ 🌙')).toBe(true);
    expect(isStorableText('a\u0000b')).toBe(false);
    expect(isStorableText('\uD83C')).toBe(false);
    expect(isStorableText('x\uDF19')).toBe(false);
    expect(text().max(5).safeParse('\uD83C\uDF19').success).toBe(true);
    expect(text().safeParse('%00\u0000').success).toBe(false);
  });

  it('takes ids as whole numbers or their digits, from 1 to 2³¹−1, and nothing else', () => {
    const id = serialId('productId must be a product id');
    expect(id.parse(5)).toBe(5);
    expect(id.parse('42')).toBe(42);
    expect(id.parse(MAX_SERIAL_ID)).toBe(MAX_SERIAL_ID);
    for (const bad of [true, '0x10', '1e3', [5], 0, -1, 1.5, MAX_SERIAL_ID + 1, String(MAX_SERIAL_ID + 1), ' 5', '', null, {}]) {
      const result = id.safeParse(bad);
      expect(result.success, JSON.stringify(bad)).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('productId must be a product id');
    }
    // A JSON body whose contract says number takes a number only.
    expect(serialId('productId must be a product id', { digits: false }).safeParse('42').success).toBe(false);
  });
});
