import { parentPort } from 'node:worker_threads';
import { renderEmail } from './render-email.ts';
import type { RenderRequest, RenderResponse } from './render-pool.ts';

// Renders e-mails for the pool's owner, one request at a time; a template that throws is answered as an error.
parentPort!.on('message', (request: RenderRequest) => {
  renderEmail(request.template, request.data, request.context).then(
    (rendered) => parentPort!.postMessage({ id: request.id, rendered } satisfies RenderResponse),
    (error: unknown) => parentPort!.postMessage({ id: request.id, error: error instanceof Error ? error.message : String(error) } satisfies RenderResponse),
  );
});
