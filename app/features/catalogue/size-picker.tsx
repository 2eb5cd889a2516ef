import type { Product } from '../../../contracts/products.ts';
import { formatPaise } from '../../../domain/money.ts';
import { sizePricePaise } from '../../../domain/catalogue.ts';

export function SizePicker({ product, value, onChange }: { product: Product; value: string; onChange: (size: string) => void }) {
  return (
    <fieldset>
      <legend className="eyebrow mb-2">Size</legend>
      <div className="flex flex-wrap gap-2">
        {product.sizes.map((option) => {
          const selected = option.size === value;
          return (
            <label
              key={option.size}
              className={`cursor-pointer rounded-md border px-4 py-2 text-center transition has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-gold-bright ${
                selected ? 'border-gold bg-gold/15 text-gold-bright' : 'border-shadow text-mist hover:border-gold/60'
              } ${option.inStock ? '' : 'opacity-60'}`}
            >
              <input
                type="radio"
                name="size"
                value={option.size}
                checked={selected}
                onChange={() => onChange(option.size)}
                className="sr-only"
              />
              <span className="block font-display text-sm tracking-wider">{option.size}</span>
              <span className="block text-xs text-ash">{formatPaise(sizePricePaise(product, option.size))}</span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
