import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StaticFiles } from './static-files.ts';

/**
 * The browser build served from one route: a request's path is looked up in the map read at start, and anything
 * the build does not have falls through to the pages (here a stand-in answering 'page').
 */
let root: string;
let app: FastifyInstance;
let files: StaticFiles;
const FAVICON = '<svg xmlns="http://www.w3.org/2000/svg"/>';
const SCRIPT = `console.log(${JSON.stringify('the moon is a lantern '.repeat(100))});\n`;

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'deosil-static-'));
  mkdirSync(path.join(root, 'assets'));
  mkdirSync(path.join(root, 'images', 'potions'), { recursive: true });
  mkdirSync(path.join(root, '.vite'));
  writeFileSync(path.join(root, 'assets', 'entry-Ab12.js'), SCRIPT);
  writeFileSync(path.join(root, 'assets', 'entry-Ab12.js.br'), brotliCompressSync(SCRIPT));
  writeFileSync(path.join(root, 'assets', 'entry-Ab12.js.gz'), gzipSync(SCRIPT));
  // A style sheet the build left without a brotli copy.
  writeFileSync(path.join(root, 'assets', 'site-Cd34.css'), 'body{color:gold}');
  writeFileSync(path.join(root, 'assets', 'site-Cd34.css.gz'), gzipSync('body{color:gold}'));
  writeFileSync(path.join(root, 'images', 'potions', 'dark poppy.webp'), Buffer.from('RIFF....WEBP'));
  writeFileSync(path.join(root, 'favicon.svg'), FAVICON);
  writeFileSync(path.join(root, '.vite', 'manifest.json'), '{}');
  // A fixed time, so the ETag and Last-Modified are known.
  utimesSync(path.join(root, 'favicon.svg'), new Date('2026-11-01T00:00:00Z'), new Date('2026-11-01T00:00:00Z'));
  files = StaticFiles.of(root);
  app = Fastify();
  app.route({
    method: ['GET', 'HEAD', 'POST'],
    url: '/*',
    handler: async (request, reply) => {
      const file = request.method === 'POST' ? undefined : files.find(request.url);
      return file ? files.send(request, reply, file) : reply.send('page');
    },
  });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  rmSync(root, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

describe('the browser build', () => {
  it('is read once into a map of its files, compressed copies included, dot directories left out', () => {
    expect(files.size).toBe(7);
    expect(files.find('/.vite/manifest.json')).toBeUndefined();
  });

  it('sends a script as brotli, gzip or plain bytes as the client accepts, each cached for a year', async () => {
    for (const [accept, encoding, decode] of [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
      ['identity', undefined, (body: Buffer) => body],
      ['br;q=0, gzip', 'gzip', gunzipSync],
    ] as const) {
      const response = await get('/assets/entry-Ab12.js', { 'accept-encoding': accept });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers['content-type']).toBe('application/javascript; charset=utf-8');
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(response.headers['vary']).toBe('Accept-Encoding');
      expect(decode(response.rawPayload).toString()).toBe(SCRIPT);
    }
  });

  it('falls back to the copies a file has: gzip for a style sheet without a brotli one', async () => {
    const response = await get('/assets/site-Cd34.css', { 'accept-encoding': 'br, gzip' });
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(gunzipSync(response.rawPayload).toString()).toBe('body{color:gold}');
  });

  it('caches what lies outside /assets for a day, and finds a name with a space by its encoded path', async () => {
    const image = await get('/images/potions/dark%20poppy.webp', { 'accept-encoding': 'br' });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.headers['content-encoding']).toBeUndefined();
    expect(image.headers['cache-control']).toBe('public, max-age=86400');
    expect(image.body).toBe('RIFF....WEBP');
  });

  it('answers a revalidation with 304 by its ETag, and a HEAD with the length and no body', async () => {
    const first = await get('/favicon.svg');
    expect(first.headers['etag']).toBe(`W/"${FAVICON.length.toString(16)}-${new Date('2026-11-01T00:00:00Z').getTime().toString(16)}"`);
    expect(first.headers['last-modified']).toBe('Sun, 01 Nov 2026 00:00:00 GMT');
    const again = await get('/favicon.svg?v=2', { 'if-none-match': first.headers['etag'] as string });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const head = await app.inject({ method: 'HEAD', url: '/favicon.svg' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(FAVICON.length));
    expect(head.body).toBe('');
  });

  it('serves a byte range', async () => {
    const response = await get('/favicon.svg', { range: 'bytes=0-3' });
    expect(response.statusCode).toBe(206);
    expect(response.headers['content-range']).toBe(`bytes 0-3/${FAVICON.length}`);
    expect(response.body).toBe('<svg');
  });

  it('leaves every other path, method or dotfile to the pages', async () => {
    for (const url of ['/assets/entry-Zz99.js', '/assets/', '/assets', '/assets/entry-Ab12.js/', '/.vite/manifest.json', '/assets/..%2ffavicon.svg']) {
      const response = await get(url);
      expect(response.body, url).toBe('page');
    }
    expect((await app.inject({ method: 'POST', url: '/favicon.svg' })).body).toBe('page');
  });
});
