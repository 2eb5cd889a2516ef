import { useState, type FormEvent, type ReactNode } from 'react';
import type { FieldError } from '../../../contracts/api.ts';
import type { Festival } from '../../../contracts/festivals.ts';

export interface FestivalFormValues {
  name: string;
  description: string;
  bannerImage: string;
  startDate: string;
  endDate: string;
  priority: string;
  festivalCode: string;
  couponType: 'percentage' | 'fixed';
  discountPercentage: string;
  minimumOrderAmount: string;
  maxDiscountAmount: string;
  usageLimit: string;
  backgroundColor: string;
  textColor: string;
  ctaText: string;
  ctaLink: string;
  isActive: boolean;
}

/** A date-time input's value (local time) for an ISO instant. */
const toLocalInput = (iso: string) => {
  const date = new Date(iso);
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};

/** The spec's defaults for a new festival. */
export function festivalFormValues(festival?: Festival): FestivalFormValues {
  return {
    name: festival?.name ?? '',
    description: festival?.description ?? '',
    bannerImage: festival?.bannerImage ?? '',
    startDate: festival ? toLocalInput(festival.startDate) : '',
    endDate: festival ? toLocalInput(festival.endDate) : '',
    priority: String(festival?.priority ?? 1),
    festivalCode: festival?.festivalCode ?? '',
    couponType: festival?.couponType ?? 'percentage',
    discountPercentage: String(festival?.discountPercentage ?? 0),
    minimumOrderAmount: String(festival?.minimumOrderAmount ?? 0),
    maxDiscountAmount: festival?.maxDiscountAmount == null ? '' : String(festival.maxDiscountAmount),
    usageLimit: festival?.usageLimit == null ? '' : String(festival.usageLimit),
    backgroundColor: festival?.backgroundColor ?? '#1a1a1a',
    textColor: festival?.textColor ?? '#ffffff',
    ctaText: festival?.ctaText ?? 'Shop Now',
    ctaLink: festival?.ctaLink ?? '/products',
    isActive: festival?.isActive ?? true,
  };
}

const numberOrText = (value: string) => (value.trim() === '' ? '' : Number.isNaN(Number(value)) ? value : Number(value));

/** The request body; the server checks every rule and answers field by field. */
export function festivalBody(values: FestivalFormValues) {
  return {
    ...values,
    startDate: values.startDate ? new Date(values.startDate).toISOString() : '',
    endDate: values.endDate ? new Date(values.endDate).toISOString() : '',
    priority: numberOrText(values.priority),
    discountPercentage: numberOrText(values.discountPercentage),
    minimumOrderAmount: numberOrText(values.minimumOrderAmount),
    maxDiscountAmount: values.couponType === 'percentage' ? numberOrText(values.maxDiscountAmount) : '',
    usageLimit: numberOrText(values.usageLimit),
    festivalCode: values.festivalCode.trim().toUpperCase(),
  };
}

function Field({ label, error, children }: { label: string; error?: string; children: ReactNode }) {
  return (
    <label className="flex flex-col gap-1 text-sm">
      <span className="text-ash">{label}</span>
      {children}
      {error ? (
        <span className="text-xs text-blood" role="alert">
          {error}
        </span>
      ) : null}
    </label>
  );
}

export function FestivalForm({
  initial,
  saving,
  errors,
  onSubmit,
  onCancel,
}: {
  initial: FestivalFormValues;
  saving: boolean;
  errors: FieldError[];
  onSubmit: (values: FestivalFormValues) => void;
  onCancel: () => void;
}) {
  const [values, setValues] = useState(initial);
  const errorOf = (field: keyof FestivalFormValues) => errors.find((error) => error.field === field)?.message;
  const set = <K extends keyof FestivalFormValues>(field: K, value: FestivalFormValues[K]) => setValues((current) => ({ ...current, [field]: value }));
  const text = (field: keyof FestivalFormValues, label: string, type = 'text', extra: Record<string, unknown> = {}) => (
    <Field label={label} error={errorOf(field)}>
      <input className="field" type={type} value={String(values[field])} onChange={(event) => set(field, event.target.value as never)} aria-invalid={errorOf(field) ? true : undefined} {...extra} />
    </Field>
  );

  return (
    <form
      className="grid gap-4 sm:grid-cols-2"
      noValidate
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        onSubmit(values);
      }}
    >
      {text('name', 'Name *')}
      {text('bannerImage', 'Banner image URL *', 'text', { placeholder: 'https://… or /images/…' })}
      <div className="sm:col-span-2">
        <Field label="Description *" error={errorOf('description')}>
          <textarea className="field min-h-20" value={values.description} onChange={(event) => set('description', event.target.value)} />
        </Field>
      </div>
      {text('startDate', 'Starts *', 'datetime-local')}
      {text('endDate', 'Ends *', 'datetime-local')}
      {text('priority', 'Priority (1-10)', 'number', { min: 1, max: 10 })}
      <Field label="Coupon code (empty: banner only)" error={errorOf('festivalCode')}>
        <input className="field uppercase" value={values.festivalCode} onChange={(event) => set('festivalCode', event.target.value.toUpperCase())} />
      </Field>
      <Field label="Coupon type" error={errorOf('couponType')}>
        <select className="field" value={values.couponType} onChange={(event) => set('couponType', event.target.value as 'percentage' | 'fixed')}>
          <option value="percentage">Percentage</option>
          <option value="fixed">Fixed amount (₹)</option>
        </select>
      </Field>
      {text('discountPercentage', values.couponType === 'percentage' ? 'Discount (%)' : 'Discount (₹)', 'number', { min: 0, step: 'any' })}
      {text('minimumOrderAmount', 'Minimum order (₹)', 'number', { min: 0, step: 'any' })}
      {values.couponType === 'percentage' ? text('maxDiscountAmount', 'Maximum discount (₹, optional)', 'number', { min: 0, step: 'any' }) : null}
      {text('usageLimit', 'Usage limit (empty: unlimited)', 'number', { min: 1 })}
      {text('backgroundColor', 'Background colour', 'color')}
      {text('textColor', 'Text colour', 'color')}
      {text('ctaText', 'Button text')}
      {text('ctaLink', 'Button link')}
      <label className="flex items-center gap-2 text-sm sm:col-span-2">
        <input type="checkbox" checked={values.isActive} onChange={(event) => set('isActive', event.target.checked)} />
        Active
      </label>
      <div className="flex justify-end gap-2 sm:col-span-2">
        <button type="button" className="btn-ghost" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="btn-gold" disabled={saving}>
          {saving ? 'Saving…' : 'Save Festival'}
        </button>
      </div>
    </form>
  );
}
