export function QuantityPicker({ value, onChange }: { value: number; onChange: (quantity: number) => void }) {
  return (
    <div>
      <span className="eyebrow mb-2 block" id="quantity-label">
        Quantity
      </span>
      <div className="inline-flex items-center rounded-md border border-shadow" role="group" aria-labelledby="quantity-label">
        <button
          type="button"
          className="h-10 w-10 text-lg text-gold-bright disabled:text-ash/50"
          onClick={() => onChange(value - 1)}
          disabled={value <= 1}
          aria-label="Decrease quantity"
        >
          −
        </button>
        <output className="w-10 text-center font-display" aria-live="polite" aria-label={`Quantity ${value}`}>
          {value}
        </output>
        <button type="button" className="h-10 w-10 text-lg text-gold-bright" onClick={() => onChange(value + 1)} aria-label="Increase quantity">
          +
        </button>
      </div>
    </div>
  );
}
