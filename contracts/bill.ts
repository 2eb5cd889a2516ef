import { z } from 'zod';
import { text } from './fields.ts';

/** One adjustment (an offer taken off) or charge (added on) of a bill, in rupees, with its label for people. */
export const billPartSchema = z.object({
  /** 'coupon', 'promotion', 'loyalty'; 'cod-fee', 'gift-wrap'. */
  kind: text(),
  label: text(),
  amount: z.number(),
});
export type BillPart = z.infer<typeof billPartSchema>;
