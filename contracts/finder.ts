import { z } from 'zod';
import { BIRTH_SIGNS } from '../domain/accounts.ts';
import { BUDGETS, INTENSITIES, NOTE_FAMILIES, OCCASIONS } from '../domain/finder.ts';
import { productSchema } from './products.ts';

/** The fragrance finder's five answers; every one but the budget may be left open. */
export const finderAnswersSchema = z.object({
  families: z
    .array(z.enum(NOTE_FAMILIES, { error: `families must each be one of ${NOTE_FAMILIES.join(', ')}` }), { error: 'families must be a list' })
    .max(NOTE_FAMILIES.length, { error: `families holds at most ${NOTE_FAMILIES.length}` })
    .transform((families) => [...new Set(families)]),
  intensity: z.enum(INTENSITIES, { error: `intensity must be one of ${INTENSITIES.join(', ')}` }).nullable(),
  occasion: z.enum(OCCASIONS, { error: `occasion must be one of ${OCCASIONS.join(', ')}` }).nullable(),
  budget: z.enum(BUDGETS.map((budget) => budget.id) as [string, ...string[]], { error: `budget must be one of ${BUDGETS.map((budget) => budget.id).join(', ')}` }),
  birthSign: z.enum(BIRTH_SIGNS, { error: 'birthSign must be one of the twelve zodiac signs' }).nullable(),
});
export type FinderAnswersInput = z.infer<typeof finderAnswersSchema>;

const recommendationSchema = z.object({
  product: productSchema,
  /** Why, in a few words: 'smoky frankincense, strong, within your budget'. */
  why: z.string(),
});

export const finderResultSchema = z.object({
  success: z.literal(true),
  potions: z.array(recommendationSchema),
  set: recommendationSchema.nullable(),
});
export type FinderResult = z.infer<typeof finderResultSchema>;

export const savedFinderAnswersSchema = z.object({ success: z.literal(true), answers: finderAnswersSchema.nullable() });
