import type { FieldError } from '../../../contracts/api.ts';
import type { AdminPromotion, PromotionActionInput, PromotionConditionInput } from '../../../contracts/promotions.ts';
import type { Category, Product } from '../../../contracts/products.ts';
import { LEVELS } from '../../../domain/levels.ts';
import { CheckboxField, Fieldset, SelectField, TextField } from '../../components/form.tsx';
import { RecordForm, useRecordForm } from '../admin/index.ts';
import { ACTION_TYPES, actionBody, actionRow, CONDITION_TYPES, conditionBody, conditionRow, emptyRow, type RuleRow } from './promotion-rules.ts';

type ConditionRow = RuleRow<PromotionConditionInput['type']>;
type ActionRow = RuleRow<PromotionActionInput['type']>;

export interface PromotionFormValues {
  name: string;
  code: string;
  startsAt: string;
  endsAt: string;
  priority: string;
  combinable: boolean;
  usageLimit: string;
  perCustomerLimit: string;
  conditions: ConditionRow[];
  actions: ActionRow[];
  version: number;
}

/** A date-time input's value (local time) for an ISO instant. */
const toLocalInput = (iso: string) => {
  const date = new Date(iso);
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
const num = (value: string) => (value.trim() === '' ? null : Number.isNaN(Number(value)) ? value : Number(value));

export function promotionFormValues(promotion?: AdminPromotion): PromotionFormValues {
  return {
    name: promotion?.name ?? '',
    code: promotion?.code ?? '',
    startsAt: promotion ? toLocalInput(promotion.startsAt) : toLocalInput(new Date().toISOString()),
    endsAt: promotion?.endsAt ? toLocalInput(promotion.endsAt) : '',
    priority: String(promotion?.priority ?? 1),
    combinable: promotion?.combinable ?? true,
    usageLimit: promotion?.usageLimit == null ? '' : String(promotion.usageLimit),
    perCustomerLimit: promotion?.perCustomerLimit == null ? '' : String(promotion.perCustomerLimit),
    conditions: (promotion?.conditions ?? []).map(conditionRow),
    actions: promotion ? promotion.actions.map(actionRow) : [emptyRow('order-percent')],
    version: promotion?.version ?? 0,
  };
}

/** The request body; `version` only on an edit, so the server can refuse one made on an older copy. */
export function promotionBody(values: PromotionFormValues, editing: boolean) {
  return {
    name: values.name,
    code: values.code.trim().toUpperCase() || null,
    startsAt: values.startsAt ? new Date(values.startsAt).toISOString() : '',
    endsAt: values.endsAt ? new Date(values.endsAt).toISOString() : null,
    priority: num(values.priority) ?? 1,
    combinable: values.combinable,
    usageLimit: num(values.usageLimit),
    perCustomerLimit: num(values.perCustomerLimit),
    conditions: values.conditions.map(conditionBody),
    actions: values.actions.map(actionBody),
    ...(editing ? { version: values.version } : {}),
  };
}

export const PROMOTION_LABELS: Record<string, string> = {
  name: 'Name',
  code: 'Code',
  startsAt: 'Starts',
  endsAt: 'Ends',
  priority: 'Priority',
  usageLimit: 'Usage limit',
  perCustomerLimit: 'Uses per shopper',
  conditions: 'Conditions',
  actions: 'Actions',
  version: 'Version',
};

interface Catalogue {
  categories: Category[];
  products: Product[];
}

/** The fields one condition or action type asks for; each named by its path, so the server's message lands under it. */
function RuleFields({ path, row, catalogue, errorOf, change }: { path: string; row: ConditionRow | ActionRow; catalogue: Catalogue; errorOf(field: string): string | undefined; change(row: Partial<Omit<RuleRow<string>, 'type'>>): void }) {
  const field = (name: Exclude<keyof RuleRow<string>, 'type'>, label: string, extra: Record<string, unknown> = {}) => (
    <TextField key={name} label={label} type="number" step="any" min={0} error={errorOf(`${path}.${name}`)} value={row[name]} onChange={(event) => change({ [name]: event.target.value })} {...extra} />
  );
  const category = (
    <SelectField key="category" label="Category" error={errorOf(`${path}.filter`)} value={row.category} onChange={(event) => change({ category: event.target.value })}>
      <option value="">Every potion</option>
      {catalogue.categories.map((entry) => (
        <option key={entry.id} value={entry.id}>
          {entry.name}
        </option>
      ))}
    </SelectField>
  );
  switch (row.type) {
    case 'minimum-subtotal':
      return field('amount', 'Amount (₹)');
    case 'contains':
      return [category, field('quantity', 'At least (units)', { step: 1, min: 1 })];
    case 'loyalty-level':
      return (
        <SelectField label="Level" error={errorOf(`${path}.levels`)} value={row.level} onChange={(event) => change({ level: event.target.value })}>
          {LEVELS.map((level) => (
            <option key={level.name}>{level.name}</option>
          ))}
        </SelectField>
      );
    case 'order-percent':
      return [field('percent', 'Percent off'), field('maximum', 'Up to (₹, optional)')];
    case 'order-fixed':
      return field('amount', 'Amount off (₹)');
    case 'lines-percent':
      return [category, field('percent', 'Percent off')];
    case 'lines-fixed':
      return [category, field('amount', 'Amount off (₹)')];
    case 'buy-get':
      return [category, field('buy', 'Buy', { step: 1, min: 1 }), field('get', 'Get', { step: 1, min: 1 }), field('percent', 'Percent off what they get (100: free)')];
    case 'free-gift': {
      const product = catalogue.products.find((entry) => String(entry.id) === row.productId);
      return [
        <SelectField key="product" label="Gift potion" error={errorOf(`${path}.productId`)} value={row.productId} onChange={(event) => change({ productId: event.target.value, size: '' })}>
          <option value="">Choose a potion</option>
          {catalogue.products.map((entry) => (
            <option key={entry.id} value={entry.id}>
              {entry.name}
            </option>
          ))}
        </SelectField>,
        <SelectField key="size" label="Size" error={errorOf(`${path}.size`)} value={row.size} onChange={(event) => change({ size: event.target.value })}>
          <option value="">Choose a size</option>
          {(product?.sizes ?? []).map((size) => (
            <option key={size.size}>{size.size}</option>
          ))}
        </SelectField>,
        field('quantity', 'Quantity', { step: 1, min: 1, max: 5 }),
      ];
    }
    default:
      return null;
  }
}

function RuleList<T extends string>({
  legend,
  kind,
  rows,
  types,
  catalogue,
  errorOf,
  onChange,
}: {
  legend: string;
  kind: 'conditions' | 'actions';
  rows: RuleRow<T>[];
  types: Record<T, string>;
  catalogue: Catalogue;
  errorOf(field: string): string | undefined;
  onChange(rows: RuleRow<T>[]): void;
}) {
  const first = Object.keys(types)[0] as T;
  return (
    <Fieldset legend={legend} error={errorOf(kind) && !rows.length ? errorOf(kind) : undefined} className="space-y-3 sm:col-span-2">
      {rows.map((row, index) => (
        <div key={index} className="grid gap-3 rounded-lg border border-shadow bg-void/40 p-3 sm:grid-cols-2" data-testid={`promotion-${kind}-row`}>
          <SelectField label={kind === 'conditions' ? `Condition ${index + 1}` : `Action ${index + 1}`} value={row.type} onChange={(event) => onChange(rows.map((entry, at) => (at === index ? emptyRow(event.target.value as T) : entry)))}>
            {(Object.entries(types) as [T, string][]).map(([type, label]) => (
              <option key={type} value={type}>
                {label}
              </option>
            ))}
          </SelectField>
          <RuleFields path={`${kind}.${index}`} row={row as ConditionRow} catalogue={catalogue} errorOf={errorOf} change={(change) => onChange(rows.map((entry, at) => (at === index ? { ...entry, ...change } : entry)))} />
          <button type="button" className="justify-self-start text-xs text-blood hover:underline sm:col-span-2" onClick={() => onChange(rows.filter((_, at) => at !== index))}>
            Remove
          </button>
        </div>
      ))}
      <button type="button" className="btn-ghost px-3 py-1.5 text-xs" onClick={() => onChange([...rows, emptyRow(first)])}>
        {kind === 'conditions' ? '+ Add condition' : '+ Add action'}
      </button>
    </Fieldset>
  );
}

export function PromotionForm({
  initial,
  catalogue,
  saving,
  errors,
  onSubmit,
  onCancel,
  preview,
}: {
  initial: PromotionFormValues;
  catalogue: Catalogue;
  saving: boolean;
  errors: FieldError[];
  onSubmit: (values: PromotionFormValues) => void;
  onCancel: () => void;
  preview: (values: PromotionFormValues) => React.ReactNode;
}) {
  const { values, set, errorOf } = useRecordForm(initial, errors, PROMOTION_LABELS);
  const text = (field: 'name' | 'code' | 'startsAt' | 'endsAt' | 'priority' | 'usageLimit' | 'perCustomerLimit', label: string, type = 'text', extra: Record<string, unknown> = {}) => (
    <TextField label={label} error={errorOf(field)} type={type} value={values[field]} onChange={(event) => set(field, event.target.value)} {...extra} />
  );
  return (
    <RecordForm values={values} errors={errors} labels={PROMOTION_LABELS} saving={saving} saveLabel="Save Promotion" stickyFooter onSubmit={onSubmit} onCancel={onCancel}>
      {text('name', 'Name shoppers see *', 'text', { placeholder: 'New Moon offer' })}
      <TextField label="Code (empty: applies by itself)" error={errorOf('code')} className="uppercase" value={values.code} onChange={(event) => set('code', event.target.value.toUpperCase())} />
      {text('startsAt', 'Starts *', 'datetime-local')}
      {text('endsAt', 'Ends (empty: until paused)', 'datetime-local')}
      {text('usageLimit', 'Usage limit (empty: unlimited)', 'number', { min: 1 })}
      {text('perCustomerLimit', 'Uses per shopper (empty: unlimited)', 'number', { min: 1 })}
      {text('priority', 'Priority (1-10, higher first)', 'number', { min: 1, max: 10 })}
      <CheckboxField
        label="Combines with other offers (otherwise applies alone, when it is the best)"
        fieldClassName="flex items-center gap-2 self-end pb-3 text-sm"
        checked={values.combinable}
        onChange={(event) => set('combinable', event.target.checked)}
      />
      <RuleList legend="When (every condition must hold)" kind="conditions" rows={values.conditions} types={CONDITION_TYPES} catalogue={catalogue} errorOf={errorOf} onChange={(rows) => set('conditions', rows)} />
      <RuleList legend="Then" kind="actions" rows={values.actions} types={ACTION_TYPES} catalogue={catalogue} errorOf={errorOf} onChange={(rows) => set('actions', rows)} />
      <div className="sm:col-span-2">{preview(values)}</div>
    </RecordForm>
  );
}
