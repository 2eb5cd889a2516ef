import type { FieldError } from '../../../contracts/api.ts';
import type { Festival } from '../../../contracts/festivals.ts';
import { CheckboxField, Field, SelectField, TextAreaField, TextField } from '../../components/form.tsx';
import { RecordForm, useRecordForm } from '../admin/index.ts';

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

/** The form's words for each field, which the server's messages are put into ('Banner image is required'). */
export const FESTIVAL_LABELS: Record<Exclude<keyof FestivalFormValues, 'isActive'>, string> = {
  name: 'Name',
  description: 'Description',
  bannerImage: 'Banner image',
  startDate: 'Start date',
  endDate: 'End date',
  priority: 'Priority',
  festivalCode: 'Coupon code',
  couponType: 'Coupon type',
  discountPercentage: 'Discount',
  minimumOrderAmount: 'Minimum order',
  maxDiscountAmount: 'Maximum discount',
  usageLimit: 'Usage limit',
  backgroundColor: 'Background colour',
  textColor: 'Text colour',
  ctaText: 'Button text',
  ctaLink: 'Button link',
};

/** A colour picker shown as what it is: a swatch of the chosen colour and its hex value. */
function ColourField({ label, value, error, onChange }: { label: string; value: string; error?: string; onChange(value: string): void }) {
  return (
    <Field label={label} error={error}>
      {(control) => (
        <span className="flex items-center gap-3">
          <input
            {...control}
            type="color"
            className="h-11 w-16 shrink-0 cursor-pointer rounded-md border border-shadow bg-crypt p-1 [&::-moz-color-swatch]:rounded [&::-webkit-color-swatch]:rounded [&::-webkit-color-swatch]:border-0 [&::-webkit-color-swatch-wrapper]:p-0"
            value={value}
            onChange={(event) => onChange(event.target.value)}
          />
          <span className="font-mono text-sm text-mist uppercase" data-testid="colour-value">
            {value}
          </span>
        </span>
      )}
    </Field>
  );
}

/** The banner as the storefront will draw it, redrawn as the form changes. */
function BannerPreview({ values }: { values: FestivalFormValues }) {
  return (
    <figure className="sm:col-span-2">
      <figcaption className="mb-1 text-sm text-ash">Banner preview</figcaption>
      <div data-testid="banner-preview" className="flex flex-col items-start gap-2 rounded-lg border border-shadow p-4 sm:flex-row sm:items-center sm:justify-between" style={{ backgroundColor: values.backgroundColor, color: values.textColor }}>
        <div className="min-w-0">
          <p className="font-display text-lg break-words">{values.name || 'Festival name'}</p>
          <p className="text-sm break-words opacity-90">{values.description || 'Its description shows here.'}</p>
          {values.festivalCode ? <p className="mt-1 font-mono text-xs opacity-90">Code {values.festivalCode}</p> : null}
        </div>
        <span className="shrink-0 rounded-full border px-4 py-1.5 text-sm" style={{ borderColor: values.textColor }}>
          {values.ctaText || 'Shop Now'}
        </span>
      </div>
    </figure>
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
  const { values, set, errorOf } = useRecordForm(initial, errors, FESTIVAL_LABELS);
  const text = (field: keyof FestivalFormValues, label: string, type = 'text', extra: Record<string, unknown> = {}) => (
    <TextField label={label} error={errorOf(field)} type={type} value={String(values[field])} onChange={(event) => set(field, event.target.value as never)} {...extra} />
  );

  return (
    <RecordForm values={values} errors={errors} labels={FESTIVAL_LABELS} saving={saving} saveLabel="Save Festival" onSubmit={onSubmit} onCancel={onCancel}>
      {text('name', 'Name *')}
      {text('bannerImage', 'Banner image URL *', 'text', { placeholder: 'https://… or /images/…' })}
      <TextAreaField label="Description *" error={errorOf('description')} fieldClassName="sm:col-span-2" className="min-h-20" value={values.description} onChange={(event) => set('description', event.target.value)} />
      {text('startDate', 'Starts *', 'datetime-local')}
      {text('endDate', 'Ends *', 'datetime-local')}
      {text('priority', 'Priority (1-10)', 'number', { min: 1, max: 10 })}
      <TextField label="Coupon code (empty: banner only)" error={errorOf('festivalCode')} className="uppercase" value={values.festivalCode} onChange={(event) => set('festivalCode', event.target.value.toUpperCase())} />
      <SelectField label="Coupon type" error={errorOf('couponType')} value={values.couponType} onChange={(event) => set('couponType', event.target.value as 'percentage' | 'fixed')}>
        <option value="percentage">Percentage</option>
        <option value="fixed">Fixed amount (₹)</option>
      </SelectField>
      {text('discountPercentage', values.couponType === 'percentage' ? 'Discount (%)' : 'Discount (₹)', 'number', { min: 0, step: 'any' })}
      {text('minimumOrderAmount', 'Minimum order (₹)', 'number', { min: 0, step: 'any' })}
      {values.couponType === 'percentage' ? text('maxDiscountAmount', 'Maximum discount (₹, optional)', 'number', { min: 0, step: 'any' }) : null}
      {text('usageLimit', 'Usage limit (empty: unlimited)', 'number', { min: 1 })}
      <ColourField label="Background colour" value={values.backgroundColor} error={errorOf('backgroundColor')} onChange={(value) => set('backgroundColor', value)} />
      <ColourField label="Text colour" value={values.textColor} error={errorOf('textColor')} onChange={(value) => set('textColor', value)} />
      {text('ctaText', 'Button text')}
      {text('ctaLink', 'Button link')}
      <BannerPreview values={values} />
      <CheckboxField label="Active" fieldClassName="flex items-center gap-2 text-sm sm:col-span-2" checked={values.isActive} onChange={(event) => set('isActive', event.target.checked)} />
    </RecordForm>
  );
}
