import hotToast from 'react-hot-toast';
import { requestToaster } from '../components/deferred-toaster.tsx';

type HotToast = typeof hotToast;

/**
 * The shop's toasts: react-hot-toast's, with the Toaster mounted on the first one rather than on every page load
 * (docs/decisions/0015). Every toast goes through here; ESLint keeps direct imports of the library out.
 */
const toast = Object.assign(
  (...args: Parameters<HotToast>) => {
    requestToaster();
    return hotToast(...args);
  },
  {
    success: (...args: Parameters<HotToast['success']>) => {
      requestToaster();
      return hotToast.success(...args);
    },
    error: (...args: Parameters<HotToast['error']>) => {
      requestToaster();
      return hotToast.error(...args);
    },
  },
);

export default toast;
