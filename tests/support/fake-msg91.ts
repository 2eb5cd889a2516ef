import Fastify from 'fastify';

export interface Msg91Request {
  headers: Record<string, string | undefined>;
  body: { template_id?: string; sender?: string; short_url?: string; recipients?: Record<string, string>[] };
}

export interface FakeMsg91 {
  url: string;
  /** Every request the shop made to the Flow API, in order, accepted or not. */
  requests: Msg91Request[];
  /** The texts MSG91 accepted, one per recipient: the number and the template's variables. */
  delivered: { mobiles: string; variables: Record<string, string>; templateId: string }[];
  /** The next `count` requests are answered as MSG91 answers a failure (an error body, status 500). */
  failNext(count: number): void;
  close(): Promise<void>;
}

/**
 * A local stand-in for MSG91's Flow API (POST /api/v5/flow), for tests: the real service cannot be reached from
 * here. It checks the authkey header like MSG91, wants a template id, a sender and each recipient's number in
 * international form without '+', and answers in MSG91's shapes: {"type":"success","message":"<request id>"}
 * or {"type":"error","message":"…"}.
 */
export async function startFakeMsg91(authKey: string): Promise<FakeMsg91> {
  const app = Fastify({ logger: false });
  const requests: Msg91Request[] = [];
  const delivered: FakeMsg91['delivered'] = [];
  let failures = 0;
  app.post('/api/v5/flow', async (request, reply) => {
    const body = (request.body ?? {}) as Msg91Request['body'];
    requests.push({ headers: { authkey: request.headers.authkey as string | undefined, 'content-type': request.headers['content-type'] }, body });
    if (request.headers.authkey !== authKey) return reply.status(401).send({ type: 'error', message: 'Authentication failure', code: '401' });
    if (failures > 0) {
      failures -= 1;
      return reply.status(500).send({ type: 'error', message: 'Internal server error' });
    }
    if (!body.template_id || !body.sender || !Array.isArray(body.recipients) || body.recipients.length === 0) {
      return reply.status(400).send({ type: 'error', message: 'template_id, sender and recipients are required' });
    }
    for (const recipient of body.recipients) {
      if (!/^91[6-9]\d{9}$/.test(recipient.mobiles ?? '')) return reply.status(400).send({ type: 'error', message: 'Mobile number is invalid' });
    }
    for (const { mobiles, ...variables } of body.recipients) delivered.push({ mobiles: mobiles!, variables, templateId: body.template_id });
    return { type: 'success', message: `3${String(requests.length).padStart(23, '0')}` };
  });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url: address,
    requests,
    delivered,
    failNext: (count) => {
      failures = count;
    },
    close: () => app.close(),
  };
}
