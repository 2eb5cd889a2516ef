import { AdminScreen, useCan } from '../admin/index.ts';
import { CardLookup } from './card-lookup.tsx';
import { GrantCreditForm } from './grant-credit-form.tsx';
import { IssueCardForm } from './issue-card-form.tsx';

/**
 * Gift cards and store credit in the back office (decisions 0074 and 0088): look a card up with its ledger, issue
 * one by hand, void or refund it, and grant goodwill credit. Each part shows only to staff whose role allows it;
 * the server checks the permission again on every call.
 */
export function GiftCardsAdminPage() {
  const can = useCan();
  return (
    <AdminScreen
      eyebrow="Balances"
      title="Gift cards & credit"
      intro={<p className="mt-1 max-w-2xl text-sm text-ash">Every change is written on the card&apos;s or the customer&apos;s ledger with its reason, and in the audit log.</p>}
    >
      <CardLookup />
      {can('balances.manage') ? (
        <div className="grid gap-6 xl:grid-cols-2">
          <IssueCardForm />
          <GrantCreditForm />
        </div>
      ) : null}
    </AdminScreen>
  );
}
