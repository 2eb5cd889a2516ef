import { forwardRef, useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';

/**
 * The shop's form kit, used by every form on the storefront and in the back office: a labelled control with its
 * hint and its error, the error tied to the control (aria-invalid, aria-describedby) so a screen reader reads the
 * message with the field. The controls pass refs through, so react-hook-form's `register()` spreads onto them.
 */

/** What a control needs from its field: its id for the label, and whether and why it is invalid. */
export interface ControlProps {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby'?: string;
  required?: boolean;
}

export interface FieldChrome {
  label: ReactNode;
  /** The field's message; shown under it, in red, and read with the control. */
  error?: string;
  /** A line of help under the control, read with it too. */
  hint?: ReactNode;
  /** Marks the label with a gold asterisk (hidden from screen readers, which hear `required`). */
  required?: boolean;
  /** Classes of the field's box, e.g. 'sm:col-span-2' to span a two-column form. */
  fieldClassName?: string;
  /** Classes of the label, for forms with their own lettering; 'sr-only' keeps the name but hides it. */
  labelClassName?: string;
}

const LABEL = 'mb-1 block text-sm text-mist';

/** A labelled field around any control: `children` receives the props that tie the control to its label and message. */
export function Field({ label, error, hint, required, fieldClassName, labelClassName = LABEL, children }: FieldChrome & { children: (control: ControlProps) => ReactNode }) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : '', hint ? hintId : ''].filter(Boolean).join(' ');
  return (
    <div className={fieldClassName}>
      <label htmlFor={id} className={labelClassName}>
        {label}
        {required ? (
          <>
            {' '}
            <span aria-hidden="true" className="text-gold">
              *
            </span>
          </>
        ) : null}
      </label>
      {children({ id, 'aria-invalid': Boolean(error), ...(describedBy ? { 'aria-describedby': describedBy } : {}), ...(required ? { required: true } : {}) })}
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-ash">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="mt-1 text-xs text-blood">
          {error}
        </p>
      ) : null}
    </div>
  );
}

const controlClass = (extra: string | undefined) => (extra ? `field ${extra}` : 'field');

type InputProps = FieldChrome & Omit<InputHTMLAttributes<HTMLInputElement>, 'required'>;

/** A labelled text input (any `type` but checkbox and radio). */
export const TextField = forwardRef<HTMLInputElement, InputProps>(function TextField({ label, error, hint, required, fieldClassName, labelClassName, className, type = 'text', ...input }, ref) {
  return (
    <Field label={label} error={error} hint={hint} required={required} fieldClassName={fieldClassName} labelClassName={labelClassName}>
      {(control) => <input ref={ref} type={type} className={controlClass(className)} {...input} {...control} />}
    </Field>
  );
});

type SelectProps = FieldChrome & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'required'> & { children: ReactNode };

/** A labelled select; its options are the children. */
export const SelectField = forwardRef<HTMLSelectElement, SelectProps>(function SelectField({ label, error, hint, required, fieldClassName, labelClassName, className, children, ...select }, ref) {
  return (
    <Field label={label} error={error} hint={hint} required={required} fieldClassName={fieldClassName} labelClassName={labelClassName}>
      {(control) => (
        <select ref={ref} className={controlClass(className)} {...select} {...control}>
          {children}
        </select>
      )}
    </Field>
  );
});

type TextAreaProps = FieldChrome & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'required'>;

/** A labelled text area. */
export const TextAreaField = forwardRef<HTMLTextAreaElement, TextAreaProps>(function TextAreaField({ label, error, hint, required, fieldClassName, labelClassName, className, ...textarea }, ref) {
  return (
    <Field label={label} error={error} hint={hint} required={required} fieldClassName={fieldClassName} labelClassName={labelClassName}>
      {(control) => <textarea ref={ref} className={controlClass(className)} {...textarea} {...control} />}
    </Field>
  );
});

type CountedTextAreaProps = Omit<TextAreaProps, 'hint' | 'value'> & {
  value: string;
  /** The most characters the server takes. */
  limit: number;
  /** How the server counts the text (say, after trimming it); by default its characters, an emoji being one. */
  count?: (value: string) => number;
};

const characters = (value: string) => [...value].length;

/**
 * A labelled text area that says under it how much of its limit is used ('42 of 250 characters'), counted as the
 * server counts, so the writer sees the limit coming rather than meeting it as a refusal.
 */
export const CountedTextAreaField = forwardRef<HTMLTextAreaElement, CountedTextAreaProps>(function CountedTextAreaField({ limit, count = characters, value, ...textarea }, ref) {
  return <TextAreaField ref={ref} value={value} hint={`${count(value)} of ${limit} characters`} {...textarea} />;
});

type CheckboxProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
  label: ReactNode;
  hint?: ReactNode;
  /** Classes of the label that holds the box and its words. */
  fieldClassName?: string;
};

/** A checkbox inside its label, with an optional line of help under the words. */
export const CheckboxField = forwardRef<HTMLInputElement, CheckboxProps>(function CheckboxField({ label, hint, fieldClassName = 'flex items-center gap-2 text-sm', className, ...input }, ref) {
  const hintId = useId();
  return (
    <label className={fieldClassName}>
      <input ref={ref} type="checkbox" className={className} {...input} {...(hint ? { 'aria-describedby': hintId } : {})} />
      {hint ? (
        <span>
          <span className="block text-mist">{label}</span>
          <span id={hintId} className="block text-sm text-ash">
            {hint}
          </span>
        </span>
      ) : (
        label
      )}
    </label>
  );
});

/** A group of controls under a legend (sizes, images, ratings), with one message for the group. */
export function Fieldset({ legend, error, className = 'space-y-2', children }: { legend: ReactNode; error?: string; className?: string; children: ReactNode }) {
  const errorId = useId();
  return (
    <fieldset className={`rounded-lg border border-shadow p-3 ${className}`} {...(error ? { 'aria-describedby': errorId } : {})}>
      <legend className="px-1 text-sm text-gold">{legend}</legend>
      {children}
      {error ? (
        <p id={errorId} className="text-xs text-blood">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/**
 * The form's own message: why it was not accepted as a whole (a refusal from the server, the count of fields to
 * fix). Announced when it appears. `plain` is the quiet line under a form; the default is a bordered box.
 */
export function ErrorSummary({ children, plain = false, className = '' }: { children: ReactNode; plain?: boolean; className?: string }) {
  if (children === null || children === undefined || children === false || children === '') return null;
  return (
    <div role="alert" className={`${plain ? 'text-sm text-blood' : 'rounded-md border border-blood/50 bg-blood/10 p-3 text-sm text-blood'} ${className}`.trim()}>
      {children}
    </div>
  );
}

/** How many fields to fix and the first of their messages, as the back-office forms say it. */
export function fixFieldsMessage(messages: readonly string[]): string | null {
  if (messages.length === 0) return null;
  return `Please fix ${messages.length} field${messages.length === 1 ? '' : 's'}: ${messages[0]}`;
}
