import { Link } from 'react-router';

/**
 * What the shop does with what a form collects, said where it is collected, in plain words, with the way to the
 * full notice (DPDP Act 2023 s.5 and DPDP Rules 2025 rule 3: a notice that stands on its own, itemises the data
 * and its purpose, and says how to withdraw consent and exercise one's rights).
 */
const NOTICES = {
  'sign-up': 'We use your name and e-mail to run your account and tell you about your orders. Newsletters only if you tick the box. You can download or erase your data any time in Profile → Privacy.',
  checkout: 'We use your name, phone and address to deliver this order and share them only with the courier and our payment partner. We keep the tax invoice for eight years, as the law requires.',
  'gift-card-checkout': "We use your name, e-mail and phone to record this order and share them only with our payment partner; the recipient's name and e-mail only to send them the card.",
  newsletter: 'We use your e-mail only to send the newsletter, once you confirm it. Every issue has a one-click unsubscribe.',
  contact: 'We use what you send only to answer you, and delete it after two years.',
} as const;

export type CollectionPoint = keyof typeof NOTICES;

export function PrivacyNotice({ at, className = '' }: { at: CollectionPoint; className?: string }) {
  return (
    <p className={`text-xs leading-relaxed text-ash ${className}`} data-privacy-notice={at}>
      {NOTICES[at]}{' '}
      <Link to="/privacy" className="text-gold underline underline-offset-2 hover:text-gold-bright">
        Privacy notice
      </Link>
    </p>
  );
}
