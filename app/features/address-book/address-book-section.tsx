import { useState, type FormEvent } from 'react';
import type { SavedAddress } from '../../../contracts/address-book.ts';
import type { ServiceabilityResponse } from '../../../contracts/shipping.ts';
import { addressLine } from '../../../domain/address-book.ts';
import { indianStates, normalisePin } from '../../../domain/india-states.ts';
import { phoneProblem } from '../../../domain/phone.ts';
import { pinStateError, shippingFieldError, type ShippingField } from '../../../domain/shipping-details.ts';
import { CheckboxField, ErrorSummary, SelectField, TextField } from '../../components/form.tsx';
import { api, ApiRequestError } from '../../lib/api-client.ts';
import toast from '../../lib/toast.ts';
import { useDeleteAddress, useSaveAddress, useSavedAddresses } from './address-book-queries.ts';

type Draft = Omit<SavedAddress, 'id' | 'isDefault'> & { isDefault: boolean };
type Errors = Partial<Record<keyof Draft, string>>;

const EMPTY: Draft = { label: 'Home', firstName: '', lastName: '', phone: '', street: '', city: '', state: '', zipCode: '', country: 'India', isDefault: false };
const CHECKED: ShippingField[] = ['firstName', 'lastName', 'street', 'city', 'state', 'zipCode'];

function problemsOf(draft: Draft): Errors {
  const errors: Errors = {};
  if (!draft.label.trim()) errors.label = 'Give the address a label, such as Home or Office';
  for (const field of CHECKED) {
    const message = shippingFieldError(field, draft[field as keyof Draft] as string);
    if (message) errors[field as keyof Draft] = message;
  }
  const phone = phoneProblem(draft.phone);
  if (phone) errors.phone = phone;
  const mismatch = pinStateError(draft.zipCode, draft.state);
  if (mismatch && !errors.zipCode) errors.zipCode = mismatch;
  return errors;
}

/** The profile's address book: the places the customer ships to, one the default the checkout starts from. */
export function AddressBookSection() {
  const saved = useSavedAddresses();
  const remove = useDeleteAddress();
  const [editing, setEditing] = useState<{ id?: string; draft: Draft } | null>(null);
  const addresses = saved.data ?? [];

  const save = useSaveAddress();
  const makeDefault = (address: SavedAddress) => {
    const { id, ...rest } = address;
    save.mutate({ id, input: { ...rest, isDefault: true } }, { onSuccess: () => toast.success(`${address.label} is now your default address`) });
  };

  return (
    <section className="panel p-4 sm:p-6" aria-labelledby="address-book">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="address-book" className="text-lg text-gold-bright">
          Address Book
        </h2>
        {editing ? null : (
          <button type="button" className="btn-ghost px-4 py-2 text-xs" onClick={() => setEditing({ draft: { ...EMPTY, label: addresses.length ? 'Office' : 'Home' } })}>
            Add an Address
          </button>
        )}
      </div>
      {saved.isPending ? <p className="mt-3 text-sm text-ash">Loading your addresses…</p> : null}
      {saved.data && addresses.length === 0 && !editing ? <p className="mt-3 text-sm text-ash">No saved addresses yet. Addresses you use at checkout are kept here.</p> : null}
      <ul className="mt-4 grid gap-3 sm:grid-cols-2">
        {addresses.map((address) => (
          <li key={address.id} className="rounded-lg border border-shadow p-3 text-sm" data-testid="address-card">
            <p>
              <span className="text-gold-bright">{address.label}</span>
              {address.isDefault ? <span className="ml-2 rounded border border-gold/40 px-1.5 text-xs text-gold">Default</span> : null}
            </p>
            <p className="text-mist">
              {address.firstName} {address.lastName} · {address.phone}
            </p>
            <p className="break-words text-ash">{addressLine(address)}</p>
            <div className="mt-2 flex flex-wrap gap-3 text-xs">
              <button type="button" className="text-gold hover:text-gold-bright hover:underline" onClick={() => setEditing({ id: address.id, draft: { ...address } })}>
                Edit
              </button>
              {address.isDefault ? null : (
                <button type="button" className="text-gold hover:text-gold-bright hover:underline" onClick={() => makeDefault(address)}>
                  Make default
                </button>
              )}
              <button
                type="button"
                className="text-blood hover:underline"
                onClick={() => remove.mutate(address.id, { onSuccess: () => toast.success(`${address.label} deleted`), onError: () => toast.error('Could not delete the address. Please try again.') })}
              >
                Delete
              </button>
            </div>
          </li>
        ))}
      </ul>
      {editing ? <AddressForm key={editing.id ?? 'new'} id={editing.id} initial={editing.draft} onDone={() => setEditing(null)} /> : null}
    </section>
  );
}

