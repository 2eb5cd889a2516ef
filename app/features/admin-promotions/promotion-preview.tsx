import { useState } from 'react';
import type { Product } from '../../../contracts/products.ts';
import type { PromotionPreview as Preview } from '../../../contracts/promotions.ts';
import { formatRupees } from '../../../domain/money.ts';
import { SelectField, TextField } from '../../components/form.tsx';
import { ApiRequestError } from '../../lib/api-client.ts';
import { adminApi } from '../admin/index.ts';
import { promotionBody, type PromotionFormValues } from './promotion-form.tsx';

/** Prices a sample basket with the promotion as it stands in the form, unsaved, exactly as checkout would. */
export function PromotionPreview({ values, products }: { values: PromotionFormValues; products: Product[] }) {
  const [productId, setProductId] = useState('');
  const [size, setSize] = useState('');
  const [quantity, setQuantity] = useState('2');
  const [result, setResult] = useState<Preview | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const product = products.find((entry) => String(entry.id) === productId);

  async function run() {
    setProblem(null);
    setResult(null);
    try {
      const items = [{ productId: Number(productId), size, quantity: Number(quantity) }];
      setResult(await adminApi<Preview>('/admin/promotions/preview', { method: 'POST', body: { promotion: promotionBody(values, false), items } }));
    } catch (error) {
      setProblem(error instanceof ApiRequestError ? error.message : 'The preview could not be made');
    }
  }

  return (
    <section className="rounded-lg border border-gold/30 bg-gold/5 p-3" aria-labelledby="promotion-preview-title">
      <h3 id="promotion-preview-title" className="eyebrow mb-2">
        Preview on a sample basket
      </h3>
      <div className="grid gap-3 sm:grid-cols-4">
        <SelectField label="Potion" fieldClassName="sm:col-span-2" value={productId} onChange={(event) => (setProductId(event.target.value), setSize(''))}>
          <option value="">Choose a potion</option>
          {products.map((entry) => (
            <option key={entry.id} value={entry.id}>
              {entry.name}
            </option>
          ))}
        </SelectField>
        <SelectField label="Size" value={size} onChange={(event) => setSize(event.target.value)}>
          <option value="">Size</option>
          {(product?.sizes ?? []).map((entry) => (
            <option key={entry.size}>{entry.size}</option>
          ))}
        </SelectField>
        <TextField label="Quantity" type="number" min={1} max={10} value={quantity} onChange={(event) => setQuantity(event.target.value)} />
      </div>
      <button type="button" className="btn-ghost mt-3 px-3 py-1.5 text-xs" disabled={!productId || !size} onClick={() => void run()}>
        Preview
      </button>
      {problem ? (
        <p className="mt-2 text-sm text-blood" role="alert">
          {problem}
        </p>
      ) : null}
      {result ? (
        <div className="mt-3 text-sm" data-testid="promotion-preview" role="status">
          <p className={result.applies ? 'text-gold-bright' : 'text-ash'}>{result.applies ? 'The promotion applies to this basket.' : 'The promotion does not apply to this basket.'}</p>
          <ul className="mt-1 space-y-0.5">
            {result.adjustments.map((adjustment, index) => (
              <li key={index} className="flex justify-between gap-4">
                <span>{adjustment.label}</span>
                <span className="text-gold">−{formatRupees(adjustment.amount)}</span>
              </li>
            ))}
            {result.codFeeWaived ? <li>No Cash on Delivery fee</li> : null}
          </ul>
          <p className="mt-1">
            {formatRupees(result.subtotal)} → <strong className="text-gold-bright">{formatRupees(result.total)}</strong>
          </p>
          {result.nextOffer ? <p className="mt-1 text-xs text-ash">{result.nextOffer}</p> : null}
        </div>
      ) : null}
    </section>
  );
}
