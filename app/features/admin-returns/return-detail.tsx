import { useState } from 'react';
import type { OrderReturn } from '../../../contracts/returns.ts';
import { formatRupees } from '../../../domain/money.ts';
import { formatShopDate } from '../../../domain/shop-clock.ts';
import { DetailItem, DetailModal, useCan } from '../admin/index.ts';
import { TransferRefundPanel } from '../admin-orders/index.ts';
import { useReturnAction } from './use-returns-admin.ts';

/**
 * One return in full, with the step the back office can take next: approve or reject a request, receive an
 * approved one, or retry a refund that failed.
 */
export function ReturnDetail({ entry, onClose }: { entry: OrderReturn; onClose: () => void }) {
  const act = useReturnAction(entry, onClose);
  const [note, setNote] = useState('');
  const [restock, setRestock] = useState(true);
  // The packer receives, support approves: each sees only their own buttons (the server checks again).
  const can = useCan();
  const noteLabel = entry.status === 'requested' ? 'Pickup instructions, or the reason for a rejection' : 'Remark for the customer (optional)';

  return (
    <DetailModal label={`Return ${entry.id} for order ${entry.orderNumber}`} onClose={onClose}>
      <h2 className="font-display text-xl text-gold-bright">Return {entry.id}</h2>
      <p className="mt-1 text-sm text-ash">
        Order {entry.orderNumber} · {entry.customerName} · {formatShopDate(new Date(entry.createdAt))}
      </p>
      <dl className="mt-4 grid grid-cols-2 gap-2 text-sm">
        <DetailItem label="Status" value={entry.statusName} />
        <DetailItem label="Refund due" value={formatRupees(entry.refundAmount)} />
        <DetailItem label="Reason" value={entry.reasonName} />
        <DetailItem label="Potions" value={entry.lines.map((line) => `${line.quantity} × ${line.name} (${line.size})`).join(', ')} />
      </dl>
      {entry.note ? <p className="mt-3 rounded-md bg-crypt p-2 text-sm text-mist">“{entry.note}”</p> : null}
      {entry.photos.length ? (
        <ul className="mt-3 flex gap-2" aria-label="Customer's photos">
          {entry.photos.map((photo) => (
            <li key={photo}>
              <a href={photo} target="_blank" rel="noreferrer">
                <img src={photo} alt="Photo sent with the return" className="h-20 w-20 rounded-md border border-shadow object-cover" />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {entry.adminNote ? <p className="mt-3 text-sm text-ash">Our note: {entry.adminNote}</p> : null}

      {entry.offlineRefund ? (
        <div className="mt-4">
          <TransferRefundPanel
            refund={entry.offlineRefund}
            purpose={`return ${entry.id}`}
            upiId={entry.refundUpiId}
            customerName={entry.customerName}
            customerPhone=""
            onRecorded={onClose}
          />
        </div>
      ) : null}

      {entry.status === 'refund_failed' && can('orders.refund') ? (
        <div className="mt-4 space-y-3 rounded-md border border-ember/60 p-3 text-sm" role="alert">
          <p className="text-mist">
            The potions are back, but refund {entry.refundId} of {formatRupees(entry.refundAmount)} did not reach the customer. The order&apos;s history says why.
          </p>
          <button type="button" className="btn-gold" disabled={act.isPending} onClick={() => act.mutate({ action: 'retry-refund' })}>
            Retry the refund of {formatRupees(entry.refundAmount)}
          </button>
        </div>
      ) : null}

      {(entry.status === 'requested' && can('returns.approve')) || (entry.status === 'approved' && can('returns.receive')) ? (
        <form
          className="mt-4 space-y-3"
          onSubmit={(event) => {
            event.preventDefault();
          }}
        >
          <label className="flex flex-col gap-1 text-sm">
            <span className="text-ash">{noteLabel}</span>
            <textarea className="field min-h-20" value={note} maxLength={1000} onChange={(event) => setNote(event.target.value)} />
          </label>
          {entry.status === 'requested' ? (
            <div className="flex flex-wrap gap-2">
              <button type="button" className="btn-gold" disabled={act.isPending} onClick={() => act.mutate({ action: 'approve', note })}>
                Approve
              </button>
              <button type="button" className="btn-ghost" disabled={act.isPending || !note.trim()} onClick={() => act.mutate({ action: 'reject', note })}>
                Reject
              </button>
            </div>
          ) : (
            <>
              <label className="flex items-center gap-2 text-sm text-mist">
                <input type="checkbox" checked={restock} onChange={(event) => setRestock(event.target.checked)} />
                Put the potions back in stock (untick to write them off as damaged)
              </label>
              <button type="button" className="btn-gold" disabled={act.isPending} onClick={() => act.mutate({ action: 'receive', restock, note })}>
                {entry.refundByTransfer
                  ? `Mark received (then refund ${formatRupees(entry.refundAmount)}: the cash part by transfer)`
                  : `Mark received and refund ${formatRupees(entry.refundAmount)}`}
              </button>
            </>
          )}
        </form>
      ) : null}
    </DetailModal>
  );
}
