import { z } from 'zod';
import { text } from './fields.ts';
import { shippingAddressSchema, shippingText } from './payments.ts';
import { displayMobile } from '../domain/phone.ts';
import { ADDRESS_LABEL_MAX } from '../domain/address-book.ts';

/**
 * One entry of the address book, checked by the checkout's own field rules: an Indian mobile, a state of India
 * and a PIN code of that state ('PIN code 411001 is in Maharashtra, not Karnataka').
 */
export const savedAddressInputSchema = z
  .object({
    label: text({ error: 'label must be text' })
      .trim()
      .min(1, { error: 'Give the address a label, such as Home or Office' })
      .max(ADDRESS_LABEL_MAX, { error: `label must be at most ${ADDRESS_LABEL_MAX} characters` }),
    firstName: shippingText('firstName'),
    lastName: shippingText('lastName'),
    phone: shippingText('phone').transform(displayMobile),
    /** Makes this the address the checkout starts from (and no other). */
    isDefault: z.boolean({ error: 'isDefault must be true or false' }).optional(),
  })
  .and(shippingAddressSchema);
export type SavedAddressInput = z.input<typeof savedAddressInputSchema>;

export const savedAddressParamsSchema = z.object({ id: z.uuid({ error: 'id must be an address id' }) });

export const savedAddressSchema = z.object({
  id: text(),
  label: text(),
  firstName: text(),
  lastName: text(),
  phone: text(),
  street: text(),
  city: text(),
  state: text(),
  zipCode: text(),
  country: text(),
  isDefault: z.boolean(),
});
export type SavedAddress = z.infer<typeof savedAddressSchema>;

export const savedAddressResponseSchema = z.object({ success: z.literal(true), address: savedAddressSchema, message: text() });
export const savedAddressListResponseSchema = z.object({ success: z.literal(true), addresses: z.array(savedAddressSchema) });
export type SavedAddressListResponse = z.infer<typeof savedAddressListResponseSchema>;
