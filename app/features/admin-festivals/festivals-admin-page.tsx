import { formatRupees } from '../../../domain/money.ts';
import { FestivalForm, festivalFormValues } from './festival-form.tsx';
import { AdminScreen, RecordDialog } from '../admin/index.ts';
import { couponOffer } from '../cart/index.ts';
import { type AdminFestival, useFestivalsAdmin } from './use-festivals-admin.ts';
import { formatShopDate } from '../../../domain/shop-clock.ts';

/** LIVE while active and running; otherwise why not: switched off, finished, or not begun. */
function statusLabel(festival: AdminFestival): string {
  if (festival.isLive) return 'LIVE';
  if (!festival.isActive) return 'INACTIVE';
  return Date.parse(festival.endDate) < Date.now() ? 'ENDED' : 'SCHEDULED';
}

/** Festival banners and coupons: LIVE / INACTIVE labels, create and edit in a modal, delete with confirmation. */
export function FestivalsAdminPage() {
  const { list, festivals, editor, remove, toggle } = useFestivalsAdmin();

  return (
    <AdminScreen eyebrow="Banners and coupons" title="Festival Management" create={{ label: 'New Festival', onClick: () => editor.open('new') }}>
      {list.isLoading ? <p className="text-ash">Loading festivals...</p> : null}
      {festivals?.length === 0 ? <p className="panel p-6 text-ash">No festivals yet. Create the first banner.</p> : null}
      <ul className="grid gap-4 lg:grid-cols-2">
        {(festivals ?? []).map((festival) => (
          <li key={festival.id} className="panel overflow-hidden" data-testid="admin-festival">
            <div className="px-4 py-3" style={{ backgroundColor: festival.backgroundColor, color: festival.textColor }}>
              <div className="flex items-center justify-between gap-2">
                <strong className="font-display tracking-wider">{festival.name}</strong>
                <span className={`rounded-full px-2 py-0.5 text-xs font-bold ${festival.isLive ? 'bg-emerald-300 text-void' : 'bg-void/70 text-ash'}`}>{statusLabel(festival)}</span>
              </div>
              <p className="mt-1 text-sm opacity-90">{festival.description}</p>
            </div>
            <dl className="grid grid-cols-2 gap-x-4 gap-y-1 px-4 py-3 text-sm">
              <dt className="text-ash">Code</dt>
              <dd>{festival.festivalCode ?? 'Banner only'}</dd>
              {festival.festivalCode ? (
                <>
                  <dt className="text-ash">Offer</dt>
                  <dd>{couponOffer(festival, formatRupees)}</dd>
                  <dt className="text-ash">Minimum order</dt>
                  <dd>{formatRupees(festival.minimumOrderAmount)}</dd>
                  <dt className="text-ash">Used</dt>
                  <dd>
                    {festival.usedCount} / {festival.usageLimit ?? '∞'}
                  </dd>
                </>
              ) : null}
              <dt className="text-ash">Runs</dt>
              <dd>
                {formatShopDate(festival.startDate, 'dateTime')} – {formatShopDate(festival.endDate, 'dateTime')}
              </dd>
              <dt className="text-ash">Priority</dt>
              <dd>{festival.priority}</dd>
            </dl>
            <div className="flex flex-wrap gap-2 border-t border-shadow px-4 py-3">
              <button type="button" className="btn-ghost px-3 py-1.5 text-xs" onClick={() => editor.open(festival)}>
                Edit
              </button>
              <button type="button" className="btn-ghost px-3 py-1.5 text-xs" onClick={() => toggle(festival)}>
                {festival.isActive ? 'Deactivate' : 'Activate'}
              </button>
              <button type="button" className="px-3 py-1.5 text-xs text-blood hover:underline" onClick={() => remove(festival)} aria-label={`Delete ${festival.name}`}>
                Delete
              </button>
            </div>
          </li>
        ))}
      </ul>

      <RecordDialog
        editor={editor}
        titleId="festival-form-title"
        width="w-[min(94vw,48rem)]"
        title={(festival) => (festival ? `Edit ${festival.name}` : 'New Festival')}
        recordKey={(festival) => festival.id}
      >
        {(festival, form) => <FestivalForm initial={festivalFormValues(festival)} {...form} />}
      </RecordDialog>
    </AdminScreen>
  );
}
