import type { Ref } from 'react';
import { SHIPPING_FIELDS, type ShippingDetails, type ShippingField } from '../../../domain/shipping-details.ts';

const FIELD_SETUP: Record<ShippingField, { label: string; autoComplete: string; type?: string; inputMode?: 'tel' | 'numeric' | 'email'; wide?: boolean }> = {
  firstName: { label: 'First Name', autoComplete: 'given-name' },
  lastName: { label: 'Last Name', autoComplete: 'family-name' },
  email: { label: 'Email', autoComplete: 'email', type: 'email', inputMode: 'email' },
  phone: { label: 'Phone', autoComplete: 'tel', type: 'tel', inputMode: 'tel' },
  street: { label: 'Street Address', autoComplete: 'street-address', wide: true },
  city: { label: 'City', autoComplete: 'address-level2' },
  state: { label: 'State', autoComplete: 'address-level1' },
  zipCode: { label: 'ZIP Code', autoComplete: 'postal-code', inputMode: 'numeric' },
  country: { label: 'Country', autoComplete: 'country-name' },
};

export interface ShippingFormProps {
  values: ShippingDetails;
  errors: Partial<Record<ShippingField, string>>;
  onChange(field: ShippingField, value: string): void;
  onBlur(field: ShippingField): void;
  fieldRef(field: ShippingField): Ref<HTMLInputElement>;
}

/** Step 1: the nine fields, each with its message under it once it has one. */
export function ShippingForm({ values, errors, onChange, onBlur, fieldRef }: ShippingFormProps) {
  return (
    <fieldset className="grid grid-cols-1 gap-4 sm:grid-cols-2">
      <legend className="sr-only">Shipping information</legend>
      {SHIPPING_FIELDS.map((field) => {
        const setup = FIELD_SETUP[field];
        const error = errors[field];
        const id = `checkout-${field}`;
        return (
          <div key={field} className={setup.wide ? 'sm:col-span-2' : undefined}>
            <label htmlFor={id} className="mb-1 block text-sm text-mist">
              {setup.label} <span aria-hidden="true" className="text-gold">*</span>
            </label>
            <input
              ref={fieldRef(field)}
              id={id}
              name={field}
              type={setup.type ?? 'text'}
              inputMode={setup.inputMode}
              autoComplete={setup.autoComplete}
              required
              value={values[field]}
              onChange={(event) => onChange(field, event.target.value)}
              onBlur={() => onBlur(field)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              className={`field ${error ? 'border-blood focus:border-blood' : ''}`}
            />
            {error ? (
              <p id={`${id}-error`} className="mt-1 text-xs text-blood">
                {error}
              </p>
            ) : null}
          </div>
        );
      })}
    </fieldset>
  );
}
