import toast from '../../lib/toast.ts';

/** A titled notice ('Order Status Updated' - 'Order … status changed to …'), read out by screen readers. */
export function notice(kind: 'success' | 'error', title: string, message: string): void {
  const body = (
    <span>
      <strong className="block">{title}</strong>
      <span className="text-sm">{message}</span>
    </span>
  );
  if (kind === 'success') toast.success(body, { duration: 4000 });
  else toast.error(body, { duration: 6000 });
}
