import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import toast from '../lib/toast.ts';
import type { FieldError } from '../../contracts/api.ts';
import type { Festival } from '../../contracts/festivals.ts';
import { formatRupees } from '../../domain/money.ts';
import { adminApi } from '../features/admin/admin-session.ts';
import { FestivalForm, festivalBody, festivalFormValues, type FestivalFormValues } from '../features/admin/festival-form.tsx';
import { couponOffer } from '../features/cart/coupon-terms.ts';
import { ApiRequestError } from '../lib/api-client.ts';

type AdminFestival = Festival & { isLive: boolean };
const FESTIVALS_KEY = ['admin', 'festivals'];
const dateFormat = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: 'Asia/Kolkata' });

/** LIVE while active and running; otherwise why not: switched off, finished, or not begun. */
function statusLabel(festival: AdminFestival): string {
  if (festival.isLive) return 'LIVE';
  if (!festival.isActive) return 'INACTIVE';
  return Date.parse(festival.endDate) < Date.now() ? 'ENDED' : 'SCHEDULED';
}

export function meta() {
  return [{ title: 'Festivals | Deosil Admin' }];
}

/** Festival banners and coupons: LIVE / INACTIVE labels, create and edit in a modal, delete with confirmation. */
export default function AdminFestivals() {
  const client = useQueryClient();
  const list = useQuery({
    queryKey: FESTIVALS_KEY,
    queryFn: ({ signal }) => adminApi<{ festivals: AdminFestival[] }>('/admin/festivals', { signal }).then((reply) => reply.festivals),
  });
  const [editing, setEditing] = useState<AdminFestival | 'new' | null>(null);
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [saving, setSaving] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const refresh = () => client.invalidateQueries({ queryKey: FESTIVALS_KEY });

  useEffect(() => {
    if (list.error) console.error('Festivals could not be loaded', list.error);
  }, [list.error]);
  useEffect(() => {
    if (editing && !dialog.current?.open) dialog.current?.showModal();
    if (!editing && dialog.current?.open) dialog.current.close();
  }, [editing]);

  async function save(values: FestivalFormValues) {
    setSaving(true);
    setErrors([]);
    try {
      const body = festivalBody(values);
      if (editing === 'new') await adminApi('/admin/festivals', { method: 'POST', body });
      else if (editing) await adminApi(`/admin/festivals/${editing.id}`, { method: 'PUT', body });
      toast.success('Festival saved');
      setEditing(null);
      await refresh();
    } catch (error) {
      if (error instanceof ApiRequestError && error.errors.length > 0) setErrors(error.errors);
      else toast.error(error instanceof ApiRequestError ? error.message : 'Failed to save festival');
    } finally {
      setSaving(false);
    }
  }

  async function remove(festival: AdminFestival) {
    if (!window.confirm('Are you sure you want to delete this festival?')) return;
    try {
      await adminApi(`/admin/festivals/${festival.id}`, { method: 'DELETE' });
      await refresh();
    } catch {
      toast.error('Failed to delete festival');
    }
  }

  async function toggle(festival: AdminFestival) {
    try {
      await adminApi(`/admin/festivals/${festival.id}/toggle`, { method: 'PATCH' });
      await refresh();
    } catch {
      toast.error('Failed to toggle festival status');
    }
  }

  return (
    <section className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <p className="eyebrow">Banners and coupons</p>
          <h1 className="mt-1 text-2xl text-gold-bright">Festival Management</h1>
        </div>
        <button type="button" className="btn-gold" onClick={() => (setErrors([]), setEditing('new'))}>
          New Festival
        </button>
      </div>

      {list.isLoading ? <p className="text-ash">Loading festivals...</p> : null}
      {list.data?.length === 0 ? <p className="panel p-6 text-ash">No festivals yet. Create the first banner.</p> : null}
      <ul className="grid gap-4 lg:grid-cols-2">
        {(list.data ?? []).map((festival) => (
          <li key={festival.id} className="panel overflow-hidden" data-testid="admin-festival">
            <div className="px-4 py-3" style={{ backgroundColor: festival.backgroundColor, color: festival.textColor }}>
              <div className="flex items-center justify-between gap-2">
                <strong className="font-display tracking-wider">{festival.name}</strong>
                <span className={`rounded-full px-2 py-0.5 text-xs font-bold ${festival.isLive ? 'bg-emerald-300 text-void' : 'bg-void/70 text-ash'}`}>
                  {statusLabel(festival)}
                </span>
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
                {dateFormat.format(new Date(festival.startDate))} – {dateFormat.format(new Date(festival.endDate))}
              </dd>
              <dt className="text-ash">Priority</dt>
              <dd>{festival.priority}</dd>
            </dl>
            <div className="flex flex-wrap gap-2 border-t border-shadow px-4 py-3">
              <button type="button" className="btn-ghost px-3 py-1.5 text-xs" onClick={() => (setErrors([]), setEditing(festival))}>
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

      <dialog ref={dialog} aria-labelledby="festival-form-title" onClose={() => setEditing(null)} className="m-auto w-[min(94vw,48rem)] rounded-xl border border-shadow bg-crypt p-0 text-mist backdrop:bg-void/80">
        {editing ? (
          <div className="p-5">
            <h2 id="festival-form-title" className="mb-4 text-xl text-gold-bright">
              {editing === 'new' ? 'New Festival' : `Edit ${editing.name}`}
            </h2>
            <FestivalForm
              key={editing === 'new' ? 'new' : editing.id}
              initial={festivalFormValues(editing === 'new' ? undefined : editing)}
              saving={saving}
              errors={errors}
              onSubmit={save}
              onCancel={() => setEditing(null)}
            />
          </div>
        ) : null}
      </dialog>
    </section>
  );
}
