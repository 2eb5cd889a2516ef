import { billLines, type BillLinesOptions, type BillRow, type BillSummary } from '../../domain/bill-lines.ts';

const ROW_STYLES: Record<BillRow['kind'], string> = {
  subtotal: '',
  adjustment: 'text-gold',
  shipping: '',
  charge: '',
  total: 'mt-1 border-t border-shadow pt-2 font-display text-lg text-gold-bright',
  'included-gst': 'text-xs',
  balances: 'text-gold',
  due: 'mt-1 border-t border-shadow pt-2 font-display text-lg text-gold-bright',
  refunded: '',
};

/**
 * A bill's rows (domain/bill-lines.ts) as every storefront and back-office screen shows them: savings in gold,
 * "FREE" shipping, the total set apart. `testIdPrefix` names each figure for tests ('cart' → 'cart-total').
 */
export function BillRows({ bill, testIdPrefix, className = '', ...options }: { bill: BillSummary; testIdPrefix?: string; className?: string } & BillLinesOptions) {
  return (
    <dl className={`flex flex-col gap-1.5 text-sm ${className}`} data-testid={testIdPrefix ? `${testIdPrefix}-totals` : undefined}>
      {billLines(bill, options).map((row, index) => (
        <div key={`${row.name}-${index}`} className={`flex justify-between gap-4 ${ROW_STYLES[row.kind]}`}>
          <dt className={`min-w-0 break-words ${row.kind === 'total' || row.kind === 'due' || row.kind === 'adjustment' || row.kind === 'balances' ? '' : 'text-ash'}`}>{row.label}</dt>
          <dd
            className={`shrink-0 text-right whitespace-nowrap ${row.kind === 'shipping' && row.amountPaise === 0 ? 'text-gold' : ''}`}
            data-testid={testIdPrefix ? `${testIdPrefix}-${row.name}` : undefined}
          >
            {row.text}
          </dd>
        </div>
      ))}
    </dl>
  );
}
