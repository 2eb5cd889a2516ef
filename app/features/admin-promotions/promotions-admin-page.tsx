import type { AdminPromotion } from '../../../contracts/promotions.ts';
import { formatRupees } from '../../../domain/money.ts';
import { formatShopDate } from '../../../domain/shop-clock.ts';
import { AdminScreen, RecordDialog } from '../admin/index.ts';
import { PromotionForm, promotionFormValues } from './promotion-form.tsx';
import { PromotionPreview } from './promotion-preview.tsx';
import { ruleSummary } from './promotion-rules.ts';
import { usePromotionsAdmin } from './use-promotions-admin.ts';

const STATUS_STYLES: Record<AdminPromotion['status'], string> = {
  live: 'bg-emerald-300 text-void',
  paused: 'bg-void/70 text-ash',
  scheduled: 'bg-violet-300 text-void',
  ended: 'bg-void/70 text-ash',
  'used-up': 'bg-ember/80 text-void',
};

/** Offers that apply by themselves or behind a code: what each does, how it stands and what it has earned. */
export function PromotionsAdminPage() {
  const { list, promotions, catalogue, editor, setPaused } = usePromotionsAdmin();
  return (
    <AdminScreen eyebrow="Offers without a code change" title="Promotions" create={{ label: 'New Promotion', onClick: () => editor.open('new') }}>
      {list.isLoading ? <p className="text-ash">Loading promotions...</p> : null}
      {promotions?.length === 0 ? <p className="panel p-6 text-ash">No promotions yet. Create the first offer.</p> : null}
      <ul className="grid gap-4 lg:grid-cols-2">
        {(promotions ?? []).map((promotion) => (
          <li key={promotion.id} className="panel flex flex-col" data-testid="admin-promotion">
            <div className="flex items-start justify-between gap-3 border-b border-shadow px-4 py-3">
              <div className="min-w-0">
                <strong className="font-display tracking-wider break-words text-gold-bright">{promotion.name}</strong>
                <p className="mt-1 text-sm text-ash">{ruleSummary(promotion)}</p>
              </div>
              <span className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-bold ${STATUS_STYLES[promotion.status]}`}>{promotion.status.replace('-', ' ').toUpperCase()}</span>
            </div>
            <dl className="grid grid-cols-2 gap-x-4 gap-y-1 px-4 py-3 text-sm">
              <dt className="text-ash">Applies</dt>
              <dd>{promotion.code ? `With code ${promotion.code}` : 'By itself'}</dd>
              <dt className="text-ash">Stacking</dt>
              <dd>
                {promotion.combinable ? 'Combines' : 'Alone'} · priority {promotion.priority}
              </dd>
              <dt className="text-ash">Used</dt>
              <dd>
                {promotion.usedCount} / {promotion.usageLimit ?? '∞'}
                {promotion.perCustomerLimit ? ` · ${promotion.perCustomerLimit} per shopper` : ''}
              </dd>
              <dt className="text-ash">Runs</dt>
              <dd>
                {formatShopDate(promotion.startsAt, 'dateTime')} – {promotion.endsAt ? formatShopDate(promotion.endsAt, 'dateTime') : 'until paused'}
              </dd>
            </dl>
            <dl className="grid grid-cols-3 gap-2 border-t border-shadow px-4 py-3 text-center text-sm" aria-label={`What ${promotion.name} has earned`}>
              <div>
                <dt className="text-xs text-ash">Paid orders</dt>
                <dd className="font-display text-lg text-gold-bright" data-testid="promotion-orders">
                  {promotion.orders}
                </dd>
              </div>
              <div>
                <dt className="text-xs text-ash">Discount given</dt>
                <dd className="font-display text-lg text-gold-bright">{formatRupees(promotion.discountGiven)}</dd>
              </div>
              <div>
                <dt className="text-xs text-ash">Revenue</dt>
                <dd className="font-display text-lg text-gold-bright">{formatRupees(promotion.revenue)}</dd>
              </div>
            </dl>
            <div className="mt-auto flex flex-wrap gap-2 border-t border-shadow px-4 py-3">
              <button type="button" className="btn-ghost px-3 py-1.5 text-xs" onClick={() => editor.open(promotion)}>
                Edit
              </button>
              <button type="button" className="btn-ghost px-3 py-1.5 text-xs" onClick={() => void setPaused(promotion, !promotion.paused)}>
                {promotion.paused ? 'Resume' : 'Pause'}
              </button>
            </div>
          </li>
        ))}
      </ul>
      <RecordDialog
        editor={editor}
        titleId="promotion-form-title"
        width="w-[min(94vw,52rem)]"
        title={(promotion) => (promotion ? `Edit ${promotion.name}` : 'New Promotion')}
        recordKey={(promotion) => `${promotion.id}-${promotion.version}`}
      >
        {(promotion, form) => (
          <PromotionForm initial={promotionFormValues(promotion)} catalogue={catalogue} {...form} preview={(values) => <PromotionPreview values={values} products={catalogue.products} />} />
        )}
      </RecordDialog>
    </AdminScreen>
  );
}
