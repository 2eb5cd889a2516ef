import Fastify from 'fastify';

export interface AnalyticsRequest {
  path: string;
  query: Record<string, string | undefined>;
  body: Record<string, unknown>;
}

export interface FakeAnalytics {
  /** GA4_COLLECT_URL for the shop: this server's Measurement Protocol endpoint. */
  collectUrl: string;
  /** META_GRAPH_URL for the shop: this server's Graph API root. */
  graphUrl: string;
  /** Every request the shop made, to either, in order, accepted or not. */
  requests: AnalyticsRequest[];
  /** The next `count` requests are answered 500, as an outage would be. */
  failNext(count: number): void;
  close(): Promise<void>;
}

/**
 * Local stand-ins for GA4's Measurement Protocol (POST /mp/collect?measurement_id&api_secret; answers 204 with no
 * body, as Google does whether or not the event is valid) and Meta's Conversions API (POST
 * /v21.0/{pixel}/events?access_token; answers {"events_received": n, "fbtrace_id": …}, or an OAuthException for
 * a wrong token). They record every request: the real services cannot be reached from here.
 */
export async function startFakeAnalytics(options: { apiSecret: string; accessToken: string }): Promise<FakeAnalytics> {
  const app = Fastify({ logger: false });
  const requests: AnalyticsRequest[] = [];
  let failures = 0;
  const fail = () => {
    if (failures === 0) return false;
    failures -= 1;
    return true;
  };
  app.post('/mp/collect', async (request, reply) => {
    const query = request.query as Record<string, string | undefined>;
    requests.push({ path: '/mp/collect', query, body: request.body as Record<string, unknown> });
    if (fail()) return reply.status(500).send();
    if (query.api_secret !== options.apiSecret || !query.measurement_id) return reply.status(403).send();
    return reply.status(204).send();
  });
  app.post('/v21.0/:pixel/events', async (request, reply) => {
    const query = request.query as Record<string, string | undefined>;
    const body = request.body as { data?: unknown[] };
    requests.push({ path: `/v21.0/${(request.params as { pixel: string }).pixel}/events`, query, body: body as Record<string, unknown> });
    if (fail()) return reply.status(500).send({ error: { message: 'An unexpected error has occurred.', type: 'OAuthException', code: 2 } });
    if (query.access_token !== options.accessToken) return reply.status(400).send({ error: { message: 'Invalid OAuth access token.', type: 'OAuthException', code: 190 } });
    return { events_received: Array.isArray(body.data) ? body.data.length : 0, messages: [], fbtrace_id: `trace${requests.length}` };
  });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    collectUrl: `${address}/mp/collect`,
    graphUrl: `${address}/v21.0`,
    requests,
    failNext: (count) => {
      failures = count;
    },
    close: () => app.close(),
  };
}
