import Fastify, { type FastifyInstance } from 'fastify';
import { PDFDocument, StandardFonts } from 'pdf-lib';

interface StandInOrder {
  id: number;
  channel_order_id: string;
  shipmentId: number;
  awb: string | null;
  courier: string | null;
  payment_method: string;
  pincode: string;
  cancelled: boolean;
  body: Record<string, unknown>;
}

interface Scan {
  date: string;
  status: string;
  activity: string;
  location: string;
  'sr-status': string;
  'sr-status-label': string;
}

export interface FakeShiprocket {
  url: string;
  /** Every request the shop made, in order, with its JSON body and bearer token. */
  requests: { method: string; path: string; body: unknown; token: string | null }[];
  orders: StandInOrder[];
  /** Tokens handed out by auth/login, in order. */
  tokens: string[];
  /** Makes Shiprocket stop accepting a token (as when it expires early or the API user's password changes). */
  revoke(token: string): void;
  /** The next request to `path` (prefix) answers `status`, `times` times. */
  failNext(path: string, status: number, times?: number): void;
  /** The next AWB assignment books the AWB but answers only after `ms`, so a shop with a shorter timeout gives up. */
  answerAwbLate(ms: number): void;
  /** Serviceability answers only after `ms`. */
  answerServiceabilityLate(ms: number): void;
  /** PIN codes no courier serves. */
  unserviceable: Set<string>;
  /** Adds a scan to an AWB's tracking, as the courier would. */
  scan(awb: string, code: number, label: string, date: string, activity?: string): void;
  /** The body Shiprocket's tracking webhook sends for an AWB's latest scan. */
  webhookPayload(awb: string, code: number, label: string, timestamp: string, activity?: string): Record<string, unknown>;
  close(): Promise<void>;
}

export const STAND_IN_PICKUP = { pickup_location: 'Deosil Studio', pin_code: '560001' };
/** Two couriers: one cheap and slow, one dear and fast; both collect cash. */
const COURIERS = [
  { courier_company_id: 12, courier_name: 'Delhivery Surface', rate: 78.5, estimated_delivery_days: '5', etd: '', cod: 1 },
  { courier_company_id: 24, courier_name: 'Bluedart Air', rate: 142, estimated_delivery_days: '2', etd: '', cod: 1 },
];

/**
 * A local stand-in for Shiprocket's REST API (v1/external), for tests: the real service cannot be reached from
 * here and has no sandbox. It logs in an API user with a 10-day bearer token, refuses other tokens with 401,
 * validates an adhoc order's required fields (422 naming them), refuses a second AWB for a shipment, and answers
 * in the shapes of Shiprocket's documentation.
 */
