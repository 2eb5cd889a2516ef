import type { Product } from '../../../contracts/products.ts';
import { rupeesToPaise, formatRupees } from '../../../domain/money.ts';
import { formatUnitSalePrice, makerDetails } from '../../../domain/product-declarations.ts';

type Size = Product['sizes'][number];

/** '₹59.98 per ml' for the size, or nothing when its quantity is not declared. */
export function unitPriceText(size: Size | undefined): string | null {
  if (!size || size.unitSalePrice === null || size.unitSalePricePer === null) return null;
  return formatUnitSalePrice({ paise: rupeesToPaise(size.unitSalePrice), per: size.unitSalePricePer });
}

/**
 * "Product details & legal information": what Legal Metrology (Packaged Commodities) Rules 2011, rule 6(1) and
 * 6(11) ask to be declared, shown before the sale as rule 10 asks of an e-commerce seller. The figures follow the
 * chosen size; a declaration the product lacks is left out rather than guessed (the back office flags it).
 */
export function ProductDeclarations({ product, size }: { product: Product; size: string }) {
  const chosen = product.sizes.find((entry) => entry.size === size) ?? product.sizes[0];
  const { declarations } = product;
  const maker = makerDetails(declarations);
  const rows: [string, string | null][] = [
    ['Generic name', declarations.genericName],
    ['Net quantity', chosen?.netQuantityMl ? `${chosen.netQuantityMl} ml` : null],
    ['MRP', chosen ? `${formatRupees(chosen.price)} (inclusive of all taxes)` : null],
    ['Unit sale price', unitPriceText(chosen)],
    [maker?.label ?? 'Maker', maker?.value ?? null],
    ['Country of origin', declarations.countryOfOrigin],
    ['Best before', declarations.bestBefore],
    ['Consumer care', declarations.consumerCare],
  ];
  return (
    <section aria-labelledby="legal-information-heading" className="panel p-4 sm:p-5" data-testid="product-declarations">
      <h2 id="legal-information-heading" className="eyebrow">
        Product details &amp; legal information
      </h2>
      <dl className="mt-3 grid grid-cols-[minmax(7rem,auto)_1fr] gap-x-4 gap-y-2 text-sm">
        {rows
          .filter((row): row is [string, string] => row[1] !== null)
          .map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-ash">{label}</dt>
              <dd className="break-words text-mist">{value}</dd>
            </div>
          ))}
      </dl>
    </section>
  );
}
