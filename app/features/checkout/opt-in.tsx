import type { ComponentProps, ReactNode } from 'react';
import { CheckboxField } from '../../components/form.tsx';

/** A checkout tickbox whose words may run to a second line (or carry a hint): the box stays level with the first. */
export function OptInBox({ wide = false, ...box }: Omit<ComponentProps<typeof CheckboxField>, 'fieldClassName' | 'className'> & { wide?: boolean }) {
  return <CheckboxField fieldClassName={`flex items-start gap-3 text-sm${wide ? ' sm:col-span-2' : ''}`} className="mt-1 h-5 w-5 shrink-0 accent-gold" {...box} />;
}

/**
 * An option under the checkout's address that the shopper opts into (a gift, a business invoice): a box never
 * ticked for them, and once ticked, its fields in two columns below it. Unticked, the fields stay hidden.
 */
export function OptInSection({
  legend,
  label,
  hint,
  checked,
  onToggle,
  testId,
  children,
}: {
  legend: string;
  label: ReactNode;
  hint: ReactNode;
  checked: boolean;
  onToggle: (checked: boolean) => void;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <fieldset className="mt-6 border-t border-shadow pt-5" data-testid={testId}>
      <legend className="sr-only">{legend}</legend>
      <OptInBox label={label} hint={hint} checked={checked} onChange={(event) => onToggle(event.target.checked)} />
      {checked ? <div className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-2">{children}</div> : null}
    </fieldset>
  );
}
