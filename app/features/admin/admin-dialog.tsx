import { useEffect, useRef, type ReactNode } from 'react';
import { trapTab } from '../../components/focus-trap.ts';

/**
 * A native <dialog> that is open exactly while `open` is true: the screen keeps what is being edited in state and
 * the dialog follows it; closing it with Escape calls the dialog's onClose, which clears that state.
 */
export function useModalDialog(open: boolean) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    if (open && !ref.current?.open) ref.current?.showModal();
    if (!open && ref.current?.open) ref.current.close();
  }, [open]);
  return ref;
}

/**
 * A record's detail over the list: focus moves to its Close button so keyboard users land inside it, Tab stays
 * within it, and Escape, the Close button or a click on the dimmed page closes it.
 */
export function DetailModal({ label, onClose, children }: { label: string; onClose: () => void; children: ReactNode }) {
  const closeButton = useRef<HTMLButtonElement>(null);
  useEffect(() => closeButton.current?.focus(), []);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);

  return (
    <div className="fixed inset-0 z-50 flex items-start justify-center overflow-y-auto bg-black/75 p-4 sm:items-center" onMouseDown={(event) => event.target === event.currentTarget && onClose()}>
      <div role="dialog" aria-modal="true" aria-label={label} className="panel relative w-full max-w-lg bg-night p-6" onKeyDown={trapTab}>
        <button ref={closeButton} type="button" aria-label="Close" onClick={onClose} className="absolute top-3 right-3 p-2 text-ash hover:text-gold-bright">
          ×
        </button>
        {children}
      </div>
    </div>
  );
}

/** One labelled figure in a detail modal's grid. */
export function DetailItem({ label, value, className = 'break-words' }: { label: string; value: ReactNode; className?: string }) {
  return (
    <div className="rounded-md bg-crypt p-2">
      <dt className="text-xs text-ash">{label}</dt>
      <dd className={`text-mist ${className}`}>{value}</dd>
    </div>
  );
}
