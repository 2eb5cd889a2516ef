import type { ReactNode } from 'react';

/** The figures above an admin list ('Total Users', 'Pending', ...); a dash until they arrive. */
export function StatCards({ items, className = '' }: { items: readonly (readonly [label: string, value: ReactNode | undefined])[]; className?: string }) {
  return (
    <div className={`grid grid-cols-2 gap-3 ${className}`}>
      {items.map(([label, value]) => (
        <div key={label} className="panel p-4 last:odd:col-span-2 lg:last:odd:col-span-1">
          <p className="text-xs text-ash">{label}</p>
          <p className="mt-1 font-display text-2xl text-gold-bright">{value ?? '–'}</p>
        </div>
      ))}
    </div>
  );
}

/** A list's search box; its name is for screen readers, the placeholder says what it searches. */
export function SearchField({ label, placeholder, value, onChange, className }: { label: string; placeholder: string; value: string; onChange: (value: string) => void; className?: string }) {
  return (
    <label className={className}>
      <span className="sr-only">{label}</span>
      <input type="search" className="field" placeholder={placeholder} value={value} onChange={(event) => onChange(event.target.value)} />
    </label>
  );
}

/** A filter or sort menu of a list, named for screen readers. */
export function FilterSelect<T extends string>({
  label,
  value,
  onChange,
  options,
  className,
}: {
  label: string;
  value: T;
  onChange: (value: T) => void;
  options: readonly (readonly [value: T, text: string])[];
  className?: string;
}) {
  return (
    <label className={className}>
      <span className="sr-only">{label}</span>
      <select className="field" value={value} onChange={(event) => onChange(event.target.value as T)}>
        {options.map(([option, text]) => (
          <option key={option} value={option}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
}

/** A sort menu's options, each read 'Sort: Newest', 'Sort: Name' ... */
export function sortOptions<T extends string>(keys: readonly T[], labels: Record<T, string>): [T, string][] {
  return keys.map((key) => [key, `Sort: ${labels[key]}`]);
}
