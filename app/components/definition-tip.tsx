import { useId } from 'react';

/**
 * An ⓘ beside a figure's label that shows what the figure counts: on hover, and on tap or keyboard focus (the
 * button holds focus, and the tooltip describes it for screen readers). The tooltip opens under the figure's
 * card, as wide as it, so it stays on screen whichever column of a phone's grid the card sits in: the card must
 * be positioned (`relative`).
 */
export function DefinitionTip({ label, definition }: { label: string; definition: string }) {
  const tipId = useId();
  return (
    <span className="group normal-case">
      <button
        type="button"
        className="flex h-5 w-5 items-center justify-center rounded-full border border-gold/40 text-[0.7rem] text-gold hover:border-gold focus-visible:border-gold"
        aria-label={`What ${label} means`}
        aria-describedby={tipId}
      >
        i
      </button>
      <span
        id={tipId}
        role="tooltip"
        className="pointer-events-none invisible absolute inset-x-0 top-full z-20 mt-1 min-w-0 rounded-md border border-gold/30 bg-crypt p-3 text-left text-xs leading-relaxed font-normal tracking-normal text-mist opacity-0 shadow-xl shadow-void transition group-focus-within:visible group-focus-within:opacity-100 group-hover:visible group-hover:opacity-100"
      >
        {definition}
      </span>
    </span>
  );
}
