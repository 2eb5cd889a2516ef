import { z } from 'zod';
import { parseSynonymText } from '../domain/search-synonyms.ts';
import { text } from './fields.ts';

/** The synonym list as the back office edits it: one group a line, words separated by commas. */
export const synonymsBodySchema = z.object({
  text: text()
    .max(20_000, { error: 'text must be at most 20000 characters' })
    .superRefine((value, context) => {
      const parsed = parseSynonymText(value);
      if ('error' in parsed) context.addIssue({ code: 'custom', message: `text: ${parsed.error}` });
    }),
});

export const synonymsResponseSchema = z.object({
  success: z.literal(true),
  text: z.string(),
  groups: z.array(z.array(z.string())),
});
export type SynonymsResponse = z.infer<typeof synonymsResponseSchema>;
