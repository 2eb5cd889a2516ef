// The yardstick: a bare Fastify server run the same way as the shop. By default one {"hello":"world"} route;
// with YARD_BODY_FILE, one route sending that file's bytes as they are (with YARD_CONTENT_TYPE and, for bytes
// already compressed, YARD_CONTENT_ENCODING): the limit for a response of exactly that size on this machine.
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const app = Fastify({ logger: false });
const file = process.env.YARD_BODY_FILE;
if (file) {
  const body = readFileSync(file);
  const headers: Record<string, string> = { 'content-type': process.env.YARD_CONTENT_TYPE ?? 'application/octet-stream' };
  if (process.env.YARD_CONTENT_ENCODING) headers['content-encoding'] = process.env.YARD_CONTENT_ENCODING;
  app.get('/', async (_request, reply) => reply.headers(headers).send(body));
} else {
  app.get('/', async () => ({ hello: 'world' }));
}
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.send?.('ready');
