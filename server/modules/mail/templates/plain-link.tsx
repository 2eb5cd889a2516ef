import { MailLink } from './email-layout.tsx';

/**
 * A link written out in full for clients that block buttons; long tokens break anywhere so a 320 px screen keeps
 * one column (Windows Mail ignores the break and lets the line run on: the link still works).
 */
export function PlainLink({ href }: { href: string }) {
  return (
    <MailLink href={href} style={{ wordBreak: 'break-all' }}>
      {href}
    </MailLink>
  );
}
