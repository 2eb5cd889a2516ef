import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { initialsOf, isValidEmail, normaliseEmail, passwordScore, passwordStrength } from './accounts.ts';

describe('e-mail rules', () => {
  it('accepts ordinary addresses and trims them', () => {
    expect(isValidEmail('mira@deosil.in')).toBe(true);
    expect(isValidEmail('  Mira.Night+potions@Mail.Example.com ')).toBe(true);
  });

  it('rejects spaces inside, Unicode, missing parts and double dots', () => {
    for (const bad of ['mi ra@deosil.in', 'mïra@deosil.in', 'mira@déosil.in', 'mira', 'mira@', '@deosil.in', 'mira@deosil', 'mi..ra@deosil.in', '']) {
      expect(isValidEmail(bad), bad).toBe(false);
    }
  });

  it('normalises case and surrounding spaces', () => {
    expect(normaliseEmail('  MIRA@Deosil.IN ')).toBe('mira@deosil.in');
  });
});

describe('initials', () => {
  it('takes the first letter of each word, uppercased', () => {
    expect(initialsOf('mira night')).toBe('MN');
    expect(initialsOf('  Luna   Vale  Ash ')).toBe('LVA');
    expect(initialsOf('Ishaan')).toBe('I');
  });
});

describe('password strength', () => {
  it('scores 25 per rule and labels the thresholds 25/50/75', () => {
    expect(passwordScore('abc')).toBe(0);
    expect(passwordScore('abcdefgh')).toBe(25);
    expect(passwordScore('Abcdefgh')).toBe(50);
    expect(passwordScore('Abcdefg1')).toBe(75);
    expect(passwordScore('Abcdef1!')).toBe(100);
    expect([0, 24, 25, 49, 50, 74, 75, 100].map(passwordStrength)).toEqual([
      'Weak',
      'Weak',
      'Fair',
      'Fair',
      'Good',
      'Good',
      'Strong',
      'Strong',
    ]);
  });

  it('always gives a multiple of 25 between 0 and 100', () => {
    fc.assert(
      fc.property(fc.string(), (password) => {
        const score = passwordScore(password);
        return score >= 0 && score <= 100 && score % 25 === 0;
      }),
    );
  });
});
