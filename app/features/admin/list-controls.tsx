import type { ReactNode } from 'react';

/** What pressing a figure does: show the list filtered to what it counts; `active` marks the filter in force. */
export interface StatFilter {
  active: boolean;
  onSelect: () => void;
}

/**
 * Filters for a list's figures: each shows the list narrowed to what it counts and, pressed again, everything
 * ('all') again.
 */
export function statFilters<T extends string>(current: T | 'all', select: (value: T | 'all') => void): (shown: T) => StatFilter {
  return (shown) => ({ active: current === shown, onSelect: () => select(current === shown ? 'all' : shown) });
}

/**
 * The figures above an admin list ('Total Users', 'Pending', ...); a dash until they arrive. A figure given a
 * filter is a toggle button, so 'Refund failed 2' takes the owner straight to those two.
 */
export function StatCards({ items, className = '' }: { items: readonly (readonly [label: string, value: ReactNode | undefined, filter?: StatFilter])[]; className?: string }) {
  return (
    <div className={`grid grid-cols-2 gap-3 ${className}`}>
      {items.map(([label, value, filter]) => {
        const figure = (
          <>
            <span className="block text-xs text-ash">{label}</span>
            <span className="mt-1 block font-display text-2xl text-gold-bright">{value ?? '–'}</span>
          </>
        );
        const cell = 'panel p-4 last:odd:col-span-2 lg:last:odd:col-span-1';
        return filter ? (
          <button
            key={label}
            type="button"
            aria-pressed={filter.active}
            onClick={filter.onSelect}
            className={`${cell} text-left transition-colors hover:border-gold/60 ${filter.active ? 'border-gold/60 bg-crypt' : ''}`}
          >
            {figure}
          </button>
        ) : (
          <div key={label} className={cell}>
            {figure}
          </div>
        );
      })}
    </div>
  );
}

/** A list's search box; its name is for screen readers, the placeholder says what it searches. */
export function SearchField({
  label,
  placeholder,
  value,
  onChange,
  className,
}: {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  className?: string;
}) {
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

/** A status menu's options: 'All statuses', then each status by its name. */
export function statusOptions<T extends string>(keys: readonly T[], labels: Record<T, string>): [T | 'all', string][] {
  return [['all', 'All statuses'], ...keys.map((key): [T, string] => [key, labels[key]])];
}

/**
 * The figure of each status for StatCards, named as the status menu names it, each showing the list narrowed to
 * its status when pressed (see statFilters).
 */
export function statusFigures<T extends string>(keys: readonly T[], labels: Record<T, string>, counts: Partial<Record<T, number>> | undefined, showing: (shown: T) => StatFilter) {
  return keys.map((key) => [labels[key], counts?.[key], showing(key)] as const);
}

/** A sort menu's options, each read 'Sort: Newest', 'Sort: Name' ... */
export function sortOptions<T extends string>(keys: readonly T[], labels: Record<T, string>): [T, string][] {
  return keys.map((key) => [key, `Sort: ${labels[key]}`]);
}
