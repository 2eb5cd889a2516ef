import { z } from 'zod';
import { PINCODE_MESSAGE, PINCODE_PATTERN, SHIPPING_ZONES, SHIPPING_ZONE_NAMES, parsePinRange, type DeliveryPromise } from '../domain/delivery-promise.ts';
import { parsedBy, serialId, text } from './fields.ts';

/** `GET /api/shipping/serviceability?pincode=560038`. */
export const serviceabilityQuerySchema = z.object({
  pincode: text({ error: PINCODE_MESSAGE }).regex(PINCODE_PATTERN, { error: PINCODE_MESSAGE }),
});

/** The PIN box's answer (the fields are domain/delivery-promise.ts's DeliveryPromise). */
export const serviceabilityResponseSchema = z.object({
  success: z.literal(true),
  pincode: z.string(),
  serviceable: z.boolean(),
  city: z.string().nullable(),
  district: z.string().nullable(),
  state: z.string().nullable(),
  zone: z.enum(SHIPPING_ZONES),
  /** YYYY-MM-DD, shop time; null where the shop does not deliver. */
  estimatedDelivery: z.string().nullable(),
  codAvailable: z.boolean(),
  /** Rupees. */
  codFee: z.number(),
}) satisfies z.ZodType<{ success: true } & DeliveryPromise>;
export type ServiceabilityResponse = z.infer<typeof serviceabilityResponseSchema>;

const blankToNull = (value: unknown) => (value === '' || value === undefined ? null : value);
const ZONE_LIST = SHIPPING_ZONES.join(', ');
export const PINS_MESSAGE = 'pins must be a PIN prefix such as 560, or a range such as 682551-682559';

/**
 * A zone row of the back office's shipping screen. A range the shop does not deliver to has no delivery days and
 * no cash on delivery, whatever the form sent.
 */
export const shippingZoneInputSchema = z
  .object({
    label: text({ error: 'label is required' }).trim().min(1, { error: 'label is required' }).max(120, { error: 'label must be at most 120 characters' }),
    pins: text({ error: PINS_MESSAGE })
      .max(40, { error: PINS_MESSAGE })
      .transform(parsedBy(parsePinRange, PINS_MESSAGE)),
    zone: z.enum(SHIPPING_ZONES, { error: `zone must be one of ${ZONE_LIST}` }),
    deliveryDays: z.preprocess(
      blankToNull,
      z
        .number({ error: 'deliveryDays must be a number of days' })
        .int({ error: 'deliveryDays must be a whole number' })
        .min(1, { error: 'deliveryDays must be from 1 to 30' })
        .max(30, { error: 'deliveryDays must be from 1 to 30' })
        .nullable(),
    ),
    codAllowed: z.boolean({ error: 'codAllowed must be true or false' }).default(false),
    codFee: z.number({ error: 'codFee must be an amount in rupees' }).min(0, { error: 'codFee must be 0 or more' }).max(1000, { error: 'codFee must be at most ₹1,000' }).default(0),
  })
  .superRefine((input, context) => {
    if (input.zone !== 'not-serviceable' && input.deliveryDays === null) {
      context.addIssue({ code: 'custom', path: ['deliveryDays'], message: 'deliveryDays is required where the shop delivers' });
    }
  })
  .transform((input) => (input.zone === 'not-serviceable' ? { ...input, deliveryDays: null, codAllowed: false, codFee: 0 } : input));
export type ShippingZoneInput = z.input<typeof shippingZoneInputSchema>;
export type ShippingZoneValues = z.output<typeof shippingZoneInputSchema>;

export const shippingZoneParamsSchema = z.object({ id: serialId('id must be a shipping zone id') });

const DAY_MESSAGE = 'day must be a date like 2026-11-21';
const calendarDay = text({ error: DAY_MESSAGE })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: DAY_MESSAGE })
  // '2026-02-30' parses in some engines as 2 March: only a day that comes back unchanged is real.
  .refine((value) => {
    const parsed = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
  }, { error: 'day must be a real date' });

export const shippingHolidayInputSchema = z.object({
  day: calendarDay,
  name: text({ error: 'name is required' }).trim().min(1, { error: 'name is required' }).max(80, { error: 'name must be at most 80 characters' }),
});
export type ShippingHolidayInput = z.infer<typeof shippingHolidayInputSchema>;

export const shippingHolidayParamsSchema = z.object({ day: calendarDay });

export const adminShippingZoneSchema = z.object({
  id: z.number().int(),
  label: z.string(),
  /** The range as an admin writes it: '560' or '682551–682559'. */
  pins: z.string(),
  pinFrom: z.number().int(),
  pinTo: z.number().int(),
  zone: z.enum(SHIPPING_ZONES),
  deliveryDays: z.number().int().nullable(),
  codAllowed: z.boolean(),
  /** Rupees. */
  codFee: z.number(),
  updatedAt: z.string(),
});
export type AdminShippingZone = z.infer<typeof adminShippingZoneSchema>;

export const shippingHolidaySchema = z.object({ day: z.string(), name: z.string() });
export type ShippingHoliday = z.infer<typeof shippingHolidaySchema>;

export const adminShippingResponseSchema = z.object({ success: z.literal(true), zones: z.array(adminShippingZoneSchema), holidays: z.array(shippingHolidaySchema) });
export type AdminShippingResponse = z.infer<typeof adminShippingResponseSchema>;

export const shippingZoneResponseSchema = z.object({ success: z.literal(true), message: z.string(), zone: adminShippingZoneSchema });
export const shippingHolidayResponseSchema = z.object({ success: z.literal(true), message: z.string(), holiday: shippingHolidaySchema });

export { SHIPPING_ZONE_NAMES };
