import type { ReactNode } from 'react';
import { SelectField, TextField } from '../../components/form.tsx';
import { indianStates } from '../../../domain/india-states.ts';
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
  fieldRef(field: ShippingField): (element: HTMLInputElement | HTMLSelectElement | null) => void;
  /** A line under a field, e.g. the delivery promise for the PIN code. */
  hints?: Partial<Record<ShippingField, ReactNode>>;
}

/**
 * Step 1: the nine fields, each with its message under it once it has one. The state is a choice among India's
 * states and union territories, since it is the place of supply on the tax invoice.
 */
export function ShippingForm({ values, errors, onChange, onBlur, fieldRef, hints = {} }: ShippingFormProps) {
  return (
    <fieldset className="grid grid-cols-1 gap-4 sm:grid-cols-2">
      <legend className="sr-only">Shipping information</legend>
      {SHIPPING_FIELDS.map((field) => {
        const setup = FIELD_SETUP[field];
        const shared = {
          name: field,
          label: setup.label,
          autoComplete: setup.autoComplete,
          required: true,
          error: errors[field],
          hint: hints[field],
          value: values[field],
          fieldClassName: setup.wide ? 'sm:col-span-2' : undefined,
          onBlur: () => onBlur(field),
        };
        if (field === 'state') {
          const known = indianStates.some((state) => state.name === values.state);
          return (
            <SelectField key={field} {...shared} ref={fieldRef(field)} onChange={(event) => onChange(field, event.target.value)}>
              <option value="">Choose a state or union territory</option>
              {/* A saved address in old free text stays visible until the shopper picks one of the list. */}
              {values.state && !known ? <option value={values.state}>{values.state}</option> : null}
              {indianStates.map((state) => (
                <option key={state.code} value={state.name}>
                  {state.name}
                </option>
              ))}
            </SelectField>
          );
        }
        return (
          <TextField
            key={field}
            {...shared}
            ref={fieldRef(field)}
            type={setup.type ?? 'text'}
            inputMode={setup.inputMode}
            onChange={(event) => onChange(field, event.target.value)}
          />
        );
      })}
    </fieldset>
  );
}
