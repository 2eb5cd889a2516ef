import { useEffect, useRef, useState } from 'react';
import type { SavedAddress } from '../../../contracts/address-book.ts';
import { addressLine, startingAddress } from '../../../domain/address-book.ts';
import { normalisePin } from '../../../domain/india-states.ts';
import type { ShippingDetails } from '../../../domain/shipping-details.ts';
import { CheckboxField } from '../../components/form.tsx';
import toast from '../../lib/toast.ts';
import { addressInputOf, useSavedAddresses, useSaveAddress, withSavedAddress } from '../address-book/index.ts';

const NEW = 'new';

/** The PIN's place as the shop's PIN dataset knows it (the delivery check's answer). */
interface PinPlace {
  pincode: string;
  city: string | null;
  state: string | null;
}

/**
 * The address step's own part of the checkout: a choice among the customer's saved addresses (the default
 * chosen at first) or 'Add a new address'; a new address is saved to the address book when the shopper goes on,
 * unless they untick the box. A typed PIN fills an empty city and state from the PIN dataset.
 */
export function useAddressBookAtCheckout(values: ShippingDetails, setValues: (update: (current: ShippingDetails) => ShippingDetails) => void, place: PinPlace | null) {
  const saved = useSavedAddresses();
  const save = useSaveAddress();
  const [chosen, setChosen] = useState<string | null>(null);
  const [keep, setKeep] = useState(true);
  const started = useRef(false);
  const typedStreet = useRef(values.street);
  typedStreet.current = values.street;
  const addresses = saved.data ?? [];

  // The default address fills the form once, unless the shopper had already typed an address (a kept draft).
  useEffect(() => {
    if (started.current || !saved.data) return;
    started.current = true;
    const first = startingAddress(saved.data);
    if (!first || (typedStreet.current && typedStreet.current !== first.street)) return setChosen(NEW);
    setChosen(first.id);
    setValues((current) => withSavedAddress(current, first));
  }, [saved.data, setValues]);

  // Only a PIN the shopper typed fills the city and state, and only where they are empty.
  const pin = normalisePin(values.zipCode);
  useEffect(() => {
    if (!place || place.pincode !== pin || !place.state) return;
    setValues((current) => (current.city && current.state ? current : { ...current, city: current.city || place.city || '', state: current.state || place.state || '' }));
  }, [place, pin, setValues]);

  const choose = (id: string) => {
    setChosen(id);
    const address = addresses.find((entry) => entry.id === id);
    setValues((current) =>
      address ? withSavedAddress(current, address) : { ...current, street: '', city: '', state: '', zipCode: '' },
    );
  };

  /** Called when the shopper goes on to review: a new address, unless unticked or already saved, is kept. */
  const saveIfNew = () => {
    if (chosen === null || chosen !== NEW || !keep) return;
    const known = addresses.some((entry) => entry.street === values.street.trim() && entry.zipCode === values.zipCode.trim());
    if (known) return;
    const label = addresses.some((entry) => entry.label === 'Home') ? `Address ${addresses.length + 1}` : 'Home';
    save.mutate({ input: addressInputOf(values, label) }, { onError: () => toast.error('We could not save this address to your address book; your order is not affected.') });
  };

  const element = (
    <div className="mb-5 space-y-3">
      {addresses.length > 0 ? (
        <fieldset className="space-y-2">
          <legend className="mb-1 text-sm text-gold">Ship to</legend>
          {addresses.map((address) => (
            <AddressOption key={address.id} address={address} checked={chosen === address.id} onChoose={() => choose(address.id)} />
          ))}
          <label className={`flex cursor-pointer items-center gap-3 rounded-lg border p-3 text-sm ${chosen === NEW ? 'border-gold/70 bg-gold/5' : 'border-shadow'}`}>
            <input type="radio" name="saved-address" className="h-4 w-4 accent-gold" checked={chosen === NEW} onChange={() => choose(NEW)} />
            <span className="text-gold-bright">+ Add a new address</span>
          </label>
        </fieldset>
      ) : null}
      {chosen === NEW ? (
        <CheckboxField
          label="Save this address to my address book"
          fieldClassName="flex cursor-pointer items-center gap-3 text-sm text-mist"
          className="h-5 w-5 shrink-0 accent-gold"
          checked={keep}
          onChange={(event) => setKeep(event.target.checked)}
        />
      ) : null}
    </div>
  );
  return { element, saveIfNew };
}

function AddressOption({ address, checked, onChoose }: { address: SavedAddress; checked: boolean; onChoose: () => void }) {
  return (
    <label className={`flex cursor-pointer items-start gap-3 rounded-lg border p-3 text-sm ${checked ? 'border-gold/70 bg-gold/5' : 'border-shadow'}`} data-testid="saved-address">
      <input type="radio" name="saved-address" className="mt-1 h-4 w-4 shrink-0 accent-gold" checked={checked} onChange={onChoose} />
      <span className="min-w-0">
        <span className="text-gold-bright">{address.label}</span>
        {address.isDefault ? <span className="ml-2 rounded border border-gold/40 px-1.5 text-xs text-gold">Default</span> : null}
        <span className="block text-mist">
          {address.firstName} {address.lastName} · {address.phone}
        </span>
        <span className="block break-words text-ash">{addressLine(address)}</span>
      </span>
    </label>
  );
}
