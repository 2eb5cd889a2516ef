import hotToast from 'react-hot-toast';
import { requestToaster } from '../components/deferred-toaster.tsx';

/** `show`, after asking for the Toaster: it mounts on the first toast rather than on every page load. */
function withToaster<Args extends unknown[], Result>(show: (...args: Args) => Result): (...args: Args) => Result {
  return (...args) => {
    requestToaster();
    return show(...args);
  };
}

/**
 * The shop's toasts: react-hot-toast's, with the Toaster mounted on the first one (docs/decisions/0015). Every
 * toast goes through here; ESLint keeps direct imports of the library out.
 */
const toast = Object.assign(withToaster(hotToast), {
  success: withToaster(hotToast.success),
  error: withToaster(hotToast.error),
  /** Takes a toast off the screen at once (no exit animation), so a toast raised next under the same id starts afresh. */
  remove: (id: string) => hotToast.remove(id),
});

export default toast;
