import { useState } from 'react';
import type { FieldError } from '../../../contracts/api.ts';
import { ApiRequestError } from '../../lib/api-client.ts';
import toast from '../../lib/toast.ts';
import { useModalDialog } from './admin-dialog.tsx';

/**
 * Creating or editing one record in a modal form: what is open ('new' or the record), the server's field errors
 * to show under the fields, and the save that closes the form and refreshes the list. A refusal without field
 * errors is a toast with the server's message.
 */
export function useRecordEditor<T, V>({
  submit,
  savedMessage,
  failedMessage,
  onSaved,
}: {
  submit: (target: T | 'new', values: V) => Promise<unknown>;
  savedMessage: (target: T | 'new') => string;
  failedMessage: string;
  onSaved: () => Promise<unknown>;
}) {
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [saving, setSaving] = useState(false);
  const dialog = useModalDialog(editing !== null);

  const open = (target: T | 'new') => {
    setErrors([]);
    setEditing(target);
  };
  const close = () => setEditing(null);

  async function save(values: V) {
    if (editing === null) return;
    setSaving(true);
    setErrors([]);
    try {
      await submit(editing, values);
      toast.success(savedMessage(editing));
      setEditing(null);
      await onSaved();
    } catch (error) {
      if (error instanceof ApiRequestError && error.errors.length > 0) setErrors(error.errors);
      else toast.error(error instanceof ApiRequestError ? error.message : failedMessage);
    } finally {
      setSaving(false);
    }
  }

  return { editing, errors, saving, dialog, open, close, save };
}