/** `port`: where it listens (a bench's assigned port); any free one by default. */
export async function startFakeShiprocket(credentials: { email: string; password: string }, { port: listenOn = 0 }: { port?: number } = {}): Promise<FakeShiprocket> {
  const app: FastifyInstance = Fastify({ logger: false });
  const requests: FakeShiprocket['requests'] = [];
  const orders: StandInOrder[] = [];
  const tokens: string[] = [];
  const revoked = new Set<string>();
  const failures: { path: string; status: number; times: number }[] = [];
  const scans = new Map<string, Scan[]>();
  const unserviceable = new Set<string>();
  let awbDelayMs = 0;
  let serviceabilityDelayMs = 0;
  let nextAwb = 19041424751540;

  app.addHook('preHandler', async (request, reply) => {
    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7) : null;
    requests.push({ method: request.method, path: request.url, body: request.body ?? null, token });
    const failure = failures.find((entry) => request.url.startsWith(entry.path) && entry.times > 0);
    if (failure) {
      failure.times -= 1;
      return reply.status(failure.status).send({ message: 'Service temporarily unavailable', status_code: failure.status });
    }
    // Labels and manifests are public links to the courier's storage, fetched without a token.
    if (request.url === '/v1/external/auth/login' || request.url.startsWith('/files/')) return;
    if (!token || !tokens.includes(token) || revoked.has(token)) return reply.status(401).send({ message: 'Token has expired', status_code: 401 });
  });

  app.post('/v1/external/auth/login', async (request, reply) => {
    const body = request.body as { email?: string; password?: string };
    if (body.email !== credentials.email || body.password !== credentials.password) return reply.status(400).send({ message: 'Invalid email and password combination', status_code: 400 });
    const token = `eyJ.stand-in.${tokens.length + 1}`;
    tokens.push(token);
    return { id: 1, first_name: 'API', last_name: 'User', email: body.email, company_id: 42, token, created_at: new Date().toISOString() };
  });

  app.get('/v1/external/settings/company/pickup', async () => ({ data: { shipping_address: [{ id: 1, ...STAND_IN_PICKUP }] } }));

  const REQUIRED = ['order_id', 'order_date', 'pickup_location', 'billing_customer_name', 'billing_address', 'billing_city', 'billing_pincode', 'billing_state', 'billing_country', 'billing_email', 'billing_phone', 'payment_method', 'sub_total', 'length', 'breadth', 'height', 'weight'];
  app.post('/v1/external/orders/create/adhoc', async (request, reply) => {
    const body = request.body as Record<string, unknown>;
    const errors: Record<string, string[]> = {};
    for (const field of REQUIRED) if (body[field] === undefined || body[field] === '' || body[field] === null) errors[field] = [`The ${field.replace(/_/g, ' ')} field is required.`];
    if (body.pickup_location !== undefined && body.pickup_location !== STAND_IN_PICKUP.pickup_location) errors.pickup_location = ['Wrong Pickup location entered.'];
    if (typeof body.billing_pincode === 'string' && !/^[1-9]\d{5}$/.test(body.billing_pincode)) errors.billing_pincode = ['The billing pincode must be 6 digits.'];
    if (typeof body.billing_phone === 'string' && !/^\d{10}$/.test(body.billing_phone)) errors.billing_phone = ['The billing phone must be 10 digits.'];
    if (!Array.isArray(body.order_items) || body.order_items.length === 0) errors.order_items = ['The order items field is required.'];
    if (typeof body.weight !== 'number' || body.weight <= 0) errors.weight = ['The weight must be greater than 0.'];
    if (body.payment_method !== 'COD' && body.payment_method !== 'Prepaid') errors.payment_method = ['The selected payment method is invalid.'];
    if (Object.keys(errors).length) return reply.status(422).send({ message: 'Oops! Invalid Data.', errors, status_code: 422 });
    const order: StandInOrder = {
      id: 348456385 + orders.length,
      channel_order_id: String(body.order_id),
      shipmentId: 347850000 + orders.length,
      awb: null,
      courier: null,
      payment_method: String(body.payment_method),
      pincode: String(body.billing_pincode),
      cancelled: false,
      body,
    };
    orders.push(order);
    return { order_id: order.id, shipment_id: order.shipmentId, status: 'NEW', status_code: 1, onboarding_completed_now: 0, awb_code: '', courier_company_id: '', courier_name: '' };
  });

  app.get('/v1/external/orders', async (request) => {
    const search = (request.query as { search?: string }).search ?? '';
    const found = orders.filter((order) => order.channel_order_id.includes(search));
    return { data: found.map((order) => ({ id: order.id, channel_order_id: order.channel_order_id, status: order.cancelled ? 'CANCELED' : 'NEW', shipments: [{ id: order.shipmentId, awb: order.awb, courier: order.courier }] })) };
  });

  app.get('/v1/external/courier/serviceability/', async (request) => {
    const query = request.query as { pickup_postcode?: string; delivery_postcode?: string; weight?: string; cod?: string };
    if (serviceabilityDelayMs) await new Promise((resolve) => setTimeout(resolve, serviceabilityDelayMs));
    if (!query.pickup_postcode || !query.delivery_postcode || !query.weight) return { status: 422, message: 'pickup_postcode, delivery_postcode and weight are required' };
    if (unserviceable.has(query.delivery_postcode)) return { status: 404, message: 'No courier serviceable' };
    return { status: 200, data: { available_courier_companies: COURIERS, recommended_courier_company_id: 12 } };
  });

  app.post('/v1/external/courier/assign/awb', async (request, reply) => {
    const body = request.body as { shipment_id?: number; courier_id?: number };
    const order = orders.find((entry) => entry.shipmentId === body.shipment_id);
    if (!order) return reply.status(422).send({ message: 'Invalid shipment id', status_code: 422 });
    if (order.awb) return { awb_assign_status: 0, response: { data: { awb_assign_error: 'AWB is already assigned to this shipment' } } };
    const courier = COURIERS.find((entry) => entry.courier_company_id === body.courier_id) ?? COURIERS[0]!;
    order.awb = String(nextAwb++);
    order.courier = courier.courier_name;
    if (awbDelayMs) {
      const delay = awbDelayMs;
      awbDelayMs = 0;
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
    return { awb_assign_status: 1, response: { data: { awb_code: order.awb, courier_company_id: courier.courier_company_id, courier_name: courier.courier_name, shipment_id: order.shipmentId } } };
  });

  const known = (ids: unknown) => Array.isArray(ids) && ids.length > 0 && ids.every((id) => orders.some((order) => order.shipmentId === id && order.awb && !order.cancelled));
  app.post('/v1/external/courier/generate/pickup', async (request, reply) => {
    const ids = (request.body as { shipment_id?: unknown }).shipment_id;
    if (!known(ids)) return reply.status(400).send({ message: 'Please assign AWB before generating pickup', status_code: 400 });
    return { pickup_status: 1, response: { pickup_scheduled_date: '2026-11-24 10:00:00', pickup_token_number: 'Reference No: 1234', status: 3, data: 'Pickup is scheduled' } };
  });
  app.post('/v1/external/courier/generate/label', async (request, reply) => {
    const ids = (request.body as { shipment_id?: unknown }).shipment_id;
    if (!known(ids)) return reply.status(400).send({ message: 'Label cannot be generated for these shipments', status_code: 400 });
    return { label_created: 1, label_url: `http://${request.headers.host}/files/labels/${(ids as number[]).join('-')}.pdf`, response: '', not_created: [] };
  });
  app.post('/v1/external/manifests/generate', async (request, reply) => {
    const ids = (request.body as { shipment_id?: unknown }).shipment_id;
    if (!known(ids)) return reply.status(400).send({ message: 'Manifest cannot be generated', status_code: 400 });
    return { status: 1, manifest_url: `http://${request.headers.host}/files/manifests/${(ids as number[]).join('-')}.pdf` };
  });
  // The documents themselves, as the courier's storage serves them: a 4×6 in page per label, one A4 manifest.
  app.get('/files/:kind/:name', async (request, reply) => {
    const { kind, name } = request.params as { kind: string; name: string };
    const ids = name.replace(/\.pdf$/, '').split('-').map(Number);
    const parcels = ids.map((id) => orders.find((order) => order.shipmentId === id));
    if (!['labels', 'manifests'].includes(kind) || parcels.some((order) => !order)) return reply.status(404).send('NoSuchKey');
    const pdf = await PDFDocument.create();
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    if (kind === 'labels') {
      for (const order of parcels) pdf.addPage([288, 432]).drawText(`Shiprocket label AWB ${order!.awb} ${order!.courier}`, { x: 14, y: 400, size: 10, font });
    } else {
      pdf.addPage([595, 842]).drawText(`Shiprocket manifest ${parcels.map((order) => order!.awb).join(' ')}`, { x: 36, y: 800, size: 10, font });
    }
    return reply.type('application/pdf').send(Buffer.from(await pdf.save()));
  });
  app.post('/v1/external/orders/cancel', async (request, reply) => {
    const ids = (request.body as { ids?: unknown }).ids;
    if (!Array.isArray(ids) || ids.length === 0) return reply.status(422).send({ message: 'The ids field is required.', status_code: 422 });
    for (const order of orders) if (ids.includes(order.id)) order.cancelled = true;
    return { status: 200, message: 'Orders cancelled successfully' };
  });
  app.get('/v1/external/courier/track/awb/:awb', async (request) => {
    const { awb } = request.params as { awb: string };
    const activities = [...(scans.get(awb) ?? [])].reverse();
    if (activities.length === 0) return { tracking_data: { track_status: 0, error: 'Aahh! There is no activities found in our DB. Please have some patience it will be updated soon.' } };
    return { tracking_data: { track_status: 1, shipment_status: Number(activities[0]!['sr-status']), shipment_track: [], shipment_track_activities: activities, track_url: `https://shiprocket.co//tracking/${awb}` } };
  });
  app.post('/v1/external/ndr/:awb/action', async (request, reply) => {
    const body = request.body as { action?: string; comments?: string };
    if (!['re-attempt', 'return', 'fake-attempt'].includes(body.action ?? '') || typeof body.comments !== 'string') {
      return reply.status(422).send({ message: 'The action and comments fields are required.', status_code: 422 });
    }
    return reply.status(202).send({ status: 'Data Updated Sucessfully' });
  });

  await app.listen({ port: listenOn, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    orders,
    tokens,
    unserviceable,
    revoke: (token) => revoked.add(token),
    failNext: (path, status, times = 1) => failures.push({ path, status, times }),
    answerAwbLate: (ms) => {
      awbDelayMs = ms;
    },
    answerServiceabilityLate: (ms) => {
      serviceabilityDelayMs = ms;
    },
    scan: (awb, code, label, date, activity = label) => {
      scans.set(awb, [...(scans.get(awb) ?? []), { date, status: label, activity, location: 'BLR/FC1, BANGALORE, KARNATAKA', 'sr-status': String(code), 'sr-status-label': label.toUpperCase() }]);
    },
    webhookPayload: (awb, code, label, timestamp, activity = label) => {
      const order = orders.find((entry) => entry.awb === awb);
      return {
        awb,
        courier_name: order?.courier ?? 'Delhivery Surface',
        current_status: label.toUpperCase(),
        current_status_id: code,
        shipment_status: label.toUpperCase(),
        shipment_status_id: code,
        current_timestamp: timestamp,
        order_id: order?.channel_order_id ?? '',
        sr_order_id: order?.id ?? 0,
        awb_assigned_date: '2026-11-23 11:59:16',
        pickup_scheduled_date: '2026-11-23 11:59:17',
        etd: '2026-11-27 15:40:19',
        scans: [{ date: timestamp, status: label, activity, location: 'Pune_Kothrud_D (Maharashtra)', 'sr-status': String(code), 'sr-status-label': label.toUpperCase() }],
        is_return: code === 9 || code === 10 ? 1 : 0,
        channel_id: 3422553,
        pod_status: '',
        pod: 'Not Available',
      };
    },
    close: () => app.close(),
  };
}
