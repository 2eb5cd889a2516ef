import type { ReactNode, RefObject } from 'react';

/**
 * The modal around a record's form (useRecordEditor): open while a record is being created or edited, titled by
 * it, closed by Escape or the form's Cancel. The form is keyed by the caller, so each record starts fresh.
 */
export function RecordDialog({
  editor,
  titleId,
  title,
  width = 'w-[min(94vw,40rem)]',
  children,
}: {
  editor: { dialog: RefObject<HTMLDialogElement | null>; close: () => void };
  titleId: string;
  /** Null while no record is open: the dialog is closed and holds nothing. */
  title: string | null;
  width?: string;
  children: ReactNode;
}) {
  return (
    <dialog ref={editor.dialog} aria-labelledby={titleId} onClose={editor.close} className={`m-auto ${width} rounded-xl border border-shadow bg-crypt p-0 text-mist backdrop:bg-void/80`}>
      {title !== null ? (
        <div className="p-5">
          <h2 id={titleId} className="mb-4 text-xl text-gold-bright">
            {title}
          </h2>
          {children}
        </div>
      ) : null}
    </dialog>
  );
}
