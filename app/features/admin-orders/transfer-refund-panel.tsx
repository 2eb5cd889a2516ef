import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { OfflineRefund, Order } from '../../../contracts/orders.ts';
import { formatRupees } from '../../../domain/money.ts';
import { OFFLINE_REFUND_METHOD_LABELS, OFFLINE_REFUND_METHODS, type OfflineRefundMethod } from '../../../domain/offline-refunds.ts';
import { shopDate } from '../../../domain/orders.ts';
import { SelectField, TextField } from '../../components/form.tsx';
import { fieldMessage } from '../../lib/api-client.ts';
import { adminApi, adminKeys } from '../admin/index.ts';
import { notice } from './notice.tsx';

interface Props {
  refund: OfflineRefund;
  /** What it is for, e.g. 'the cancelled order' or 'return 12'. */
  purpose: string;
  upiId: string | null;
  customerName: string;
  customerPhone: string;
  onRecorded?(order: Order): void;
}

const REFERENCE_HINT: Record<OfflineRefundMethod, string> = {
  upi: 'The 12-digit UPI transaction ID from your banking app',
  bank_transfer: 'The UTR: 12 digits (IMPS), or 16 (NEFT) / 22 (RTGS) characters starting with the bank code',
};

/**
 * A refund of cash collected on delivery, which the shop pays itself: where to send it (the customer's UPI ID,
 * or a call for their bank details), then the transfer's method, UTR and date, recorded once. The server checks
 * the UTR and the date again and names the field it refuses. The transfer is the cash part only; what gift cards
 * and store credit paid is shown apart and goes back onto them when the transfer is recorded (docs/decisions/0087).
 */
export function TransferRefundPanel({ refund, purpose, upiId, customerName, customerPhone, onRecorded }: Props) {
  const client = useQueryClient();
  const [method, setMethod] = useState<OfflineRefundMethod>(upiId ? 'upi' : 'bank_transfer');
  const [reference, setReference] = useState('');
  const [paidOn, setPaidOn] = useState(() => shopDate(new Date()));
  const record = useMutation({
    mutationFn: () => adminApi<{ order: Order; message: string }>(`/admin/offline-refunds/${refund.id}/paid`, { method: 'POST', body: { method, reference, paidOn } }),
    onSuccess: ({ order, message }) => {
      notice('success', 'Refund Recorded', message);
      void client.invalidateQueries({ queryKey: adminKeys.area('orders') });
      void client.invalidateQueries({ queryKey: adminKeys.area('returns') });
      onRecorded?.(order);
    },
  });
  const fieldError = (field: string) => fieldMessage(record.error, field);
  const otherError = record.error && !['method', 'reference', 'paidOn'].some(fieldError) ? record.error.message : null;
  const amount = formatRupees(refund.amount);
  const onto = refund.toBalances > 0 ? formatRupees(refund.toBalances) : null;

  if (refund.status === 'paid') {
    return (
      <section aria-label="Refund sent" className="rounded-md border border-gold/40 bg-gold/5 p-3 text-sm" data-testid="admin-transfer-refund">
        <h3 className="text-gold">Refund sent · {amount}</h3>
        <p className="mt-1 text-ash">
          By {OFFLINE_REFUND_METHOD_LABELS[refund.method ?? 'bank_transfer']} on {refund.paidOn} · UTR <span className="font-mono break-all text-mist">{refund.reference}</span>
        </p>
        {onto ? (
          <p className="mt-1 text-ash" data-testid="admin-refund-to-balances">
            With it, {onto} went back onto the gift cards and store credit that paid.
          </p>
        ) : null}
      </section>
    );
  }
  if (refund.status !== 'awaiting') return null;
  return (
    <section aria-labelledby={`transfer-refund-${refund.id}`} className="rounded-md border border-blood bg-blood/15 p-3 text-sm" data-testid="admin-transfer-refund">
      <h3 id={`transfer-refund-${refund.id}`} className="text-blood">
        Refund to transfer · {amount}
      </h3>
      <p className="mt-1 text-mist">
        {customerName} paid in cash on delivery, so there is no card to refund {purpose} to. Send {amount} from the shop&apos;s bank account, then record the transfer here.
      </p>
      {onto ? (
        <p className="mt-1 text-mist" data-testid="admin-refund-to-balances">
          Not part of the transfer: {onto} that gift cards and store credit paid goes back onto them when you record it.
        </p>
      ) : null}
      <p className="mt-2 text-mist" data-testid="admin-refund-upi">
        {upiId ? (
          <>
            Pay to UPI ID <span className="font-mono break-all text-gold-bright">{upiId}</span>
          </>
        ) : (
          <>
            No UPI ID yet: the customer can add one on their order page{customerPhone ? <>, or call {customerPhone} for their bank details</> : null}.
          </>
        )}
      </p>
      <form
        className="mt-3 grid gap-3 sm:grid-cols-[10rem_1fr_10rem]"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          record.mutate();
        }}
      >
        <SelectField label="Paid by" value={method} error={fieldError('method')} onChange={(event) => setMethod(event.target.value as OfflineRefundMethod)}>
          {OFFLINE_REFUND_METHODS.map((value) => (
            <option key={value} value={value}>
              {OFFLINE_REFUND_METHOD_LABELS[value]}
            </option>
          ))}
        </SelectField>
        <TextField
          label="UTR (transaction reference)"
          required
          autoComplete="off"
          spellCheck={false}
          inputMode={method === 'upi' ? 'numeric' : 'text'}
          maxLength={40}
          className="font-mono uppercase"
          value={reference}
          hint={REFERENCE_HINT[method]}
          error={fieldError('reference')}
          onChange={(event) => setReference(event.target.value)}
        />
        <TextField label="Sent on" type="date" required value={paidOn} max={shopDate(new Date())} error={fieldError('paidOn')} onChange={(event) => setPaidOn(event.target.value)} />
        {otherError ? (
          <p role="alert" className="text-blood sm:col-span-3">
            {otherError}
          </p>
        ) : null}
        <div className="sm:col-span-3">
          <button type="submit" className="btn-gold" disabled={record.isPending || !reference.trim()}>
            {record.isPending ? 'Recording...' : `Record ${amount} as sent`}
          </button>
        </div>
      </form>
    </section>
  );
}
