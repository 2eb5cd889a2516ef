import { DefinitionTip } from '../../components/definition-tip.tsx';
import type { CashOnDeliveryFigures, PeriodFigure } from '../../../contracts/admin-dashboard.ts';
import { COD_SHARE_DEFINITION, RTO_RATE_DEFINITION } from '../../../domain/cod-progress.ts';
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
  /** A rise is bad news (the RTO rate): it shows red, a fall green. */
  lowerIsBetter?: boolean;
  /** A line of what stands behind the figure ('3 returned · 12 collected'). */
  detail?: string;
  testId?: string;
}

/** A period figure with its real change against the period before ('New' when there was nothing to compare). */
export function FigureCard({ label, figure, format, against, icon, definition, lowerIsBetter = false, detail, testId = 'figure-card' }: Props) {
  const better = figure.change !== null && (lowerIsBetter ? figure.change < 0 : figure.change > 0);
  const tone = figure.change === null ? 'text-gold-bright' : figure.change === 0 ? 'text-ash' : better ? 'text-emerald-300' : 'text-blood';
  const arrow = figure.change === null || figure.change === 0 ? '' : figure.change > 0 ? '▲ ' : '▼ ';
  return (
    <div className="panel relative p-4" data-testid={testId}>
      <p className="flex items-center justify-between gap-2 text-xs tracking-wider text-ash uppercase">
        <span className="flex items-center gap-1.5">
          {label}
          {definition ? <DefinitionTip label={label} definition={definition} /> : null}
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
      {detail ? <p className="mt-1 text-xs text-ash">{detail}</p> : null}
    </div>
  );
}

const percent = (value: number) => `${value.toFixed(1)}%`;

/** COD share: the dashboard and analytics both show it, with the count behind it. */
export function CodShareCard({ figures, against }: { figures: CashOnDeliveryFigures; against: string }) {
  const detail = `${figures.codOrders.toLocaleString('en-IN')} COD ${figures.codOrders === 1 ? 'order' : 'orders'} placed`;
  return <FigureCard label="COD Share" icon="₹" figure={figures.codShare} format={percent} against={against} definition={COD_SHARE_DEFINITION} detail={detail} testId="cod-share" />;
}

/** RTO rate: returned to origin among the COD orders that reached the door; a rise is bad news. */
export function RtoRateCard({ figures, against }: { figures: CashOnDeliveryFigures; against: string }) {
  const detail = `${figures.returned.toLocaleString('en-IN')} returned · ${figures.collected.toLocaleString('en-IN')} collected`;
  return <FigureCard label="RTO Rate" icon="↺" figure={figures.rtoRate} format={percent} against={against} definition={RTO_RATE_DEFINITION} lowerIsBetter detail={detail} testId="rto-rate" />;
}
