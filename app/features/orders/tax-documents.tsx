import { useState } from 'react';
import type { Order } from '../../../contracts/orders.ts';
import { formatShopDate } from '../../../domain/shop-clock.ts';
import { ApiRequestError, downloadFromApi } from '../../lib/api-client.ts';
import toast from '../../lib/toast.ts';
import { formatRupees } from './order-format.ts';

const slug = (number: string) => number.replaceAll('/', '-');

/**
 * The order's tax documents: the GST inside its total (CGST + SGST within the seller's state, IGST to another),
 * 'Download Invoice' (captioned 'Tax invoice (PDF)', apart from the text receipt), and a credit note for each refund. Nothing shows before the order is invoiced.
 * `token` is the admin's on the back office; the shopper's own is used otherwise.
 */
export function TaxDocuments({ order, token, className = '' }: { order: Order; token?: string | null; className?: string }) {
  const [busy, setBusy] = useState<string | null>(null);
  if (!order.invoiceNumber || !order.tax) return null;
  const tax = order.tax;
  const download = async (key: string, path: string, fallbackName: string) => {
    setBusy(key);
    try {
      await downloadFromApi(path, { token, fallbackName });
    } catch (error) {
      toast.error(error instanceof ApiRequestError ? error.message : 'Could not download the document');
    } finally {
      setBusy(null);
    }
  };
  const orderKey = encodeURIComponent(order.orderNumber);
  return (
    <section aria-labelledby={`tax-${order.id}`} className={`text-sm ${className}`} data-testid="tax-documents">
      <h3 id={`tax-${order.id}`} className="text-gold">
        Tax invoice {order.invoiceNumber}
      </h3>
      <p className="mt-1 text-xs text-ash">
        {order.invoiceDate ? `${formatShopDate(order.invoiceDate)} · ` : ''}Place of supply: {tax.placeOfSupply}
        {tax.placeOfSupplyCode ? ` (${tax.placeOfSupplyCode})` : ''}
      </p>
      <dl className="mt-2 space-y-1" data-testid="gst-breakdown">
        <TaxRow label="Taxable value" value={tax.taxableValue} />
        {tax.igst > 0 || (tax.cgst === 0 && tax.sgst === 0) ? (
          <TaxRow label="IGST" value={tax.igst} />
        ) : (
          <>
            <TaxRow label="CGST" value={tax.cgst} />
            <TaxRow label="SGST" value={tax.sgst} />
          </>
        )}
      </dl>
      <p className="mt-1 text-xs text-ash">Prices include GST.</p>
      <button
        type="button"
        className="btn-ghost mt-3 w-full flex-col gap-0"
        aria-describedby={`invoice-kind-${order.id}`}
        disabled={busy !== null}
        onClick={() => void download('invoice', `/orders/${orderKey}/invoice.pdf`, `invoice-${slug(order.invoiceNumber!)}.pdf`)}
      >
        {busy === 'invoice' ? 'Preparing…' : 'Download Invoice'}
        <span id={`invoice-kind-${order.id}`} aria-hidden="true" className="font-sans text-xs font-normal tracking-normal normal-case opacity-80">
          Tax invoice (PDF)
        </span>
      </button>
      {order.creditNotes.length > 0 ? (
        <ul className="mt-3 space-y-2" aria-label="Credit notes">
          {order.creditNotes.map((note) => (
            <li key={note.number} className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-shadow p-2">
              <span>
                <span className="block text-mist">Credit note {note.number}</span>
                <span className="text-xs text-ash">
                  {formatShopDate(note.date)} · {formatRupees(note.amount)} refunded
                </span>
              </span>
              <button
                type="button"
                className="btn-ghost px-3 py-1 text-xs"
                disabled={busy !== null}
                onClick={() => void download(note.number, `/orders/${orderKey}/credit-notes/${slug(note.number)}.pdf`, `credit-note-${slug(note.number)}.pdf`)}
              >
                {busy === note.number ? 'Preparing…' : `Download Credit Note ${note.number}`}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function TaxRow({ label, value }: { label: string; value: number }) {
  return (
    <div className="flex justify-between gap-3">
      <dt className="text-ash">{label}</dt>
      <dd className="text-mist">{formatRupees(value)}</dd>
    </div>
  );
}
