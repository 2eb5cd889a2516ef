import { z } from 'zod';

/** Liveness: the process answers, and says whether its database does. */
export const healthResponseSchema = z.object({ success: z.literal(true), status: z.literal('ok'), database: z.enum(['up', 'down']) });

/** Readiness: the database answers and carries every migration of this build (a 503 with an ApiError otherwise). */
export const readyResponseSchema = z.object({
  success: z.literal(true),
  status: z.literal('ready'),
  /** Channels that do not stop the shop serving, but say so here: WhatsApp 'unhealthy' when Meta refuses its token. */
  details: z.object({ whatsapp: z.enum(['off', 'healthy', 'unhealthy']) }).optional(),
});
