import { useState, type KeyboardEvent } from 'react';
import toast from '../../lib/toast.ts';
import { SIZE_PRESETS } from '../../../contracts/admin-products.ts';
import type { FieldError } from '../../../contracts/api.ts';
import { CheckboxField, Field, Fieldset, SelectField, TextAreaField, TextField } from '../../components/form.tsx';
import { RecordForm, useRecordForm } from '../admin/index.ts';
import { uploadImage } from './admin-files.ts';
import { SetBuilder } from './set-builder.tsx';
import { NOTE_LAYERS, withSize, type NoteLayer, type ProductFormValues } from './product-form-values.ts';
import { DECLARATION_LABELS, MAKER_ROLES, MAKER_ROLE_LABELS, type DeclarationField } from '../../../domain/product-declarations.ts';

const NOTE_LABELS: Record<NoteLayer, string> = { top: 'Top notes', heart: 'Heart notes', base: 'Base notes' };

/** The form's words for the fields the server names in its messages ('name is required' → 'Name is required'). */
const PRODUCT_LABELS: Record<string, string> = {
  name: 'Name',
  category: 'Category',
  price: 'Price',
  description: 'Description',
  longDescription: 'Long description',
  inventory: 'Inventory',
  isSignature: 'Signature',
  image: 'Main image',
  images: 'Gallery images',
  sizes: 'Sizes',
  notes: 'Fragrance notes',
  effect: 'Effect',
  ingredients: 'Ingredients',
  usage: 'Usage',
  hsnCode: 'HSN code',
  gstRate: 'GST rate',
  gstRateFrom: 'GST rate from',
  components: 'Set contents',
  ...DECLARATION_LABELS,
};

/** A file picker styled as a button; uploads the chosen picture and hands back its URL. */
function UploadButton({ label, onUploaded }: { label: string; onUploaded: (url: string) => void }) {
  const [busy, setBusy] = useState(false);
  return (
    <label className={`btn-ghost cursor-pointer px-3 py-2 text-xs ${busy ? 'opacity-60' : ''}`}>
      {busy ? 'Uploading…' : label}
      <input
        type="file"
        accept="image/png,image/jpeg,image/webp"
        className="sr-only"
        disabled={busy}
        onChange={async (event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (!file) return;
          setBusy(true);
          try {
            onUploaded(await uploadImage(file));
            toast.success('Image uploaded');
          } catch (error) {
            toast.error(error instanceof Error ? error.message : 'Upload failed');
          } finally {
            setBusy(false);
          }
        }}
      />
    </label>
  );
}

/** Chips for one layer of notes; Enter or Add puts the typed note on the list. */
function NoteList({ layer, notes, onChange, error }: { layer: NoteLayer; notes: string[]; onChange: (notes: string[]) => void; error?: string }) {
  const [draft, setDraft] = useState('');
  const add = () => {
    const note = draft.trim();
    if (note && !notes.includes(note)) onChange([...notes, note]);
    setDraft('');
  };
  return (
    <Field label={NOTE_LABELS[layer]} error={error} fieldClassName="space-y-2">
      {(control) => (
        <>
          <ul className="flex flex-wrap gap-1.5" aria-label={NOTE_LABELS[layer]}>
            {notes.map((note) => (
              <li key={note} className="flex items-center gap-1 rounded-full border border-shadow bg-night px-2.5 py-1 text-xs text-mist">
                {note}
                <button type="button" className="text-ash hover:text-blood" aria-label={`Remove ${note} from ${NOTE_LABELS[layer].toLowerCase()}`} onClick={() => onChange(notes.filter((entry) => entry !== note))}>
                  ×
                </button>
              </li>
            ))}
          </ul>
          <div className="flex gap-2">
            <input
              {...control}
              className="field min-w-0 flex-1"
              value={draft}
              placeholder="Add a note"
              onChange={(event) => setDraft(event.target.value)}
              onKeyDown={(event: KeyboardEvent) => {
                if (event.key === 'Enter') {
                  event.preventDefault();
                  add();
                }
              }}
            />
            <button type="button" className="btn-ghost px-3 text-xs" onClick={add} aria-label={`Add ${NOTE_LABELS[layer].toLowerCase()}`}>
              Add
            </button>
          </div>
        </>
      )}
    </Field>
  );
}

