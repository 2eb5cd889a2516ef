import { Fragment, type ReactNode, type RefObject } from 'react';
import type { FieldError } from '../../../contracts/api.ts';

/** What a record's form takes from its editor: the save under way, the server's field errors, save and cancel. */
export interface RecordFormBinding<V> {
  saving: boolean;
  errors: FieldError[];
  onSubmit: (values: V) => void;
  onCancel: () => void;
}

/**
 * The modal around a record's form (useRecordEditor): open while a record is being created or edited, titled by
 * it, closed by Escape or the form's Cancel. The form is keyed by `recordKey`, so each record starts fresh.
 */
export function RecordDialog<T, V>({
  editor,
  titleId,
  title,
  recordKey,
  width = 'w-[min(94vw,40rem)]',
  children,
}: {
  editor: { dialog: RefObject<HTMLDialogElement | null>; editing: T | 'new' | null; saving: boolean; errors: FieldError[]; save: (values: V) => unknown; close: () => void };
  titleId: string;
  /** The heading for the record open, or for a new one (no record). */
  title: (record: T | undefined) => string;
  /** Tells records apart; a key that changes with the record (its version) also starts a fresh form after a change. */
  recordKey: (record: T) => string | number;
  width?: string;
  /** The form for the record open (none for a new one), bound to the editor. */
  children: (record: T | undefined, form: RecordFormBinding<V>) => ReactNode;
}) {
  const { editing } = editor;
  const record = editing === null || editing === 'new' ? undefined : editing;
  const form: RecordFormBinding<V> = { saving: editor.saving, errors: editor.errors, onSubmit: (values) => void editor.save(values), onCancel: editor.close };
  return (
    <dialog ref={editor.dialog} aria-labelledby={titleId} onClose={editor.close} className={`m-auto ${width} rounded-xl border border-shadow bg-crypt p-0 text-mist backdrop:bg-void/80`}>
      {editing !== null ? (
        <div className="p-5">
          <h2 id={titleId} className="mb-4 text-xl text-gold-bright">
            {title(record)}
          </h2>
          <Fragment key={record === undefined ? 'new' : recordKey(record)}>{children(record, form)}</Fragment>
        </div>
      ) : null}
    </dialog>
  );
}
