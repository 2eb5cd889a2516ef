import { Link } from '@react-email/components';
import { colours } from './email-layout.tsx';

/** A link written out in full for clients that block buttons; long tokens break anywhere so a 320 px screen keeps one column. */
export function PlainLink({ href }: { href: string }) {
  return (
    <Link href={href} style={{ color: colours.gold, wordBreak: 'break-all' }}>
      {href}
    </Link>
  );
}
