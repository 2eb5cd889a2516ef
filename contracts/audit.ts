import { z } from 'zod';
import { text } from './fields.ts';
import { filterValue, pagingQuery } from './list-query.ts';
import { paginationSchema } from './products.ts';

const day = (field: string) =>
  z.preprocess(
    filterValue,
    text()
      .regex(/^\d{4}-\d{2}-\d{2}$/, { error: `${field} must be a date like 2026-11-21` })
      .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), { error: `${field} must be a real date` })
      .optional(),
  );

export const AUDIT_PAGE_MAX = 100;

/** Filters of the audit log; from and to are calendar days in the shop's time zone, both included. */
export const auditListQuerySchema = z
  .object({
    actor: z.preprocess(filterValue, z.uuid({ error: 'actor must be an admin id' }).optional()),
    targetType: z.preprocess(
      filterValue,
      text()
        .regex(/^[a-z][a-z-]{0,39}$/, { error: 'targetType must be an entity such as product' })
        .optional(),
    ),
    from: day('from'),
    to: day('to'),
    ...pagingQuery(AUDIT_PAGE_MAX, 50, filterValue),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, { path: ['to'], error: 'to must not be before from' });
export type AuditListFilter = z.output<typeof auditListQuerySchema>;

export const auditEntrySchema = z.object({
  id: z.number().int(),
  action: text(),
  targetType: text(),
  targetId: text(),
  actor: z.object({ id: text(), name: text(), email: text() }).nullable(),
  /** The actor's staff role when they wrote it ('owner', 'support', …); null for older entries and customers. */
  actorRole: text().nullable(),
  details: z.record(text(), z.unknown()),
  createdAt: text(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditListResponseSchema = z.object({
  success: z.literal(true),
  entries: z.array(auditEntrySchema),
  pagination: paginationSchema,
  /** What the filters can choose from: every admin who has written something, and every kind of record. */
  choices: z.object({
    actors: z.array(z.object({ id: text(), name: text(), email: text() })),
    targetTypes: z.array(text()),
  }),
});
export type AuditListResponse = z.infer<typeof auditListResponseSchema>;
