import { useEffect } from 'react';
import { api } from '../../lib/api-client.ts';
import { useAuth } from '../account/index.ts';

const SEEN_KEY = 'deosil-viewed-products';

function seenThisSession(): Set<number> {
  try {
    return new Set(JSON.parse(window.sessionStorage.getItem(SEEN_KEY) ?? '[]') as number[]);
  } catch {
    return new Set();
  }
}

/**
 * Tells the shop a signed-in customer opened this product (for the exploration achievements). It waits until
 * the browser is idle, and each product is sent once per visit; the server keeps only the first view anyway.
 */
export function RecordProductView({ productId }: { productId: number }) {
  const userId = useAuth((state) => state.user?.id);
  useEffect(() => {
    if (!userId) return;
    const seen = seenThisSession();
    if (seen.has(productId)) return;
    const send = () => {
      void api('/profile/product-views', { method: 'POST', body: { productId } })
        .then(() => {
          seen.add(productId);
          try {
            window.sessionStorage.setItem(SEEN_KEY, JSON.stringify([...seen]));
          } catch {
            // Without storage the server's once-per-product rule still holds.
          }
        })
        .catch(() => undefined);
    };
    const idle = window.requestIdleCallback ? window.requestIdleCallback(send, { timeout: 5000 }) : window.setTimeout(send, 1500);
    return () => (window.cancelIdleCallback ? window.cancelIdleCallback(idle) : window.clearTimeout(idle));
  }, [userId, productId]);
  return null;
}
