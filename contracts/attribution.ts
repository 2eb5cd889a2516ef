import { z } from 'zod';
import { ANALYTICS_PERIOD_NAMES } from '../domain/reporting-periods.ts';

export const TOUCHES = ['last', 'first'] as const;

export const attributionQuerySchema = z.object({
  period: z.enum(ANALYTICS_PERIOD_NAMES, { error: `period must be one of ${ANALYTICS_PERIOD_NAMES.join(', ')}` }).default('30days'),
  touch: z.enum(TOUCHES, { error: 'touch must be last or first' }).default('last'),
});

export const sourceRowSchema = z.object({
  source: z.string(),
  medium: z.string(),
  campaign: z.string().nullable(),
  orders: z.number().int(),
  /** Rupees: order totals less refunds, as the other revenue figures. */
  revenue: z.number(),
});
export type SourceRow = z.infer<typeof sourceRowSchema>;

export const attributionResponseSchema = z.object({
  success: z.literal(true),
  period: z.enum(ANALYTICS_PERIOD_NAMES),
  touch: z.enum(TOUCHES),
  rows: z.array(sourceRowSchema),
});
export type AttributionResponse = z.infer<typeof attributionResponseSchema>;
