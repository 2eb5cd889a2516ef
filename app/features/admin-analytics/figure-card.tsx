import { useId } from 'react';
import type { PeriodFigure } from '../../../contracts/admin-dashboard.ts';
import { changeText } from '../../../domain/reporting-periods.ts';

interface Props {
  label: string;
  figure: PeriodFigure;
  format(value: number): string;
  /** What the change is measured against, for the accessible description ('last week'). */
  against: string;
  icon?: string;
  /** What the figure means, in a tooltip on an ⓘ beside the label (hover, or tap and keyboard focus). */
  definition?: string;
}

/** A period figure with its real change against the period before ('New' when there was nothing to compare). */
export function FigureCard({ label, figure, format, against, icon, definition }: Props) {
  const tipId = useId();
  const tone = figure.change === null ? 'text-gold-bright' : figure.change > 0 ? 'text-emerald-300' : figure.change < 0 ? 'text-blood' : 'text-ash';
  const arrow = figure.change === null || figure.change === 0 ? '' : figure.change > 0 ? '▲ ' : '▼ ';
  return (
    <div className="panel p-4" data-testid="figure-card">
      <p className="flex items-center justify-between gap-2 text-xs tracking-wider text-ash uppercase">
        <span className="flex items-center gap-1.5">
          {label}
          {definition ? (
            <span className="group relative normal-case">
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
                className="pointer-events-none invisible absolute top-full -right-8 z-20 mt-2 w-60 rounded-md border border-gold/30 bg-crypt p-3 text-xs leading-relaxed tracking-normal text-mist opacity-0 shadow-xl shadow-void transition group-focus-within:visible group-focus-within:opacity-100 group-hover:visible group-hover:opacity-100"
              >
                {definition}
              </span>
            </span>
          ) : null}
        </span>
        {icon ? (
          <span aria-hidden="true" className="text-base text-gold">
            {icon}
          </span>
        ) : null}
      </p>
      <p className="mt-2 font-display text-2xl break-words text-gold-bright">{format(figure.value)}</p>
      <p className="mt-1 text-xs">
        <span className={tone}>
          {arrow}
          {changeText(figure.change)}
        </span>{' '}
        <span className="text-ash">
          vs {against} ({format(figure.previous)})
        </span>
      </p>
    </div>
  );
}
