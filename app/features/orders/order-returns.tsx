import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Order } from '../../../contracts/orders.ts';
import type { OrderReturn } from '../../../contracts/returns.ts';
import { formatRupees } from '../../../domain/money.ts';
import { MAX_RETURN_PHOTOS, RETURN_REASON_LABELS, RETURN_REASONS, type ReturnReason } from '../../../domain/returns.ts';
import { formatShopDate } from '../../../domain/shop-clock.ts';
import { api } from '../../lib/api-client.ts';
import { useAuth } from '../account/index.ts';
import { ordersKey } from './order-queries.ts';
import { RefundChoice, type RefundTo } from './refund-choice.tsx';

const returnsKey = (orderId: string) => [...ordersKey, 'returns', orderId] as const;

/** A photo goes up first (re-encoded by the shop) and the request names it by its /uploads address. */
async function uploadPhoto(file: File, token: string | null): Promise<string> {
  const form = new FormData();
  form.append('file', file);
  const response = await fetch('/api/uploads/return-photos', { method: 'POST', headers: token ? { authorization: `Bearer ${token}` } : {}, body: form });
  const body = (await response.json().catch(() => ({}))) as { url?: string; message?: string };
  if (!response.ok || !body.url) throw new Error(body.message ?? 'The photo could not be uploaded');
  return body.url;
}

