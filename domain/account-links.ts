/** Rules of the links the shop e-mails to prove an address: password resets and e-mail verifications. */

export type AccountLinkPurpose = 'password-reset' | 'email-verification';

/** A reset link opens the account, so it lives briefly; a verification link only confirms an address. */
export const LINK_LIFETIME_MS: Record<AccountLinkPurpose, number> = {
  'password-reset': 30 * 60_000,
  'email-verification': 72 * 60 * 60_000,
};

/** How many links of one purpose one address may be sent per hour: enough for a lost e-mail, too few to flood an inbox. */
export const LINKS_PER_ADDRESS_PER_HOUR = 5;
export const LINK_WINDOW_MS = 60 * 60_000;

/** 32 random bytes in base64url: what a link carries. Anything else is no token of ours. */
export const LINK_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const forgotPasswordMessage =
  'If an account exists for that e-mail, a link to reset the password is on its way. It works for 30 minutes.';

export const linkMessages = {
  'password-reset': {
    invalid: 'This reset link is not valid. Ask for a new one from the sign-in window.',
    used: 'This reset link has already been used. Ask for a new one from the sign-in window.',
    expired: 'This reset link has expired (links last 30 minutes). Ask for a new one from the sign-in window.',
  },
  'email-verification': {
    invalid: 'This verification link is not valid. Send a new one from your profile.',
    used: 'This verification link has already been used.',
    expired: 'This verification link has expired. Send a new one from your profile.',
  },
} as const;

export interface StoredLink {
  expiresAt: Date;
  usedAt: Date | null;
}

export type LinkVerdict = 'valid' | 'used' | 'expired';

/** A used link stays used even after it would have expired: the holder hears what actually happened. */
export function judgeLink(link: StoredLink, now: Date): LinkVerdict {
  if (link.usedAt) return 'used';
  if (link.expiresAt.getTime() <= now.getTime()) return 'expired';
  return 'valid';
}
