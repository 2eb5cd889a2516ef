import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SavedAddress, SavedAddressInput, SavedAddressListResponse } from '../../../contracts/address-book.ts';
import type { ShippingDetails } from '../../../domain/shipping-details.ts';
import { api } from '../../lib/api-client.ts';
import { useAuth } from '../account/index.ts';

const addressesKey = ['addresses'] as const;

/** The signed-in customer's saved addresses, the default first. */
export function useSavedAddresses() {
  const token = useAuth((state) => state.token);
  return useQuery({
    queryKey: [...addressesKey, token],
    queryFn: ({ signal }) => api<SavedAddressListResponse>('/addresses', { signal }).then((answer) => answer.addresses),
    enabled: Boolean(token),
    staleTime: 30_000,
  });
}

/** Add (no id) or change (an id) a saved address; the list reloads after either. */
export function useSaveAddress() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: SavedAddressInput }) =>
      api<{ address: SavedAddress; message: string }>(id ? `/addresses/${id}` : '/addresses', { method: id ? 'PUT' : 'POST', body: input }),
    onSettled: () => client.invalidateQueries({ queryKey: addressesKey }),
  });
}

export function useDeleteAddress() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<{ message: string }>(`/addresses/${id}`, { method: 'DELETE' }),
    onSettled: () => client.invalidateQueries({ queryKey: addressesKey }),
  });
}

/** The checkout form's fields filled from a saved address; the e-mail stays the shopper's own. */
export function withSavedAddress(values: ShippingDetails, address: SavedAddress): ShippingDetails {
  const { firstName, lastName, phone, street, city, state, zipCode, country } = address;
  return { ...values, firstName, lastName, phone, street, city, state, zipCode, country };
}

/** A new address typed at checkout, as the address book stores it. */
export function addressInputOf(values: ShippingDetails, label: string): SavedAddressInput {
  const { firstName, lastName, phone, street, city, state, zipCode, country } = values;
  return { label, firstName, lastName, phone, street, city, state, zipCode, country };
}
