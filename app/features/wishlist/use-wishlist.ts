import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { create } from 'zustand';
import type { WishlistEntry, WishlistResponse } from '../../../contracts/wishlist.ts';
import { api } from '../../lib/api-client.ts';
import toast from '../../lib/toast.ts';
import { useAuth } from '../account/index.ts';

const WISHLIST_KEY = ['wishlist'] as const;

/** The signed-in shopper's saved potions; nothing is asked while signed out. */
export function useWishlist() {
  const signedIn = useAuth((state) => Boolean(state.user));
  return useQuery({
    queryKey: WISHLIST_KEY,
    queryFn: async () => (await api<WishlistResponse>('/wishlist')).items,
    enabled: signedIn,
    staleTime: 60_000,
  });
}

/** Saves, alert switches and removals show at once; a failure puts the list back as it was. */
export function useWishlistChange() {
  const client = useQueryClient();
  const settle = () => client.invalidateQueries({ queryKey: WISHLIST_KEY });
  const optimistic = async (change: (items: WishlistEntry[]) => WishlistEntry[]) => {
    await client.cancelQueries({ queryKey: WISHLIST_KEY });
    const before = client.getQueryData<WishlistEntry[]>(WISHLIST_KEY);
    if (before) client.setQueryData(WISHLIST_KEY, change(before));
    return { before };
  };
  const rollback = (_error: unknown, _input: unknown, context: { before?: WishlistEntry[] } | undefined) => {
    if (context?.before) client.setQueryData(WISHLIST_KEY, context.before);
  };
  const save = useMutation({
    mutationFn: ({ productId, alerts }: { productId: number; alerts?: boolean }) =>
      alerts === undefined
        ? api<{ item: WishlistEntry }>(`/wishlist/${productId}`, { method: 'PUT' })
        : api<{ item: WishlistEntry }>(`/wishlist/${productId}/alerts`, { method: 'PATCH', body: { alerts } }),
    onMutate: ({ productId, alerts }) =>
      optimistic((items) => (alerts === undefined ? items : items.map((entry) => (entry.product.id === productId ? { ...entry, alerts } : entry)))),
    onError: rollback,
    onSettled: settle,
  });
  const remove = useMutation({
    mutationFn: (productId: number) => api(`/wishlist/${productId}`, { method: 'DELETE' }),
    onMutate: (productId) => optimistic((items) => items.filter((entry) => entry.product.id !== productId)),
    onError: rollback,
    onSettled: settle,
  });
  return { save, remove };
}

/**
 * A potion a signed-out shopper hearted: it is saved once they sign in (in the dialog the heart opened), so
 * the heart they pressed is not lost. Kept for this tab only.
 */
const usePendingSave = create<{ productId: number | null; name: string; hold(productId: number, name: string): void; take(): { productId: number; name: string } | null }>(
  (set, get) => ({
    productId: null,
    name: '',
    hold: (productId, name) => set({ productId, name }),
    take: () => {
      const { productId, name } = get();
      if (productId === null) return null;
      set({ productId: null, name: '' });
      return { productId, name };
    },
  }),
);

export function useHoldForSignIn() {
  return usePendingSave((state) => state.hold);
}

/** Saves the held potion once the shopper is signed in; every heart mounts it, and only the first takes it. */
export function useSaveAfterSignIn() {
  const signedIn = useAuth((state) => Boolean(state.user));
  const { save } = useWishlistChange();
  useEffect(() => {
    if (!signedIn) return;
    const pending = usePendingSave.getState().take();
    if (pending) save.mutate({ productId: pending.productId }, { onSuccess: () => toast.success(`${pending.name} is saved to your wishlist`) });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per sign-in; the mutation object changes every render
  }, [signedIn]);
}