export function ProductForm({
  initial,
  held = 0,
  categories,
  saving,
  errors,
  onSubmit,
  onCancel,
}: {
  initial: ProductFormValues;
  /** Units set aside for live checkouts: not part of the inventory typed here. */
  held?: number;
  categories: { id: string; name: string }[];
  saving: boolean;
  errors: FieldError[];
  onSubmit: (values: ProductFormValues) => void;
  onCancel: () => void;
}) {
  const { values, setValues, set, errorOf } = useRecordForm(initial, errors, PRODUCT_LABELS);
  const [customSize, setCustomSize] = useState('');
  const invalid = (field: string) => (errorOf(field) ? true : undefined);
  const addSize = (name: string) => setValues((current) => ({ ...current, sizes: withSize(current.sizes, name) }));
  const updateSize = (index: number, change: Partial<ProductFormValues['sizes'][number]>) =>
    set('sizes', values.sizes.map((entry, at) => (at === index ? { ...entry, ...change } : entry)));
  const declare = (field: DeclarationField, value: string) => set('declarations', { ...values.declarations, [field]: value });
  const declarationField = (field: Exclude<DeclarationField, 'makerRole'>, hint?: string) => (
    <TextField
      label={`${DECLARATION_LABELS[field]} *`}
      hint={hint}
      error={errorOf(field)}
      fieldClassName={field === 'makerAddress' || field === 'consumerCare' ? 'sm:col-span-2' : undefined}
      value={values.declarations[field]}
      onChange={(event) => declare(field, event.target.value)}
      maxLength={300}
    />
  );

  return (
    <RecordForm values={values} errors={errors} labels={PRODUCT_LABELS} saving={saving} saveLabel="Save Product" stickyFooter onSubmit={onSubmit} onCancel={onCancel}>
      <TextField label="Name *" error={errorOf('name')} value={values.name} onChange={(event) => set('name', event.target.value)} maxLength={120} />
      <SelectField label="Category *" error={errorOf('category')} value={values.category} onChange={(event) => set('category', event.target.value)}>
        {categories.map((category) => (
          <option key={category.id} value={category.id}>
            {category.name}
          </option>
        ))}
      </SelectField>
      <TextField label="Price (₹) *" error={errorOf('price')} inputMode="decimal" value={values.price} onChange={(event) => set('price', event.target.value)} placeholder="e.g. 1499.00" />
      <TextField
        label="Inventory (units)"
        hint={
          values.components.length > 0
            ? 'A set sells what its potions’ stock makes'
            : held > 0
              ? `Free to sell. ${held} more ${held === 1 ? 'is' : 'are'} held for shoppers paying now and come back if they do not pay.`
              : undefined
        }
        error={errorOf('inventory')}
        disabled={values.components.length > 0}
        inputMode="numeric"
        value={values.inventory}
        onChange={(event) => set('inventory', event.target.value)}
      />
      <TextField
        label="HSN code"
        hint="On the tax invoice; 3303 is perfumes"
        error={errorOf('hsnCode')}
        inputMode="numeric"
        value={values.hsnCode}
        onChange={(event) => set('hsnCode', event.target.value)}
        maxLength={8}
      />
      <TextField label="GST rate (%)" hint="Prices include it" error={errorOf('gstRate')} inputMode="decimal" value={values.gstRate} onChange={(event) => set('gstRate', event.target.value)} />
      <TextField
        label="GST rate from"
        hint="Orders before this date keep the earlier rate"
        type="date"
        error={errorOf('gstRateFrom')}
        value={values.gstRateFrom}
        onChange={(event) => set('gstRateFrom', event.target.value)}
      />
      <CheckboxField label="Signature scent (featured on the home page)" fieldClassName="flex items-center gap-2 text-sm sm:col-span-2" checked={values.isSignature} onChange={(event) => set('isSignature', event.target.checked)} />
      <TextAreaField label="Description" error={errorOf('description')} fieldClassName="sm:col-span-2" className="min-h-20" value={values.description} onChange={(event) => set('description', event.target.value)} maxLength={2000} />
      <TextAreaField label="Long description" error={errorOf('longDescription')} fieldClassName="sm:col-span-2" className="min-h-24" value={values.longDescription} onChange={(event) => set('longDescription', event.target.value)} maxLength={5000} />

      <Fieldset className="space-y-2 sm:col-span-2" legend="Images" error={errorOf('image') ?? errorOf('images')}>
        <div className="flex flex-wrap items-end gap-2">
          <Field label="Main image URL" fieldClassName="min-w-0 basis-full sm:basis-0 sm:flex-1">
            {(control) => <input {...control} aria-invalid={invalid('image') ?? false} className="field" value={values.image} placeholder="https://… or /uploads/…" onChange={(event) => set('image', event.target.value)} />}
          </Field>
          <UploadButton label="Upload main image" onUploaded={(url) => set('image', url)} />
          {values.image.trim() ? <img src={values.image} alt="" className="h-10 w-10 rounded object-cover" /> : null}
        </div>
        {values.images.map((image, index) => (
          <div key={index} className="flex items-center gap-2">
            <TextField label={`Gallery image ${index + 1} URL`} labelClassName="sr-only" fieldClassName="min-w-0 flex-1" value={image} onChange={(event) => set('images', values.images.map((entry, at) => (at === index ? event.target.value : entry)))} />
            <button type="button" className="px-2 text-sm text-blood hover:underline" aria-label={`Remove gallery image ${index + 1}`} onClick={() => set('images', values.images.filter((_, at) => at !== index))}>
              Remove
            </button>
          </div>
        ))}
        <div className="flex flex-wrap gap-2">
          <button type="button" className="btn-ghost px-3 py-2 text-xs" onClick={() => set('images', [...values.images, ''])}>
            Add image URL
          </button>
          <UploadButton label="Upload gallery image" onUploaded={(url) => setValues((current) => ({ ...current, images: [...current.images, url] }))} />
        </div>
      </Fieldset>

      <Fieldset className="space-y-2 sm:col-span-2" legend="Sizes" error={errorOf('sizes')}>
        <div className="flex flex-wrap gap-2">
          {SIZE_PRESETS.map((preset) => (
            <button key={preset} type="button" className="btn-ghost px-3 py-1.5 text-xs" onClick={() => addSize(preset)} disabled={values.sizes.some((entry) => entry.size === preset)}>
              + {preset}
            </button>
          ))}
        </div>
        <div className="flex gap-2">
          <TextField
            label="Custom size"
            labelClassName="sr-only"
            fieldClassName="min-w-0 flex-1"
            value={customSize}
            placeholder="Custom size, e.g. 100ml"
            onChange={(event) => setCustomSize(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                addSize(customSize);
                setCustomSize('');
              }
            }}
          />
          <button type="button" className="btn-ghost px-3 text-xs" onClick={() => (addSize(customSize), setCustomSize(''))}>
            Add size
          </button>
        </div>
        {values.sizes.length === 0 ? <p className="text-xs text-ash">No sizes: the potion sells as one 30ml bottle at the product price.</p> : null}
        <ul className="space-y-2">
          {values.sizes.map((entry, index) => (
            <li key={entry.size} className="flex flex-wrap items-center gap-2 rounded-md bg-night/60 px-3 py-2" data-testid="size-row">
              <span className="min-w-24 flex-1 text-sm text-mist">{entry.size}</span>
              <label className="flex items-center gap-1 text-xs text-ash">
                ₹
                <input className="field w-24 py-1" inputMode="decimal" aria-label={`Price of ${entry.size} (0: product price)`} value={entry.price} onChange={(event) => updateSize(index, { price: event.target.value })} />
              </label>
              <label className="flex items-center gap-1 text-xs text-ash">
                <input
                  className="field w-16 py-1"
                  inputMode="numeric"
                  aria-label={`Net quantity of ${entry.size} in ml (blank: as its name says)`}
                  aria-invalid={invalid(`sizes.${index}.netQuantityMl`)}
                  placeholder="ml"
                  value={entry.netQuantityMl}
                  onChange={(event) => updateSize(index, { netQuantityMl: event.target.value })}
                />
                ml
              </label>
              <CheckboxField label="In stock" fieldClassName="flex items-center gap-1 text-xs text-ash" checked={entry.inStock} onChange={(event) => updateSize(index, { inStock: event.target.checked })} />
              <button type="button" className="text-xs text-blood hover:underline" aria-label={`Remove size ${entry.size}`} onClick={() => set('sizes', values.sizes.filter((_, at) => at !== index))}>
                Remove
              </button>
            </li>
          ))}
        </ul>
        {values.sizes.map((entry, index) => errorOf(`sizes.${index}.netQuantityMl`) ? (
          <p key={entry.size} className="text-xs text-blood" role="alert">
            {entry.size}: give its net quantity in ml
          </p>
        ) : null)}
      </Fieldset>

      <SetBuilder components={values.components} price={values.price} onChange={(components) => set('components', components)} errorOf={errorOf} />

      <Fieldset className="grid gap-4 sm:col-span-2 sm:grid-cols-2" legend="Product details & legal information">
        <p className="text-xs text-ash sm:col-span-2">Shown on the product page, as the Legal Metrology rules ask. A product cannot be saved without them; the MRP is the price above, the price per ml is worked out from it.</p>
        {declarationField('genericName', 'e.g. Eau de Parfum')}
        <SelectField label={`${DECLARATION_LABELS.makerRole} *`} error={errorOf('makerRole')} value={values.declarations.makerRole} onChange={(event) => declare('makerRole', event.target.value)}>
          <option value="">Choose…</option>
          {MAKER_ROLES.map((role) => (
            <option key={role} value={role}>
              {MAKER_ROLE_LABELS[role]}
            </option>
          ))}
        </SelectField>
        {declarationField('makerName')}
        {declarationField('countryOfOrigin')}
        {declarationField('makerAddress')}
        {declarationField('bestBefore', 'e.g. 36 months from the month of manufacture')}
        {declarationField('consumerCare', 'E-mail and phone for complaints')}
      </Fieldset>

      <Fieldset className="space-y-2 sm:col-span-2" legend="Fragrance notes" error={errorOf('notes')}>
        <div className="grid gap-4 md:grid-cols-3">
          {NOTE_LAYERS.map((layer) => (
            <NoteList key={layer} layer={layer} notes={values.notes[layer]} onChange={(notes) => set('notes', { ...values.notes, [layer]: notes })} />
          ))}
        </div>
      </Fieldset>

      <TextAreaField label="Effect" error={errorOf('effect')} fieldClassName="sm:col-span-2" className="min-h-16" value={values.effect} onChange={(event) => set('effect', event.target.value)} maxLength={2000} />
      <TextAreaField label="Ingredients" error={errorOf('ingredients')} className="min-h-16" value={values.ingredients} onChange={(event) => set('ingredients', event.target.value)} maxLength={2000} />
      <TextAreaField label="Usage" error={errorOf('usage')} className="min-h-16" value={values.usage} onChange={(event) => set('usage', event.target.value)} maxLength={2000} />

    </RecordForm>
  );
}