function AddressForm({ id, initial, onDone }: { id?: string; initial: Draft; onDone: () => void }) {
  const save = useSaveAddress();
  const [draft, setDraft] = useState<Draft>(initial);
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);

  const set = (field: keyof Draft, value: string | boolean) => {
    setDraft((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
    if (field !== 'zipCode' || typeof value !== 'string') return;
    const pin = normalisePin(value);
    // The PIN dataset knows every PIN's district and state: an empty city and state fill themselves.
    if (pin) {
      void api<ServiceabilityResponse>(`/shipping/serviceability?pincode=${pin}`)
        .then((place) => setDraft((current) => (normalisePin(current.zipCode) !== pin ? current : { ...current, city: current.city || place.city || '', state: current.state || place.state || '' })))
        .catch(() => undefined);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = problemsOf(draft);
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    setFailure(null);
    save.mutate(
      { id, input: draft },
      {
        onSuccess: (answer) => {
          toast.success(answer.message);
          onDone();
        },
        onError: (error) => {
          if (error instanceof ApiRequestError) {
            const named: Errors = {};
            for (const item of error.errors) named[item.field as keyof Draft] = item.message;
            setErrors(named);
            setFailure(error.errors.length ? null : error.message);
          } else setFailure('Could not save the address. Please try again.');
        },
      },
    );
  };

  const text = (field: keyof Draft, label: string, extra: Record<string, unknown> = {}) => (
    <TextField label={label} value={draft[field] as string} error={errors[field]} onChange={(event) => set(field, event.target.value)} {...extra} />
  );
  return (
    <form onSubmit={submit} noValidate className="mt-5 grid gap-4 border-t border-shadow pt-5 sm:grid-cols-2" aria-label={id ? 'Edit address' : 'New address'}>
      {text('label', 'Label', { placeholder: 'Home, Office, Parents…', hint: 'How you will recognise it at checkout' })}
      {text('phone', 'Phone', { type: 'tel', inputMode: 'tel', autoComplete: 'tel', placeholder: '+91 98765 43210' })}
      {text('firstName', 'First Name', { autoComplete: 'given-name' })}
      {text('lastName', 'Last Name', { autoComplete: 'family-name' })}
      {text('street', 'Street Address', { autoComplete: 'street-address', fieldClassName: 'sm:col-span-2' })}
      {text('zipCode', 'PIN Code', { inputMode: 'numeric', autoComplete: 'postal-code', hint: 'Fills the city and state' })}
      {text('city', 'City', { autoComplete: 'address-level2' })}
      <SelectField label="State" value={draft.state} error={errors.state} autoComplete="address-level1" onChange={(event) => set('state', event.target.value)}>
        <option value="">Choose a state or union territory</option>
        {indianStates.map((state) => (
          <option key={state.code} value={state.name}>
            {state.name}
          </option>
        ))}
      </SelectField>
      <CheckboxField
        label="Make this my default address"
        fieldClassName="flex cursor-pointer items-center gap-3 self-end text-sm text-mist"
        className="h-5 w-5 shrink-0 accent-gold"
        checked={draft.isDefault}
        onChange={(event) => set('isDefault', event.target.checked)}
      />
      {failure ? <ErrorSummary className="sm:col-span-2">{failure}</ErrorSummary> : null}
      <div className="flex gap-3 sm:col-span-2">
        <button type="submit" className="btn-gold" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save Address'}
        </button>
        <button type="button" className="btn-ghost" onClick={onDone} disabled={save.isPending}>
          Cancel
        </button>
      </div>
    </form>
  );
}
