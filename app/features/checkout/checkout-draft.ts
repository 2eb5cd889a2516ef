import { useEffect, useRef, type Dispatch, type SetStateAction } from 'react';
import { parseCheckoutDraft } from '../../../domain/checkout-form.ts';
import { SHIPPING_FIELDS, type ShippingDetails } from '../../../domain/shipping-details.ts';

/** Per customer, so another account signed in later in the tab never starts from someone else's address. */
const draftKey = (userId: string) => `deosil-checkout-draft:${userId}`;

/**
 * Keeps the checkout form in the tab's session storage: a reload (or the browser discarding a tab in the
 * background) brings back what was typed, and the form is gone when the tab is closed. Restored once, after the
 * first render, so the server's HTML and the browser's first render agree; fields the draft lacks keep their
 * values.
 */
export function useCheckoutDraft(userId: string | undefined, values: ShippingDetails, setValues: Dispatch<SetStateAction<ShippingDetails>>): void {
  const restored = useRef<string | null>(null);
  useEffect(() => {
    if (!userId || restored.current === userId) return;
    restored.current = userId;
    let draft: Partial<ShippingDetails> | null = null;
    try {
      draft = parseCheckoutDraft(window.sessionStorage.getItem(draftKey(userId)), SHIPPING_FIELDS);
    } catch {
      // Storage unavailable (private browsing): the form lasts as long as the page.
    }
    if (draft) setValues((current) => ({ ...current, ...draft }));
  }, [userId, setValues]);
  useEffect(() => {
    // Written only once the draft has been read back, so the form's first values never overwrite it.
    if (!userId || restored.current !== userId) return;
    try {
      window.sessionStorage.setItem(draftKey(userId), JSON.stringify(values));
    } catch {
      // As above: nothing is kept.
    }
  }, [userId, values]);
}
