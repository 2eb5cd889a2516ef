import { options, type VNode } from 'preact';
import { renderToStringAsync } from 'preact-render-to-string';
import { ServerRouter, type AppLoadContext, type EntryContext } from 'react-router';
import { NonceContext } from './lib/nonce.tsx';

/**
 * The request handler the server wraps around this build (server/http/pages.ts). Taken from here, it is the copy
 * of React Router this build bundles: its production build (vite.config.ts). The server's own `import 'react-router'`
 * resolves to the development build (remix-run/react-router#14102), whose request handling, data encoding and route
 * matching run their developer checks on every request.
 */
export { createRequestHandler } from 'react-router';

/**
 * Adjusts the elements React Router writes into the document, as the server renders them:
 * - Its script preloads are fetched at low priority. The page is complete without them; at high priority they
 *   took the bandwidth of a slow phone connection from the stylesheet, the font and the first product picture,
 *   and so held back the first paint (docs/decisions/0015).
 * - `suppressHydrationWarning` is an instruction to React, which Preact's renderer would write out as an attribute.
 */
const previousVNodeHook = options.vnode;
options.vnode = (vnode: VNode) => {
  if (typeof vnode.type === 'string' && vnode.props && typeof vnode.props === 'object') {
    const props = vnode.props as Record<string, unknown>;
    if (vnode.type === 'link' && props.rel === 'modulepreload') props.fetchpriority = 'low';
    delete props.suppressHydrationWarning;
  }
  previousVNodeHook?.(vnode);
};

const DOCUMENT_END = '</body></html>';

/**
 * React Router renders its data scripts after the router, so they came after `</html>`, where HTML allows
 * nothing: a parser calls them stray, and browsers recover by moving them into the body. They are written there
 * in the first place, so the document is valid and its DOM the same as before.
 */
function scriptsInsideBody(html: string): string {
  const end = html.lastIndexOf(DOCUMENT_END);
  if (end < 0) return html;
  const trailing = html.slice(end + DOCUMENT_END.length);
  return trailing ? `${html.slice(0, end)}${trailing}${DOCUMENT_END}` : html;
}

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
  // Encoded here once, with its length: a Response built from a string re-checks all of it for lone surrogates
  // before encoding it, and a body of known length is sent whole rather than streamed (server/http/web-request.ts).
  const body = Buffer.from(`<!DOCTYPE html>${scriptsInsideBody(html)}`);
  responseHeaders.set('Content-Length', String(body.length));
  return new Response(body, { headers: responseHeaders, status: responseStatusCode });
}
