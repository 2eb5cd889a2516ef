import type { AdminProduct } from '../../../contracts/admin-products.ts';
import { stockLabel, stockLevel, type StockLevel } from '../../../domain/catalogue.ts';
import { formatRupees } from '../../../domain/money.ts';
import { DECLARATION_LABELS, type DeclarationField } from '../../../domain/product-declarations.ts';

/** 'Generic name, net quantity of 2nd size': what an older product still has to declare. */
function missingText(fields: string[]): string {
  return fields
    .map((field) => (field in DECLARATION_LABELS ? DECLARATION_LABELS[field as DeclarationField] : `net quantity of size ${Number(field.split('.')[1]) + 1}`))
    .join(', ');
}

const stockStyle: Record<StockLevel, string> = {
  'out-of-stock': 'border-blood/50 bg-blood/15 text-blood',
  'low-stock': 'border-ember/50 bg-ember/15 text-ember',
  'in-stock': 'border-emerald-400/40 bg-emerald-400/10 text-emerald-300',
};

export function AdminProductCard({
  product,
  categoryName,
  onEdit,
  onDelete,
  onAdjust,
}: {
  product: AdminProduct;
  categoryName: string;
  onEdit: () => void;
  onDelete: () => void;
  onAdjust: (by: number) => void;
}) {
  const level = stockLevel(product.inventory);
  return (
    <li className={`panel flex flex-col overflow-hidden ${product.archived ? 'opacity-70' : ''}`} data-testid="admin-product">
      <div className="relative h-44 bg-night sm:h-auto sm:aspect-[16/11]">
        <img src={product.displayImage} alt="" loading="lazy" className="h-full w-full object-cover" />
        <span className={`absolute top-2 left-2 rounded-full border px-2 py-0.5 text-xs font-semibold backdrop-blur ${stockStyle[level]}`}>{stockLabel(product.inventory)}</span>
        {product.isSignature ? <span className="absolute top-2 right-2 rounded-full bg-gold px-2 py-0.5 text-xs font-semibold text-void">Signature</span> : null}
        {product.archived ? <span className="absolute right-2 bottom-2 rounded-full bg-void/80 px-2 py-0.5 text-xs text-ash">Archived</span> : null}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div className="flex items-start justify-between gap-2">
          <h2 className="font-display text-base leading-tight text-gold-bright">{product.name}</h2>
          <p className="shrink-0 font-semibold text-mist">{formatRupees(product.price)}</p>
        </div>
        <p className="text-xs tracking-wider text-ash uppercase">{categoryName}</p>
        {product.missingDeclarations.length > 0 ? (
          <p className="rounded-md border border-blood/50 bg-blood/10 px-2 py-1.5 text-xs text-blood" data-testid="missing-declarations">
            Legal declarations missing: {missingText(product.missingDeclarations)}. Edit to add them before selling it.
          </p>
        ) : null}
        <dl className="grid grid-cols-2 gap-x-3 text-sm">
          <dt className="text-ash">Stock</dt>
          <dd className="text-right text-mist" data-testid="inventory">
            {product.inventory}
          </dd>
          {product.held > 0 ? (
            <>
              <dt className="text-ash">Held</dt>
              <dd className="text-right text-ember" data-testid="held" title="Set aside for shoppers paying right now; back in stock if they do not pay">
                {product.held} in checkouts
              </dd>
            </>
          ) : null}
          <dt className="text-ash">Sales</dt>
          <dd className="text-right text-mist">{product.sales}</dd>
          <dt className="text-ash">Sizes</dt>
          <dd className="truncate text-right text-mist">{product.sizes.map((size) => size.size).join(', ') || '30ml'}</dd>
        </dl>
        {product.archived ? null : (
          <div className="mt-auto flex flex-wrap items-center gap-2 border-t border-shadow pt-3">
            <div className="flex items-center overflow-hidden rounded-md border border-shadow" role="group" aria-label={`Stock of ${product.name}`}>
              <button type="button" className="px-3 py-1.5 text-sm text-mist hover:bg-crypt disabled:opacity-40" aria-label={`One fewer ${product.name} in stock`} disabled={product.inventory === 0} onClick={() => onAdjust(-1)}>
                −
              </button>
              <button type="button" className="border-l border-shadow px-3 py-1.5 text-sm text-mist hover:bg-crypt" aria-label={`One more ${product.name} in stock`} onClick={() => onAdjust(1)}>
                +
              </button>
            </div>
            <button type="button" className="btn-ghost ml-auto px-3 py-1.5 text-xs" onClick={onEdit} aria-label={`Edit ${product.name}`}>
              Edit
            </button>
            <button type="button" className="px-2 py-1.5 text-xs text-blood hover:underline" onClick={onDelete} aria-label={`Delete ${product.name}`}>
              Delete
            </button>
          </div>
        )}
      </div>
    </li>
  );
}
