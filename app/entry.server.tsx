import { renderToStringAsync } from 'preact-render-to-string';
import { ServerRouter, type AppLoadContext, type EntryContext } from 'react-router';
import { NonceContext } from './lib/nonce.tsx';

/**
 * Renders the whole document with Preact, the runtime the browser hydrates it with (docs/decisions/0013).
 *
 * The document is sent once it is complete rather than streamed: the shop's loaders return settled data, so the
 * only part React Router would stream is its own copy of that data, which is ready a few microtasks after the
 * shell. A complete document also hydrates without Preact's out-of-order streaming markers.
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
): Promise<Response> {
  const nonce = loadContext.cspNonce;
  const html = await renderToStringAsync(
    <NonceContext.Provider value={nonce}>
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
    </NonceContext.Provider>,
  );
  responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
  return new Response(`<!DOCTYPE html>${html}`, { headers: responseHeaders, status: responseStatusCode });
}
