import { categoryIcon, type CategoryIcon as IconKind } from '../../../domain/catalogue.ts';

/** Line drawings in the header's style: a candle for ritual, a rose for seduction, a shield for protection, a star for the rest. */
const PATHS: Record<IconKind, string[]> = {
  ritual: ['M12 3c1.6 1.8 2.2 3.1 2.2 4.2A2.2 2.2 0 0 1 12 9.4a2.2 2.2 0 0 1-2.2-2.2C9.8 6.1 10.4 4.8 12 3Z', 'M9 11.5h6V21H9z', 'M7 21h10'],
  seduction: ['M12 20.5s-7.5-4.6-7.5-10A4.3 4.3 0 0 1 12 7.6a4.3 4.3 0 0 1 7.5 2.9c0 5.4-7.5 10-7.5 10Z'],
  protection: ['M12 3 19 6v5.5c0 4.4-3 7.9-7 9.5-4-1.6-7-5.1-7-9.5V6l7-3Z', 'm9 12 2 2 4-4'],
  default: ['M12 3.5 13.9 10l6.6 2-6.6 2L12 20.5 10.1 14l-6.6-2 6.6-2L12 3.5Z'],
};

/** The icon of a category tab; decorative, the tab's name says the category. */
export function CategoryIcon({ categoryId, className = 'h-4 w-4' }: { categoryId: string; className?: string }) {
  const kind = categoryIcon(categoryId);
  return (
    <svg aria-hidden="true" data-icon={kind} viewBox="0 0 24 24" className={`shrink-0 ${className}`} fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round">
      {PATHS[kind].map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}
