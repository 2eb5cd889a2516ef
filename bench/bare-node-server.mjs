// The memory yardstick: a bare Node HTTP server, plain JavaScript on plain `node` as the shop runs in production,
// answering every request with {"hello":"world"}. What any Node process holds before it does anything of its own.
import http from 'node:http';

const body = JSON.stringify({ hello: 'world' });
http
  .createServer((_request, response) => response.writeHead(200, { 'content-type': 'application/json' }).end(body))
  .listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGTERM', () => process.exit(0));
