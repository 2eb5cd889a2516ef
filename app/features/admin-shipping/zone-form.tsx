import type { FieldError } from '../../../contracts/api.ts';
import type { AdminShippingZone } from '../../../contracts/shipping.ts';
import { SHIPPING_ZONES, SHIPPING_ZONE_NAMES, type ShippingZone } from '../../../domain/delivery-promise.ts';
import { CheckboxField, SelectField, TextField } from '../../components/form.tsx';
import { RecordForm, useRecordForm } from '../admin/index.ts';

export interface ZoneFormValues {
  label: string;
  pins: string;
  zone: ShippingZone;
  deliveryDays: string;
  codAllowed: boolean;
  codFee: string;
}

export function zoneFormValues(zone?: AdminShippingZone): ZoneFormValues {
  return {
    label: zone?.label ?? '',
    pins: zone?.pins.replace('–', '-') ?? '',
    zone: zone?.zone ?? 'rest-of-india',
    deliveryDays: zone?.deliveryDays == null ? '5' : String(zone.deliveryDays),
    codAllowed: zone?.codAllowed ?? true,
    codFee: String(zone?.codFee ?? 49),
  };
}

const numberOrText = (value: string) => (value.trim() === '' ? '' : Number.isNaN(Number(value)) ? value : Number(value));

/** The request body; the server checks every rule and answers field by field. */
export function zoneBody(values: ZoneFormValues) {
  return { ...values, deliveryDays: numberOrText(values.deliveryDays), codFee: numberOrText(values.codFee) };
}

export const ZONE_LABELS: Record<Exclude<keyof ZoneFormValues, 'codAllowed'>, string> = {
  label: 'Name',
  pins: 'PIN codes',
  zone: 'Zone',
  deliveryDays: 'Delivery days',
  codFee: 'Cash on delivery fee',
};

/** One range of PIN codes and its terms. A range the shop does not reach needs no days or fee, so they hide. */
export function ZoneForm({
  initial,
  saving,
  errors,
  onSubmit,
  onCancel,
}: {
  initial: ZoneFormValues;
  saving: boolean;
  errors: FieldError[];
  onSubmit: (values: ZoneFormValues) => void;
  onCancel: () => void;
}) {
  const { values, set, errorOf } = useRecordForm(initial, errors, ZONE_LABELS);
  const served = values.zone !== 'not-serviceable';

  return (
    <RecordForm values={values} errors={errors} labels={ZONE_LABELS} saving={saving} saveLabel="Save Zone" onSubmit={onSubmit} onCancel={onCancel}>
      <TextField label="Name" required error={errorOf('label')} value={values.label} placeholder="Mysuru" onChange={(event) => set('label', event.target.value)} />
      <TextField
        label="PIN codes"
        required
        hint="A prefix such as 570, or a range such as 682551-682559"
        error={errorOf('pins')}
        className="font-mono"
        inputMode="numeric"
        value={values.pins}
        onChange={(event) => set('pins', event.target.value)}
      />
      <SelectField label="Zone" error={errorOf('zone')} value={values.zone} onChange={(event) => set('zone', event.target.value as ShippingZone)}>
        {SHIPPING_ZONES.map((zone) => (
          <option key={zone} value={zone}>
            {SHIPPING_ZONE_NAMES[zone]}
          </option>
        ))}
      </SelectField>
      {served ? (
        <>
          <TextField
            label="Delivery days"
            required
            hint="Monday to Saturday, after the order day"
            error={errorOf('deliveryDays')}
            type="number"
            min={1}
            max={30}
            value={values.deliveryDays}
            onChange={(event) => set('deliveryDays', event.target.value)}
          />
          <CheckboxField label="Cash on delivery allowed" fieldClassName="flex items-center gap-2 self-center text-sm" checked={values.codAllowed} onChange={(event) => set('codAllowed', event.target.checked)} />
          {values.codAllowed ? (
            <TextField label="Cash on delivery fee (₹)" error={errorOf('codFee')} type="number" min={0} step="any" value={values.codFee} onChange={(event) => set('codFee', event.target.value)} />
          ) : null}
        </>
      ) : (
        <p className="self-center text-sm text-ash">Shoppers at these PIN codes are told “We don’t deliver to … yet”.</p>
      )}
    </RecordForm>
  );
}
