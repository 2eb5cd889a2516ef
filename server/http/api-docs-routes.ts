import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendCachedText } from './content-encoding.ts';
import { contentResponse } from './openapi.ts';

/** Where swagger-ui-dist's files are, found at the first visit of the reference, not when the shop starts. */
let swaggerUiDist: { dir: string; version: string } | undefined;
function swaggerUi(): { dir: string; version: string } {
  if (!swaggerUiDist) {
    const dir = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/absolute-path.js'));
    swaggerUiDist = { dir, version: (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string }).version };
  }
  return swaggerUiDist;
}

/** Starts Swagger UI on the document; a file of its own, since the page's policy allows no inline script. */
const START_SCRIPT = `window.ui = SwaggerUIBundle({
  url: '/api/openapi.json',
  dom_id: '#api-reference',
  presets: [SwaggerUIBundle.presets.apis],
  layout: 'BaseLayout',
  deepLinking: true,
  // Tags start folded: Swagger UI stalls rendering a hundred operations unfolded at once, and a reader opens
  // the area they need.
  docExpansion: 'none',
  defaultModelsExpandDepth: 0,
  displayRequestDuration: true,
  validatorUrl: null,
});
`;

/**
 * The shop's colours over Swagger UI's own dark mode (the `dark-mode` class on the page): the storefront's night
 * and crypt purples behind, its gold for headings and links, so the reference reads as part of the same house.
 */
const THEME = `html.dark-mode, html.dark-mode body, html.dark-mode .swagger-ui { background: #07040c; }
html.dark-mode .swagger-ui .info .title, html.dark-mode .swagger-ui .opblock-tag { color: #f3d88a; }
html.dark-mode .swagger-ui .info a, html.dark-mode .swagger-ui a.nostyle { color: #d9b45a; }
html.dark-mode .swagger-ui .opblock-tag { border-bottom-color: #2a1a3d; }
html.dark-mode .swagger-ui .opblock { background: #0f0818; }
html.dark-mode .swagger-ui .scheme-container, html.dark-mode .swagger-ui section.models { background: #1a1026; border-color: #2a1a3d; box-shadow: none; }
html.dark-mode .swagger-ui .scheme-container .btn.authorize { border-color: #d9b45a; color: #f3d88a; }
html.dark-mode .swagger-ui .scheme-container .btn.authorize svg { color: #f3d88a; fill: #f3d88a; }
`;

const ASSETS = {
  'theme.css': { type: 'text/css; charset=utf-8', text: () => THEME },
  'swagger-ui.css': { type: 'text/css; charset=utf-8', text: () => readFileSync(join(swaggerUi().dir, 'swagger-ui.css'), 'utf8') },
  'swagger-ui-bundle.js': { type: 'text/javascript; charset=utf-8', text: () => readFileSync(join(swaggerUi().dir, 'swagger-ui-bundle.js'), 'utf8') },
  'start.js': { type: 'text/javascript; charset=utf-8', text: () => START_SCRIPT },
} as const;
type AssetName = keyof typeof ASSETS;

// Swagger UI's version names its files, and a digest of the shop's own two names theirs, so a change to either is a new address.
const OWN_ASSETS_DIGEST = createHash('sha256').update(START_SCRIPT).update(THEME).digest('hex').slice(0, 10);
const assetUrl = (name: AssetName) => `/api/docs/assets/${name}?v=${swaggerUi().version}-${OWN_ASSETS_DIGEST}`;

const page = () => `<!doctype html>
<html lang="en" class="dark-mode">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<title>Deosil Perfumes API reference</title>
<link rel="stylesheet" href="${assetUrl('swagger-ui.css')}">
<link rel="stylesheet" href="${assetUrl('theme.css')}">
</head>
<body>
<div id="api-reference"></div>
<script src="${assetUrl('swagger-ui-bundle.js')}"></script>
<script src="${assetUrl('start.js')}"></script>
</body>
</html>
`;

/**
 * The reference page's own policy, tighter than the shop's: its scripts and styles come from the shop's files
 * only (no inline script, no other origin), images from the shop or data: URLs (Swagger UI's icons), and it
 * talks to the shop alone (the document, and "Try it out").
 */
export const API_DOCS_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const openApiDocumentSchema = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.unknown()),
});

/**
 * `GET /api/openapi.json`, the OpenAPI 3.1 document of every /api route, and `GET /api/docs`, its reference
 * (Swagger UI, served from the shop's own files: nothing is fetched from another origin).
 */
export const apiDocsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Made once, at the first request, when every route is known; compressed once per encoding.
  let document: { text: string; type: string } | undefined;
  app.get('/openapi.json', { schema: { response: { 200: openApiDocumentSchema } } }, async (request, reply) => {
    document ??= { text: JSON.stringify(app.swagger()), type: 'application/json; charset=utf-8' };
    return sendCachedText(request, reply, document, document);
  });

  let docsPage: string | undefined;
  app.get('/docs', { schema: { response: { 200: contentResponse('text/html', 'The API reference (Swagger UI) for this document') } } }, async (_request, reply) =>
    reply.type('text/html; charset=utf-8').header('content-security-policy', API_DOCS_CSP).header('cache-control', 'no-cache').send((docsPage ??= page())),
  );

  const loaded = new Map<AssetName, { text: string; type: string }>();
  app.get(
    '/docs/assets/:name',
    {
      schema: {
        params: z.object({ name: z.enum(Object.keys(ASSETS) as [AssetName, ...AssetName[]]) }),
        response: { 200: contentResponse(['text/javascript', 'text/css'], "The reference page's script (.js) or style sheet (.css)") },
      },
    },
    async (request, reply) => {
      const { name } = request.params;
      let asset = loaded.get(name);
      if (!asset) {
        asset = { text: ASSETS[name].text(), type: ASSETS[name].type };
        loaded.set(name, asset);
      }
      // The page names them with their version (see assetUrl), so a new version is a new address.
      void reply.header('cache-control', 'public, max-age=604800, immutable');
      return sendCachedText(request, reply, asset, asset);
    },
  );
};