/** The order's returns (status and refund of each) and, once it is delivered, the form to ask for one. */
export function OrderReturns({ order }: { order: Order }) {
  const token = useAuth((state) => state.token);
  const client = useQueryClient();
  const returns = useQuery({
    queryKey: returnsKey(order.id),
    queryFn: () => api<{ returns: OrderReturn[] }>(`/orders/${encodeURIComponent(order.orderNumber)}/returns`).then((response) => response.returns),
    enabled: Boolean(token),
  });
  const [open, setOpen] = useState(false);
  const [quantities, setQuantities] = useState<Record<number, number>>({});
  const [reason, setReason] = useState<ReturnReason>('damaged-or-leaking');
  const [note, setNote] = useState('');
  const [photos, setPhotos] = useState<File[]>([]);
  const [refundTo, setRefundTo] = useState<RefundTo>('original');
  const [error, setError] = useState<string | null>(null);
  // Cash paid at the door is refunded by the shop's own transfer, which has its own form; only money paid online
  // may instead go onto store credit.
  const offersStoreCredit = !order.cashOnDelivery;
  const request = useMutation({
    mutationFn: async () => {
      const urls = [];
      for (const photo of photos) urls.push(await uploadPhoto(photo, token));
      const lines = Object.entries(quantities)
        .filter(([, quantity]) => quantity > 0)
        .map(([orderItemId, quantity]) => ({ orderItemId: Number(orderItemId), quantity }));
      return api<{ message: string }>(`/orders/${encodeURIComponent(order.orderNumber)}/returns`, { method: 'POST', body: { lines, reason, note: note.trim() || undefined, photos: urls, ...(offersStoreCredit ? { refundTo } : {}) } });
    },
    onSuccess: () => {
      setOpen(false);
      setQuantities({});
      setNote('');
      setPhotos([]);
      setRefundTo('original');
      setError(null);
      void client.invalidateQueries({ queryKey: ordersKey });
    },
    onError: (failure: Error) => setError(failure.message),
  });

  const list = returns.data ?? [];
  if (order.status !== 'delivered' && list.length === 0) return null;
  const chosen = Object.values(quantities).some((quantity) => quantity > 0);
  // Units already in a return that was not rejected cannot be asked for again.
  const inReturns = (itemId: number) =>
    list.filter((entry) => entry.status !== 'rejected').reduce((sum, entry) => sum + (entry.lines.find((line) => line.orderItemId === itemId)?.quantity ?? 0), 0);
  const returnable = order.items.filter((item) => item.quantity > inReturns(item.id));

  return (
    <div className="panel p-5" data-testid="order-returns">
      <h2 className="text-lg text-gold-bright">Returns</h2>
      {list.length ? (
        <ul className="mt-3 flex flex-col gap-3 text-sm">
          {list.map((entry) => (
            <li key={entry.id} className="rounded-md bg-crypt p-3" data-testid="return-entry">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-display text-mist">{entry.statusName}</span>
                <span className="text-gold-bright">{formatRupees(entry.refundAmount)}</span>
              </div>
              <p className="text-ash">
                {entry.lines.map((line) => `${line.quantity} × ${line.name} (${line.size})`).join(', ')} · {entry.reasonName} · asked {formatShopDate(new Date(entry.createdAt))}
              </p>
              {entry.refundTo === 'store-credit' ? <p className="text-ash">Refund to store credit</p> : null}
              {entry.adminNote ? <p className="mt-1 text-mist">{entry.adminNote}</p> : null}
            </li>
          ))}
        </ul>
      ) : null}
      {order.status === 'delivered' && !open && returnable.length > 0 ? (
        <button type="button" className="btn-ghost mt-3" onClick={() => setOpen(true)}>
          Return potions
        </button>
      ) : null}
      {open ? (
        <form
          className="mt-4 flex flex-col gap-3 text-sm"
          onSubmit={(event) => {
            event.preventDefault();
            request.mutate();
          }}
        >
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 text-ash">Which potions?</legend>
            {returnable.map((item) => (
              <label key={item.id} className="flex items-center justify-between gap-3">
                <span className="text-mist">
                  {item.name} ({item.size})
                </span>
                <select
                  className="field w-20"
                  aria-label={`Units of ${item.name} ${item.size} to return`}
                  value={quantities[item.id] ?? 0}
                  onChange={(event) => setQuantities({ ...quantities, [item.id]: Number(event.target.value) })}
                >
                  {Array.from({ length: item.quantity - inReturns(item.id) + 1 }, (_, count) => (
                    <option key={count} value={count}>
                      {count}
                    </option>
                  ))}
                </select>
              </label>
            ))}
          </fieldset>
          <label className="flex flex-col gap-1">
            <span className="text-ash">Reason</span>
            <select className="field" value={reason} onChange={(event) => setReason(event.target.value as ReturnReason)}>
              {RETURN_REASONS.map((option) => (
                <option key={option} value={option}>
                  {RETURN_REASON_LABELS[option]}
                </option>
              ))}
            </select>
          </label>
          <label className="flex flex-col gap-1">
            <span className="text-ash">Note (optional)</span>
            <textarea className="field min-h-20" maxLength={1000} value={note} onChange={(event) => setNote(event.target.value)} />
          </label>
          {offersStoreCredit ? (
            <RefundChoice value={refundTo} moment="return" onChange={setRefundTo} />
          ) : null}
          <label className="flex flex-col gap-1">
            <span className="text-ash">Photos (up to {MAX_RETURN_PHOTOS}, PNG, JPEG or WebP, 5 MB each)</span>
            <input
              type="file"
              accept="image/png,image/jpeg,image/webp"
              multiple
              className="text-mist"
              onChange={(event) => setPhotos(Array.from(event.target.files ?? []).slice(0, MAX_RETURN_PHOTOS))}
            />
          </label>
          {error ? (
            <p role="alert" className="text-blood">
              {error}
            </p>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <button type="submit" className="btn-gold" disabled={!chosen || request.isPending}>
              {request.isPending ? 'Sending...' : 'Request return'}
            </button>
            <button type="button" className="btn-ghost" onClick={() => setOpen(false)}>
              Cancel
            </button>
          </div>
          <p className="text-xs text-ash">
            Returns are accepted within 7 days of delivery. See our{' '}
            <a href="/returns" className="text-orchid underline-offset-4 hover:underline">
              returns policy
            </a>
            .
          </p>
        </form>
      ) : null}
    </div>
  );
}
