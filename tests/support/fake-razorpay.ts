import Fastify, { type FastifyInstance } from 'fastify';

/**
 * A local stand-in for Razorpay's Orders API, for tests: the real service cannot be reached from here. It checks
 * basic auth like Razorpay, validates amounts and answers in Razorpay's shapes.
 */
export async function startFakeRazorpay(credentials: { keyId: string; keySecret: string }): Promise<{ url: string; orders: Record<string, unknown>[]; close(): Promise<void> }> {
  const app: FastifyInstance = Fastify({ logger: false });
  const orders: Record<string, unknown>[] = [];
  const expected = `Basic ${Buffer.from(`${credentials.keyId}:${credentials.keySecret}`).toString('base64')}`;
  app.post('/v1/orders', async (request, reply) => {
    if (request.headers.authorization !== expected) {
      return reply.status(401).send({ error: { code: 'BAD_REQUEST_ERROR', description: 'Authentication failed' } });
    }
    const body = request.body as { amount?: unknown; currency?: unknown; receipt?: unknown };
    if (typeof body.amount !== 'number' || !Number.isInteger(body.amount) || body.amount < 100) {
      return reply.status(400).send({ error: { code: 'BAD_REQUEST_ERROR', description: 'Order amount less than minimum amount allowed' } });
    }
    const order = { id: `order_fake${String(orders.length + 1).padStart(10, '0')}`, entity: 'order', amount: body.amount, amount_paid: 0, amount_due: body.amount, currency: body.currency, receipt: body.receipt, status: 'created', attempts: 0, created_at: Math.floor(Date.now() / 1000) };
    orders.push(order);
    return order;
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { url: `http://127.0.0.1:${port}`, orders, close: () => app.close() };
}
