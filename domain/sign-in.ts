/**
 * Signing in without a password: a 6-digit code by SMS, or a one-time link by e-mail. The rules are the ones
 * India's D2C checkouts use and the RBI's guidance on one-time passwords echoes: short-lived, single use, few
 * tries, few sends.
 */
import { maskedMobile } from './phone.ts';

/** A code or link works once, for ten minutes. */
export const SIGN_IN_LIFETIME_MS = 10 * 60_000;
/** Wrong codes typed against one code before it is spent and a new one is needed. */
export const SIGN_IN_CODE_TRIES = 5;
/** Codes (or links) one number (or address) may be sent per hour. */
export const SIGN_IN_SENDS_PER_DESTINATION = 5;
export const SIGN_IN_SEND_WINDOW_MS = 60 * 60_000;
export const SIGN_IN_CODE_PATTERN = /^\d{6}$/;

export interface StoredChallenge {
  expiresAt: Date;
  usedAt: Date | null;
  failedAttempts: number;
}

export type ChallengeVerdict = 'valid' | 'used' | 'expired' | 'worn-out';

/** What a typed code or a followed link meets; a used one stays used after it would have expired. */
export function judgeChallenge(challenge: StoredChallenge, now: Date): ChallengeVerdict {
  if (challenge.failedAttempts >= SIGN_IN_CODE_TRIES) return 'worn-out';
  if (challenge.usedAt) return 'used';
  if (challenge.expiresAt.getTime() <= now.getTime()) return 'expired';
  return 'valid';
}

export const signInMessages = {
  codeSent: (phone: string) => `If ${maskedMobile(phone)} can receive texts, a 6-digit code is on its way. It works once, for 10 minutes.`,
  linkSent: 'If that address can receive e-mail, a sign-in link is on its way. It works once, for 10 minutes.',
  code: {
    format: 'Enter the 6-digit code from the text message',
    none: 'This code is not valid. Ask for a new code.',
    wrong: (triesLeft: number) => `That code is not right. ${triesLeft} ${triesLeft === 1 ? 'try' : 'tries'} left before you need a new code.`,
    'worn-out': `Too many wrong codes. Ask for a new code.`,
    used: 'This code has already been used. Ask for a new code.',
    expired: 'This code has expired (codes last 10 minutes). Ask for a new code.',
  },
  link: {
    invalid: 'This sign-in link is not valid. Ask for a new one from the sign-in window.',
    used: 'This sign-in link has already been used. Ask for a new one from the sign-in window.',
    expired: 'This sign-in link has expired (links last 10 minutes). Ask for a new one from the sign-in window.',
  },
  newAccount: {
    name: 'Welcome to the coven! Tell us your name to create your account.',
    email: 'Tell us your e-mail for order confirmations and invoices.',
    emailTaken: 'An account already uses this e-mail. Sign in with it (by password or an e-mail link), then add your phone on your profile.',
  },
  phoneTaken: 'Another account already signs in with this phone number.',
} as const;

/**
 * Where a sign-in link may bring its reader back to: a path inside the shop, never another site ('//evil.example'
 * and 'https://…' are not paths of ours), and never the admin portal.
 */
export function safeReturnPath(raw: string | null | undefined): string {
  const path = (raw ?? '').trim();
  if (!path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\') || path.length > 300) return '/';
  if (/^\/(admin|api)(\/|$|\?)/.test(path) || /[\s\u0000-\u001f]/.test(path)) return '/';
  return path;
}
