import { describe, expect, it } from 'vitest';
import { fieldRefusal, notFoundRefusal, Refusal } from './refusal.ts';

describe('Refusal', () => {
  it('carries its kind, its message and the field it names', () => {
    const refusal = fieldRefusal('conflict', 'festivalCode', 'This coupon code is taken');
    expect(refusal).toBeInstanceOf(Refusal);
    expect(refusal).toMatchObject({ kind: 'conflict', message: 'This coupon code is taken', errors: [{ field: 'festivalCode', message: 'This coupon code is taken' }] });
    expect(notFoundRefusal('Review not found')).toMatchObject({ kind: 'not-found', message: 'Review not found', errors: undefined });
  });
});
