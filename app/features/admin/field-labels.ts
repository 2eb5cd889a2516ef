import type { FieldError } from '../../../contracts/api.ts';

/**
 * The server names fields as the API spells them ('bannerImage is required'); a form speaks in its own labels
 * ('Banner image is required'). Each field name in a message becomes its label, capitalised where it opens the
 * message and in lower case elsewhere ('End date must be after start date').
 */
export function labelled(message: string, labels: Readonly<Record<string, string>>): string {
  const fields = Object.keys(labels).sort((a, b) => b.length - a.length);
  if (fields.length === 0) return message;
  const pattern = new RegExp(`\\b(${fields.join('|')})\\b`, 'g');
  return message.replace(pattern, (field, _match, offset: number) => {
    const label = labels[field]!;
    return offset === 0 ? label.charAt(0).toUpperCase() + label.slice(1) : label.toLowerCase();
  });
}

/** The server's field errors with the form's labels in their messages. */
export function labelledErrors(errors: readonly FieldError[], labels: Readonly<Record<string, string>>): FieldError[] {
  return errors.map((error) => ({ ...error, message: labelled(error.message, labels) }));
}
