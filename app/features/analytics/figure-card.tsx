import type { PeriodFigure } from '../../../contracts/admin-dashboard.ts';
import { changeText } from '../../../domain/reporting-periods.ts';

interface Props {
  label: string;
  figure: PeriodFigure;
  format(value: number): string;
  /** What the change is measured against, for the accessible description ('last week'). */
  against: string;
  icon?: string;
}

/** A period figure with its real change against the period before ('New' when there was nothing to compare). */
export function FigureCard({ label, figure, format, against, icon }: Props) {
  const tone = figure.change === null ? 'text-gold-bright' : figure.change > 0 ? 'text-emerald-300' : figure.change < 0 ? 'text-blood' : 'text-ash';
  const arrow = figure.change === null || figure.change === 0 ? '' : figure.change > 0 ? '▲ ' : '▼ ';
  return (
    <div className="panel p-4" data-testid="figure-card">
      <p className="flex items-center justify-between gap-2 text-xs tracking-wider text-ash uppercase">
        {label}
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
