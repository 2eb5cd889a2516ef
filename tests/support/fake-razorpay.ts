import Fastify, { type FastifyInstance } from 'fastify';

type PaymentStatus = 'authorized' | 'captured' | 'refunded' | 'failed';

export interface FakeRazorpay {
  url: string;
  orders: Record<string, unknown>[];
  refunds: Record<string, unknown>[];
  /** Every request the shop made, in order, with its JSON body (and a refund's X-Refund-Idempotency key). */
  requests: { method: string; path: string; body: unknown; idempotencyKey?: string }[];
  /**
   * A customer paying an order through Checkout: by default the order's amount in INR, captured at once as with
   * auto-capture on; `status: 'authorized'` leaves it for the shop to capture, as with auto-capture off.
   */
  pay(orderId: string, paymentId: string, options?: { status?: PaymentStatus; amount?: number; currency?: string; method?: string }): void;
  /** Records a captured payment of no order the test made. */
  capture(paymentId: string, amountPaise: number): void;
  /** Refunds the whole payment outside the shop, as an admin could from Razorpay's dashboard. */
  refundInDashboard(paymentId: string): void;
  /** The payment as Razorpay holds it now, if it knows it. */
  payment(paymentId: string): { status: PaymentStatus; amount: number } | undefined;
  close(): Promise<void>;
}

/**
 * A local stand-in for Razorpay's Orders, Payments and Refunds APIs, for tests: the real service cannot be
 * reached from here. It checks basic auth like Razorpay, validates amounts, captures only an authorized payment
 * for its whole amount, refuses refunds beyond what was captured, honours the X-Refund-Idempotency header and
 * answers in Razorpay's shapes.
 */
export async function startFakeRazorpay(credentials: { keyId: string; keySecret: string }): Promise<FakeRazorpay> {
  const app: FastifyInstance = Fastify({ logger: false });
  const orders: Record<string, unknown>[] = [];
  const refunds: Record<string, unknown>[] = [];
  const requests: FakeRazorpay['requests'] = [];
  const payments = new Map<string, { id: string; orderId: string | null; amount: number; currency: string; status: PaymentStatus; refunded: number; method?: string }>();
  const byIdempotencyKey = new Map<string, Record<string, unknown>>();
  const expected = `Basic ${Buffer.from(`${credentials.keyId}:${credentials.keySecret}`).toString('base64')}`;
  const entityOf = (payment: NonNullable<ReturnType<typeof payments.get>>) => ({
    id: payment.id,
    entity: 'payment',
    amount: payment.amount,
    currency: payment.currency,
    status: payment.status,
    order_id: payment.orderId,
    amount_refunded: payment.refunded,
    captured: payment.status === 'captured' || payment.status === 'refunded',
    method: payment.method ?? 'card',
    created_at: Math.floor(Date.now() / 1000),
  });
  app.addHook('preHandler', async (request, reply) => {
    const idempotencyKey = request.headers['x-refund-idempotency'];
    requests.push({ method: request.method, path: request.url, body: request.body ?? null, ...(typeof idempotencyKey === 'string' ? { idempotencyKey } : {}) });
    if (request.headers.authorization !== expected) {
      return reply.status(401).send({ error: { code: 'BAD_REQUEST_ERROR', description: 'Authentication failed' } });
    }
  });
  const unknownId = { error: { code: 'BAD_REQUEST_ERROR', description: 'The id provided does not exist' } };
  app.get('/v1/payments/:paymentId', async (request, reply) => {
    const payment = payments.get((request.params as { paymentId: string }).paymentId);
    return payment ? entityOf(payment) : reply.status(400).send(unknownId);
  });
  app.post('/v1/payments/:paymentId/capture', async (request, reply) => {
    const refusal = (description: string) => reply.status(400).send({ error: { code: 'BAD_REQUEST_ERROR', description } });
    const payment = payments.get((request.params as { paymentId: string }).paymentId);
    if (!payment) return reply.status(400).send(unknownId);
    const body = request.body as { amount?: unknown; currency?: unknown };
    if (payment.status !== 'authorized') return refusal('This payment has already been captured');
    if (body.amount !== payment.amount) return refusal('Capture amount must be equal to the amount authorized');
    if (body.currency !== payment.currency) return refusal('Currency should be same as that of the payment');
    payment.status = 'captured';
    return entityOf(payment);
  });
  app.post('/v1/orders', async (request, reply) => {
    const body = request.body as { amount?: unknown; currency?: unknown; receipt?: unknown };
    if (typeof body.amount !== 'number' || !Number.isInteger(body.amount) || body.amount < 100) {
      return reply.status(400).send({ error: { code: 'BAD_REQUEST_ERROR', description: 'Order amount less than minimum amount allowed' } });
    }
    const order = {
      id: `order_fake${String(orders.length + 1).padStart(10, '0')}`,
      entity: 'order',
      amount: body.amount,
      amount_paid: 0,
      amount_due: body.amount,
      currency: body.currency,
      receipt: body.receipt,
      status: 'created',
      attempts: 0,
      created_at: Math.floor(Date.now() / 1000),
    };
    orders.push(order);
    return order;
  });
  app.post('/v1/payments/:paymentId/refund', async (request, reply) => {
    const refusal = (description: string) => reply.status(400).send({ error: { code: 'BAD_REQUEST_ERROR', description } });
    const key = request.headers['x-refund-idempotency'];
    const repeated = typeof key === 'string' ? byIdempotencyKey.get(key) : undefined;
    if (repeated) return repeated;
    const { paymentId } = request.params as { paymentId: string };
    const payment = payments.get(paymentId);
    if (!payment) return refusal('The id provided does not exist');
    if (payment.status === 'authorized') return refusal('The payment has not been captured yet');
    const body = request.body as { amount?: unknown; receipt?: unknown };
    const amount = body.amount === undefined ? payment.amount - payment.refunded : body.amount;
    if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 100) return refusal('The amount must be at least INR 1.00');
    if (payment.refunded >= payment.amount) return refusal('The payment has been fully refunded already');
    if (payment.refunded + amount > payment.amount) return refusal('The total refund amount is greater than the refund payment amount');
    payment.refunded += amount;
    if (payment.refunded === payment.amount) payment.status = 'refunded';
    const refund = {
      id: `rfnd_fake${String(refunds.length + 1).padStart(10, '0')}`,
      entity: 'refund',
      amount,
      currency: 'INR',
      payment_id: paymentId,
      receipt: body.receipt ?? null,
      status: 'processed',
      speed_requested: 'normal',
      created_at: Math.floor(Date.now() / 1000),
    };
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
    requests,
    pay: (orderId, paymentId, options = {}) => {
      const order = orders.find((entry) => entry.id === orderId);
      if (!order) throw new Error(`The fake Razorpay made no order ${orderId}`);
      const amount = options.amount ?? (order.amount as number);
      payments.set(paymentId, { id: paymentId, orderId, amount, currency: options.currency ?? 'INR', status: options.status ?? 'captured', refunded: 0, method: options.method });
    },
    capture: (paymentId, amountPaise) => payments.set(paymentId, { id: paymentId, orderId: null, amount: amountPaise, currency: 'INR', status: 'captured', refunded: 0 }),
    refundInDashboard: (paymentId) => {
      const payment = payments.get(paymentId);
      if (!payment) throw new Error(`The fake Razorpay knows no payment ${paymentId}`);
      Object.assign(payment, { refunded: payment.amount, status: 'refunded' });
    },
    payment: (paymentId) => payments.get(paymentId),
    close: () => app.close(),
  };
}
