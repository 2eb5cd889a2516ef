import { useId, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import toast from '../../lib/toast.ts';
import { SIZE_PRESETS } from '../../../contracts/admin-products.ts';
import type { FieldError } from '../../../contracts/api.ts';
import { labelled } from '../admin/field-labels.ts';
import { uploadImage } from './admin-files.ts';
import { NOTE_LAYERS, withSize, type NoteLayer, type ProductFormValues } from './product-form-values.ts';

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
};

/** A field's first server message, in the form's words; `sizes` also finds 'sizes.1.price'. */
function messageFor(errors: FieldError[], field: string): string | undefined {
  const message = errors.find((error) => error.field === field || error.field.startsWith(`${field}.`))?.message;
  return message === undefined ? undefined : labelled(message, PRODUCT_LABELS);
}

function FieldError({ message }: { message?: string }) {
  return message ? (
    <span className="text-xs text-blood" role="alert">
      {message}
    </span>
  ) : null;
}

function Field({ label, error, children, wide }: { label: string; error?: string; children: ReactNode; wide?: boolean }) {
  return (
    <label className={`flex flex-col gap-1 text-sm ${wide ? 'sm:col-span-2' : ''}`}>
      <span className="text-ash">{label}</span>
      {children}
      <FieldError message={error} />
    </label>
  );
}

function Fieldset({ legend, error, children }: { legend: string; error?: string; children: ReactNode }) {
  return (
    <fieldset className="space-y-2 rounded-lg border border-shadow p-3 sm:col-span-2">
      <legend className="px-1 text-sm text-gold">{legend}</legend>
      {children}
      <FieldError message={error} />
    </fieldset>
  );
}

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
  const inputId = useId();
  const add = () => {
    const note = draft.trim();
    if (note && !notes.includes(note)) onChange([...notes, note]);
    setDraft('');
  };
  return (
    <div className="space-y-2">
      <label htmlFor={inputId} className="text-sm text-ash">
        {NOTE_LABELS[layer]}
      </label>
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
          id={inputId}
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
      <FieldError message={error} />
    </div>
  );
}

