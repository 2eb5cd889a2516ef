import type { RenderFunction } from './render-pool.ts';

/**
 * renderEmail, loaded at the first message rendered in this thread: React, the e-mail components and the
 * templates (several MiB of code) stay out of a web process whose mail renders in the pool's threads.
 */
export const renderOnDemand: RenderFunction = async (template, data, context) => (await import('./render-email.ts')).renderEmail(template, data, context);
