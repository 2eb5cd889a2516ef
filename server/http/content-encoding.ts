import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

export type Encoding = 'br' | 'gzip';

/**
 * The best of the `offered` encodings the client accepts (brotli, then gzip), honouring `q=0` refusals; undefined
 * for none.
 */
export function preferredEncoding(acceptEncoding: string | undefined, offered: readonly Encoding[] = ['br', 'gzip']): Encoding | undefined {
  if (!acceptEncoding) return undefined;
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
    accepted.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const allows = (name: Encoding) => offered.includes(name) && (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (allows('br')) return 'br';
  if (allows('gzip')) return 'gzip';
  return undefined;
}

const MIN_COMPRESS_BYTES = 1024;
const compressedBodies = new WeakMap<object, Partial<Record<Encoding, Buffer>>>();

function compress(text: string, encoding: Encoding): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: text.length } })
    : gzipSync(text, { level: 9 });
}

/**
 * Sends the JSON text of a cached read, compressed once per encoding for as long as the cache keeps the read,
 * instead of once per response.
 */
export function sendCachedJson(request: FastifyRequest, reply: FastifyReply, cached: { json: string }): FastifyReply {
  return sendCachedText(request, reply, cached, { text: cached.json, type: 'application/json; charset=utf-8' });
}

/** Sends a text kept in memory (keyed by `cached`), compressed once per encoding instead of once per response. */
export function sendCachedText(request: FastifyRequest, reply: FastifyReply, cached: object, { text, type }: { text: string; type: string }): FastifyReply {
  void reply.type(type).header('vary', 'accept-encoding');
  const encoding = text.length >= MIN_COMPRESS_BYTES ? preferredEncoding(request.headers['accept-encoding']) : undefined;
  if (!encoding) return reply.send(text);
  let bodies = compressedBodies.get(cached);
  if (!bodies) {
    bodies = {};
    compressedBodies.set(cached, bodies);
  }
  const body = (bodies[encoding] ??= compress(text, encoding));
  return reply.header('content-encoding', encoding).send(body);
}