export function ProductForm({
  initial,
  categories,
  saving,
  errors,
  onSubmit,
  onCancel,
}: {
  initial: ProductFormValues;
  categories: { id: string; name: string }[];
  saving: boolean;
  errors: FieldError[];
  onSubmit: (values: ProductFormValues) => void;
  onCancel: () => void;
}) {
  const [values, setValues] = useState(initial);
  const [customSize, setCustomSize] = useState('');
  const set = <K extends keyof ProductFormValues>(field: K, value: ProductFormValues[K]) => setValues((current) => ({ ...current, [field]: value }));
  const errorOf = (field: string) => messageFor(errors, field);
  const invalid = (field: string) => (errorOf(field) ? true : undefined);
  const addSize = (name: string) => setValues((current) => ({ ...current, sizes: withSize(current.sizes, name) }));
  const updateSize = (index: number, change: Partial<ProductFormValues['sizes'][number]>) =>
    set('sizes', values.sizes.map((entry, at) => (at === index ? { ...entry, ...change } : entry)));

  return (
    <form
      className="grid gap-4 sm:grid-cols-2"
      noValidate
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        onSubmit(values);
      }}
    >
      {errors.length > 0 ? (
        <p role="alert" className="rounded-md border border-blood/50 bg-blood/10 px-3 py-2 text-sm text-blood sm:col-span-2">
          Please fix {errors.length} field{errors.length === 1 ? '' : 's'}: {labelled(errors[0]!.message, PRODUCT_LABELS)}
        </p>
      ) : null}
      <Field label="Name *" error={errorOf('name')}>
        <input className="field" value={values.name} onChange={(event) => set('name', event.target.value)} aria-invalid={invalid('name')} maxLength={120} />
      </Field>
      <Field label="Category *" error={errorOf('category')}>
        <select className="field" value={values.category} onChange={(event) => set('category', event.target.value)} aria-invalid={invalid('category')}>
          {categories.map((category) => (
            <option key={category.id} value={category.id}>
              {category.name}
            </option>
          ))}
        </select>
      </Field>
      <Field label="Price (₹) *" error={errorOf('price')}>
        <input className="field" inputMode="decimal" value={values.price} onChange={(event) => set('price', event.target.value)} aria-invalid={invalid('price')} placeholder="e.g. 1499.00" />
      </Field>
      <Field label="Inventory (units)" error={errorOf('inventory')}>
        <input className="field" inputMode="numeric" value={values.inventory} onChange={(event) => set('inventory', event.target.value)} aria-invalid={invalid('inventory')} />
      </Field>
      <label className="flex items-center gap-2 text-sm sm:col-span-2">
        <input type="checkbox" checked={values.isSignature} onChange={(event) => set('isSignature', event.target.checked)} />
        Signature scent (featured on the home page)
      </label>
      <Field label="Description" error={errorOf('description')} wide>
        <textarea className="field min-h-20" value={values.description} onChange={(event) => set('description', event.target.value)} maxLength={2000} />
      </Field>
      <Field label="Long description" error={errorOf('longDescription')} wide>
        <textarea className="field min-h-24" value={values.longDescription} onChange={(event) => set('longDescription', event.target.value)} maxLength={5000} />
      </Field>

      <Fieldset legend="Images" error={errorOf('image') ?? errorOf('images')}>
        <div className="flex flex-wrap items-end gap-2">
          <label className="flex min-w-0 basis-full flex-col gap-1 text-sm sm:basis-0 sm:flex-1">
            <span className="text-ash">Main image URL</span>
            <input className="field" value={values.image} placeholder="https://… or /uploads/…" onChange={(event) => set('image', event.target.value)} aria-invalid={invalid('image')} />
          </label>
          <UploadButton label="Upload main image" onUploaded={(url) => set('image', url)} />
          {values.image.trim() ? <img src={values.image} alt="" className="h-10 w-10 rounded object-cover" /> : null}
        </div>
        {values.images.map((image, index) => (
          <div key={index} className="flex items-center gap-2">
            <label className="min-w-0 flex-1 text-sm">
              <span className="sr-only">Gallery image {index + 1} URL</span>
              <input className="field" value={image} onChange={(event) => set('images', values.images.map((entry, at) => (at === index ? event.target.value : entry)))} />
            </label>
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

      <Fieldset legend="Sizes" error={errorOf('sizes')}>
        <div className="flex flex-wrap gap-2">
          {SIZE_PRESETS.map((preset) => (
            <button key={preset} type="button" className="btn-ghost px-3 py-1.5 text-xs" onClick={() => addSize(preset)} disabled={values.sizes.some((entry) => entry.size === preset)}>
              + {preset}
            </button>
          ))}
        </div>
        <div className="flex gap-2">
          <label className="min-w-0 flex-1">
            <span className="sr-only">Custom size</span>
            <input
              className="field"
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
          </label>
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
                <input type="checkbox" checked={entry.inStock} onChange={(event) => updateSize(index, { inStock: event.target.checked })} />
                In stock
              </label>
              <button type="button" className="text-xs text-blood hover:underline" aria-label={`Remove size ${entry.size}`} onClick={() => set('sizes', values.sizes.filter((_, at) => at !== index))}>
                Remove
              </button>
            </li>
          ))}
        </ul>
      </Fieldset>

      <Fieldset legend="Fragrance notes" error={errorOf('notes')}>
        <div className="grid gap-4 md:grid-cols-3">
          {NOTE_LAYERS.map((layer) => (
            <NoteList key={layer} layer={layer} notes={values.notes[layer]} onChange={(notes) => set('notes', { ...values.notes, [layer]: notes })} />
          ))}
        </div>
      </Fieldset>

      <Field label="Effect" error={errorOf('effect')} wide>
        <textarea className="field min-h-16" value={values.effect} onChange={(event) => set('effect', event.target.value)} maxLength={2000} />
      </Field>
      <Field label="Ingredients" error={errorOf('ingredients')}>
        <textarea className="field min-h-16" value={values.ingredients} onChange={(event) => set('ingredients', event.target.value)} maxLength={2000} />
      </Field>
      <Field label="Usage" error={errorOf('usage')}>
        <textarea className="field min-h-16" value={values.usage} onChange={(event) => set('usage', event.target.value)} maxLength={2000} />
      </Field>

      <div className="sticky bottom-0 -mx-5 flex justify-end gap-2 border-t border-shadow bg-crypt px-5 py-3 sm:col-span-2">
        <button type="button" className="btn-ghost" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="btn-gold" disabled={saving}>
          {saving ? 'Saving…' : 'Save Product'}
        </button>
      </div>
    </form>
  );
}
