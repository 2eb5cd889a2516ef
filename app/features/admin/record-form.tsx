import { useState, type FormEvent, type ReactNode } from 'react';
import type { FieldError } from '../../../contracts/api.ts';
import { ErrorSummary, fixFieldsMessage } from '../../components/form.tsx';
import { labelled } from './field-labels.ts';

/**
 * A back-office record's form state: the values as typed, a setter per field, and each field's first server
 * message in the form's own words ('Banner image is required'); `sizes` also finds 'sizes.1.price'.
 */
export function useRecordForm<Values extends object>(initial: Values, errors: readonly FieldError[], labels: Readonly<Record<string, string>>) {
  const [values, setValues] = useState(initial);
  const set = <K extends keyof Values>(field: K, value: Values[K]) => setValues((current) => ({ ...current, [field]: value }));
  const errorOf = (field: string) => {
    const message = errors.find((error) => error.field === field || error.field.startsWith(`${field}.`))?.message;
    return message === undefined ? undefined : labelled(message, labels);
  };
  return { values, setValues, set, errorOf };
}

/**
 * The frame of a back-office record form: two columns, the summary of what to fix at the top, Cancel and the
 * save button at the bottom (kept in view on long forms with `stickyFooter`).
 */
export function RecordForm<Values>({
  values,
  errors,
  labels,
  saving,
  saveLabel,
  stickyFooter = false,
  onSubmit,
  onCancel,
  children,
}: {
  values: Values;
  errors: readonly FieldError[];
  labels: Readonly<Record<string, string>>;
  saving: boolean;
  saveLabel: string;
  stickyFooter?: boolean;
  onSubmit: (values: Values) => void;
  onCancel: () => void;
  children: ReactNode;
}) {
  return (
    <form
      className="grid gap-4 sm:grid-cols-2"
      noValidate
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        onSubmit(values);
      }}
    >
      <ErrorSummary className="sm:col-span-2">{fixFieldsMessage(errors.map((error) => labelled(error.message, labels)))}</ErrorSummary>
      {children}
      <div className={`flex justify-end gap-2 sm:col-span-2 ${stickyFooter ? 'sticky bottom-0 -mx-5 border-t border-shadow bg-crypt px-5 py-3' : ''}`}>
        <button type="button" className="btn-ghost" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="btn-gold" disabled={saving}>
          {saving ? 'Saving…' : saveLabel}
        </button>
      </div>
    </form>
  );
}
