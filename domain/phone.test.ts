import { describe, expect, it } from 'vitest';
import { canonicalMobile, displayMobile, maskedMobile, nationalMobile, phoneMessages, phoneProblem } from './phone.ts';

describe('Indian mobile numbers', () => {
  it.each([
    ['9876543210', '9876543210'],
    ['+91 98765 43210', '9876543210'],
    ['+91-98765-43210', '9876543210'],
    ['91 98765 43210', '9876543210'],
    ['098765 43210', '9876543210'],
    ['+91 (600) 000-0000', '6000000000'],
    ['  70000-00000 ', '7000000000'],
  ])('reads %j as %s', (typed, national) => {
    expect(nationalMobile(typed)).toBe(national);
    expect(canonicalMobile(typed)).toBe(`+91${national}`);
  });

  it.each([
    ['5876543210', 'starts with 5'],
    ['987654321', 'nine digits'],
    ['98765432100', 'eleven digits without a trunk 0'],
    ['+1 415 555 0100', 'another country'],
    ['+44 98765 43210', 'another country code before a valid-looking number'],
    ['98765 4321O', 'a letter O for a zero'],
    ['call me', 'words'],
    ['98.765.43210', 'dots'],
  ])('refuses %j (%s)', (typed) => {
    expect(nationalMobile(typed)).toBeNull();
    expect(phoneProblem(typed)).toBe(phoneMessages.invalid);
  });

  it('requires a number unless the field is optional', () => {
    expect(phoneProblem('  ')).toBe(phoneMessages.required);
    expect(phoneProblem('', { required: false })).toBeNull();
    expect(phoneProblem('9876543210')).toBeNull();
  });

  it('shows +91 and the 5-5 grouping, and masks all but the last four digits', () => {
    expect(displayMobile('09876543210')).toBe('+91 98765 43210');
    expect(maskedMobile('+919876543210')).toBe('+91 ••••• •3210');
  });
});
