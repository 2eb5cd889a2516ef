import Fastify, { type FastifyInstance } from 'fastify';

export interface FakeRazorpay {
  url: string;
  orders: Record<string, unknown>[];
  refunds: Record<string, unknown>[];
  /** Records a captured payment, as a customer paying through Checkout would leave it. */
  capture(paymentId: string, amountPaise: number): void;
  close(): Promise<void>;
}

/**
 * A local stand-in for Razorpay's Orders and Refunds APIs, for tests: the real service cannot be reached from
 * here. It checks basic auth like Razorpay, validates amounts, refuses refunds beyond what was captured, honours
 * the X-Refund-Idempotency header and answers in Razorpay's shapes.
 */
export async function startFakeRazorpay(credentials: { keyId: string; keySecret: string }): Promise<FakeRazorpay> {
  const app: FastifyInstance = Fastify({ logger: false });
  const orders: Record<string, unknown>[] = [];
  const refunds: Record<string, unknown>[] = [];
  const captured = new Map<string, { amount: number; refunded: number }>();
  const byIdempotencyKey = new Map<string, Record<string, unknown>>();
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
  app.post('/v1/payments/:paymentId/refund', async (request, reply) => {
    const refusal = (description: string) => reply.status(400).send({ error: { code: 'BAD_REQUEST_ERROR', description } });
    if (request.headers.authorization !== expected) {
      return reply.status(401).send({ error: { code: 'BAD_REQUEST_ERROR', description: 'Authentication failed' } });
    }
    const key = request.headers['x-refund-idempotency'];
    const repeated = typeof key === 'string' ? byIdempotencyKey.get(key) : undefined;
    if (repeated) return repeated;
    const { paymentId } = request.params as { paymentId: string };
    const payment = captured.get(paymentId);
    if (!payment) return refusal('The id provided does not exist');
    const body = request.body as { amount?: unknown; receipt?: unknown };
    const amount = body.amount === undefined ? payment.amount - payment.refunded : body.amount;
    if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 100) return refusal('The amount must be at least INR 1.00');
    if (payment.refunded >= payment.amount) return refusal('The payment has been fully refunded already');
    if (payment.refunded + amount > payment.amount) return refusal('The total refund amount is greater than the refund payment amount');
    payment.refunded += amount;
    const refund = { id: `rfnd_fake${String(refunds.length + 1).padStart(10, '0')}`, entity: 'refund', amount, currency: 'INR', payment_id: paymentId, receipt: body.receipt ?? null, status: 'processed', speed_requested: 'normal', created_at: Math.floor(Date.now() / 1000) };
    refunds.push(refund);
    if (typeof key === 'string') byIdempotencyKey.set(key, refund);
    return refund;
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    orders,
    refunds,
    capture: (paymentId, amountPaise) => captured.set(paymentId, { amount: amountPaise, refunded: 0 }),
    close: () => app.close(),
  };
}
