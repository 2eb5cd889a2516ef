import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** "← Back to …": the way up from a customer's page to the one that lists it. */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="text-sm text-orchid underline-offset-4 hover:text-gold-bright hover:underline">
      ← {children}
    </Link>
  );
}
