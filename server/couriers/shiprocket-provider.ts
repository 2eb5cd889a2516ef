import { z } from 'zod';
import type { CourierSessionStore } from './courier-sessions.ts';
import {
  CourierError,
  type Booking,
  type CourierChoice,
  type CourierDocument,
  type NdrDecision,
  type Parcel,
  type Serviceability,
  type ShippingProvider,
  type TrackingEvent,
} from './shipping-provider.ts';
import { shipmentStatusOfCode, shiprocketTime } from './shiprocket-statuses.ts';

export const SHIPROCKET_DEFAULT_API_BASE = 'https://apiv2.shiprocket.in';
/** Shiprocket's API token is valid for 10 days (240 hours) from auth/login. */
const TOKEN_LIFETIME_MS = 10 * 24 * 60 * 60 * 1000;
/** Renewed a day early, so no request is made with a token about to expire on the way. */
const RENEW_BEFORE_MS = 24 * 60 * 60 * 1000;
const REQUEST_TIMEOUT_MS = 15_000;

export interface ShiprocketOptions {
  email: string;
  password: string;
  /** The pickup location's nickname as set up in Shiprocket's panel (Settings › Pickup Addresses). */
  pickupLocation: string;
  apiBase?: string;
  sessions: CourierSessionStore;
  clock?: () => Date;
  timeoutMs?: number;
}

const loginReply = z.object({ token: z.string().min(1) });
const createdReply = z.object({ order_id: z.union([z.number(), z.string()]), shipment_id: z.union([z.number(), z.string()]) });
const orderListReply = z.object({
  data: z.array(
    z.object({
      id: z.union([z.number(), z.string()]),
      channel_order_id: z.string(),
      shipments: z.array(z.object({ id: z.union([z.number(), z.string()]), awb: z.string().nullable().optional(), courier: z.string().nullable().optional() })).optional(),
    }),
  ),
});
const awbReply = z.object({
  awb_assign_status: z.number(),
  response: z.object({ data: z.object({ awb_code: z.string().optional(), courier_name: z.string().optional(), courier_company_id: z.number().optional(), awb_assign_error: z.string().optional() }) }),
});
const courierCompany = z.object({
  courier_company_id: z.number(),
  courier_name: z.string(),
  rate: z.number(),
  estimated_delivery_days: z.union([z.number(), z.string()]).optional(),
  cod: z.number().optional(),
});
const serviceabilityReply = z.object({ status: z.number().optional(), data: z.object({ available_courier_companies: z.array(courierCompany) }).optional() });
const pickupLocationsReply = z.object({ data: z.object({ shipping_address: z.array(z.object({ pickup_location: z.string(), pin_code: z.union([z.string(), z.number()]) })) }) });
const scan = z.object({ date: z.string(), status: z.string().optional(), activity: z.string().optional(), location: z.string().optional(), 'sr-status': z.union([z.string(), z.number()]).optional() });
const trackReply = z.object({ tracking_data: z.object({ track_status: z.number().optional(), shipment_track_activities: z.array(scan).nullable().optional(), error: z.string().optional() }) });

const days = (value: number | string | undefined) => (value === undefined || value === '' || Number.isNaN(Number(value)) ? Number.POSITIVE_INFINITY : Number(value));
const rupees = (paise: number) => Math.round(paise) / 100;

/**
 * Shiprocket's REST API (apiv2.shiprocket.in/v1/external), as its documentation describes it: a bearer token
 * from auth/login valid for 10 days, orders/create/adhoc, courier/serviceability, courier/assign/awb,
 * courier/generate/pickup, courier/generate/label, manifests/generate, courier/track/awb, orders/cancel and
 * ndr/{awb}/action. It has no idempotency key: a booking is made safe to retry by sending the shop's own
 * reference as the order's id and looking for it before creating it again (see `book`).
 */
export class ShiprocketProvider implements ShippingProvider {
  readonly name = 'shiprocket' as const;
  private pickupPincode: string | null = null;

  constructor(private readonly options: ShiprocketOptions) {}

  private get clock(): () => Date {
    return this.options.clock ?? (() => new Date());
  }

  /** A token valid for at least another day: the shared one, or a new login kept for every process. */
  private async token(renew = false): Promise<string> {
    const now = this.clock().getTime();
    const kept = renew ? null : await this.options.sessions.read();
    if (kept && kept.expiresAt.getTime() - now > RENEW_BEFORE_MS) return kept.token;
    const { body } = await this.send('POST', '/v1/external/auth/login', { email: this.options.email, password: this.options.password }, null);
    const login = loginReply.safeParse(body);
    if (!login.success) throw new CourierError('Shiprocket answered the login with no token', true);
    await this.options.sessions.write({ token: login.data.token, expiresAt: new Date(now + TOKEN_LIFETIME_MS) });
    return login.data.token;
  }

  /** One authenticated request; a token Shiprocket no longer accepts (401) is renewed once. */
  private async call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> {
    const first = await this.send(method, path, body, await this.token());
    if (first.status !== 401) return first.body;
    const again = await this.send(method, path, body, await this.token(true));
    if (again.status === 401) throw new CourierError('Shiprocket refused the API user: check SHIPROCKET_EMAIL and SHIPROCKET_PASSWORD', false, 401);
    return again.body;
  }

  private async send(method: 'GET' | 'POST', path: string, body: unknown, token: string | null): Promise<{ status: number; body: unknown }> {
    let response: Response;
    try {
      response = await fetch(new URL(path, this.options.apiBase ?? SHIPROCKET_DEFAULT_API_BASE), {
        method,
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? REQUEST_TIMEOUT_MS),
      });
    } catch (error) {
      throw new CourierError(`Shiprocket did not answer ${path}: ${(error as Error).message}`, true);
    }
    const text = await response.text();
    let parsed: unknown = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = text;
    }
    if (response.status === 401 && token) return { status: 401, body: parsed };
    if (response.status >= 400) {
      const message = typeof parsed === 'object' && parsed && 'message' in parsed ? String((parsed as { message: unknown }).message) : `HTTP ${response.status}`;
      // 5xx and rate limiting pass with time; anything else is the request's own fault and is not retried.
      throw new CourierError(`Shiprocket refused ${path}: ${message}`, response.status >= 500 || response.status === 429, response.status);
    }
    return { status: response.status, body: parsed };
  }

  async book(parcel: Parcel, sofar: Booking, choice: CourierChoice, keep: (booking: Booking) => Promise<void>): Promise<Booking> {
    let booking = { ...sofar };
    if (!booking.providerShipmentId) {
      // An earlier attempt may have created the order and lost the answer: the reference finds it.
      const found = await this.findByReference(parcel.reference);
      booking = { ...booking, ...(found ?? (await this.createOrder(parcel))) };
      await keep(booking);
    }
    if (!booking.awb) {
      // Likewise an AWB assigned to an answer that never came back is read, not assigned twice.
      const found = await this.findByReference(parcel.reference);
      if (found?.awb) booking = { ...booking, ...found };
      else booking = { ...booking, ...(await this.assignAwb(booking.providerShipmentId!, parcel, choice)) };
      booking.trackingUrl = `https://shiprocket.co/tracking/${booking.awb}`;
      await keep(booking);
    }
    return booking;
  }

  private async findByReference(reference: string): Promise<Partial<Booking> | null> {
    const reply = orderListReply.safeParse(await this.call('GET', `/v1/external/orders?search=${encodeURIComponent(reference)}`));
    if (!reply.success) throw new CourierError('Shiprocket answered the order search unexpectedly', true);
    const order = reply.data.data.find((entry) => entry.channel_order_id === reference);
    const shipment = order?.shipments?.[0];
    if (!order || !shipment) return null;
    return { providerOrderId: String(order.id), providerShipmentId: String(shipment.id), ...(shipment.awb ? { awb: shipment.awb, courierName: shipment.courier ?? null } : {}) };
  }

  private async createOrder(parcel: Parcel): Promise<Partial<Booking>> {
    const { address, customer, size } = parcel;
    const body = {
      order_id: parcel.reference,
      order_date: indiaDateTime(parcel.placedAt),
      pickup_location: this.options.pickupLocation,
      billing_customer_name: customer.name,
      billing_last_name: '',
      billing_address: address.street,
      billing_city: address.city,
      billing_pincode: address.pincode,
      billing_state: address.state,
      billing_country: address.country,
      billing_email: customer.email,
      billing_phone: customer.phone.replace(/\D/g, '').slice(-10),
      shipping_is_billing: true,
      order_items: parcel.items.map((item) => ({ name: item.name, sku: item.sku, units: item.units, selling_price: rupees(item.unitPricePaise) })),
      payment_method: parcel.cashOnDelivery ? 'COD' : 'Prepaid',
      sub_total: rupees(parcel.collectPaise),
      length: size.lengthCm,
      breadth: size.breadthCm,
      height: size.heightCm,
      weight: size.weightGrams / 1000,
    };
    const reply = createdReply.safeParse(await this.call('POST', '/v1/external/orders/create/adhoc', body));
    if (!reply.success) throw new CourierError('Shiprocket answered the new order without its ids', true);
    return { providerOrderId: String(reply.data.order_id), providerShipmentId: String(reply.data.shipment_id) };
  }

  private async assignAwb(providerShipmentId: string, parcel: Parcel, choice: CourierChoice): Promise<Partial<Booking>> {
    const courier = await this.chooseCourier(parcel.address.pincode, parcel.size.weightGrams, parcel.cashOnDelivery, choice);
    const reply = awbReply.safeParse(await this.call('POST', '/v1/external/courier/assign/awb', { shipment_id: Number(providerShipmentId), courier_id: courier.courier_company_id }));
    if (!reply.success) throw new CourierError('Shiprocket answered the AWB assignment unexpectedly', true);
    const data = reply.data.response.data;
    if (reply.data.awb_assign_status !== 1 || !data.awb_code) throw new CourierError(`Shiprocket assigned no AWB: ${data.awb_assign_error ?? 'no reason given'}`, false);
    return { awb: data.awb_code, courierName: data.courier_name ?? courier.courier_name, courierId: data.courier_company_id ?? courier.courier_company_id };
  }

  private async couriers(deliveryPincode: string, weightGrams: number, cashOnDelivery: boolean) {
    const pickup = await this.pickupPin();
    const query = new URLSearchParams({ pickup_postcode: pickup, delivery_postcode: deliveryPincode, weight: String(weightGrams / 1000), cod: cashOnDelivery ? '1' : '0' });
    const reply = serviceabilityReply.safeParse(await this.call('GET', `/v1/external/courier/serviceability/?${query}`));
    if (!reply.success) throw new CourierError('Shiprocket answered the serviceability check unexpectedly', true);
    return reply.data.data?.available_courier_companies ?? [];
  }

  private async chooseCourier(deliveryPincode: string, weightGrams: number, cashOnDelivery: boolean, choice: CourierChoice) {
    const companies = await this.couriers(deliveryPincode, weightGrams, cashOnDelivery);
    if (companies.length === 0) throw new CourierError(`No Shiprocket courier serves PIN ${deliveryPincode}`, false);
    const ranked = [...companies].sort((a, b) =>
      choice === 'cheapest' ? a.rate - b.rate || days(a.estimated_delivery_days) - days(b.estimated_delivery_days) : days(a.estimated_delivery_days) - days(b.estimated_delivery_days) || a.rate - b.rate,
    );
    return ranked[0]!;
  }

  /** The pickup location's PIN code, read once from the account (serviceability is asked from it). */
  private async pickupPin(): Promise<string> {
    if (this.pickupPincode) return this.pickupPincode;
    const reply = pickupLocationsReply.safeParse(await this.call('GET', '/v1/external/settings/company/pickup'));
    const location = reply.success ? reply.data.data.shipping_address.find((entry) => entry.pickup_location === this.options.pickupLocation) : undefined;
    if (!location) throw new CourierError(`Shiprocket has no pickup location named ${this.options.pickupLocation} (SHIPROCKET_PICKUP_LOCATION)`, false);
    this.pickupPincode = String(location.pin_code);
    return this.pickupPincode;
  }

  async schedulePickup(providerShipmentIds: string[]): Promise<string | null> {
    const reply = (await this.call('POST', '/v1/external/courier/generate/pickup', { shipment_id: providerShipmentIds.map(Number) })) as { response?: { pickup_scheduled_date?: string } };
    return reply?.response?.pickup_scheduled_date ?? null;
  }

  async labels(providerShipmentIds: string[]): Promise<CourierDocument> {
    const reply = (await this.call('POST', '/v1/external/courier/generate/label', { shipment_id: providerShipmentIds.map(Number) })) as { label_url?: string };
    if (!reply?.label_url) throw new CourierError('Shiprocket made no label', true);
    return { url: reply.label_url, pdf: await this.download(reply.label_url) };
  }

  async manifest(providerShipmentIds: string[]): Promise<CourierDocument> {
    const reply = (await this.call('POST', '/v1/external/manifests/generate', { shipment_id: providerShipmentIds.map(Number) })) as { manifest_url?: string };
    if (!reply?.manifest_url) throw new CourierError('Shiprocket made no manifest', true);
    return { url: reply.manifest_url, pdf: await this.download(reply.manifest_url) };
  }

  /** A PDF Shiprocket made, from the storage address it answered with (a public link: no token is sent there). */
  private async download(url: string): Promise<Uint8Array> {
    let response: Response;
    try {
      response = await fetch(url, { signal: AbortSignal.timeout(this.options.timeoutMs ?? REQUEST_TIMEOUT_MS) });
    } catch (error) {
      throw new CourierError(`Shiprocket's document did not download: ${(error as Error).message}`, true);
    }
    const bytes = new Uint8Array(await response.arrayBuffer());
    // '%PDF': anything else (an error page, an expired link) must not be merged into the print.
    if (!response.ok || bytes.length < 5 || String.fromCharCode(...bytes.subarray(0, 4)) !== '%PDF') {
      throw new CourierError(`Shiprocket's document at ${url} is not a PDF (HTTP ${response.status})`, true, response.status);
    }
    return bytes;
  }

  async track(awb: string): Promise<TrackingEvent[]> {
    const reply = trackReply.safeParse(await this.call('GET', `/v1/external/courier/track/awb/${encodeURIComponent(awb)}`));
    if (!reply.success) throw new CourierError('Shiprocket answered the tracking request unexpectedly', true);
    const events: TrackingEvent[] = [];
    for (const entry of reply.data.tracking_data.shipment_track_activities ?? []) {
      const at = shiprocketTime(entry.date);
      const code = Number(entry['sr-status']);
      if (!at) continue;
      const status = Number.isInteger(code) ? (shipmentStatusOfCode(code) ?? null) : null;
      events.push({ status, courierStatus: Number.isInteger(code) ? String(code) : (entry.status ?? 'NA'), activity: entry.activity ?? '', location: entry.location ?? '', at });
    }
    return events.sort((a, b) => a.at.getTime() - b.at.getTime());
  }

  async cancel(providerOrderId: string): Promise<void> {
    await this.call('POST', '/v1/external/orders/cancel', { ids: [Number(providerOrderId)] });
  }

  /**
   * ndr/{awb}/action takes an `action` and `comments` only: a re-attempt's date and a corrected phone or address
   * travel in the comments, which the courier's NDR desk reads before the next attempt.
   */
  async ndrAction(awb: string, decision: NdrDecision): Promise<void> {
    const comments =
      decision.action === 'return'
        ? 'Return to origin, as the shop decided'
        : [
            'Re-attempt delivery, as the customer asked',
            decision.preferredDate ? `on ${decision.preferredDate}` : '',
            decision.phone ? `; call ${decision.phone}` : '',
            decision.address ? `; deliver to ${decision.address}` : '',
          ].join(' ').replace(/\s+/g, ' ').replace(/ ;/g, ';').trim();
    await this.call('POST', `/v1/external/ndr/${encodeURIComponent(awb)}/action`, { action: decision.action, comments });
  }

  async serviceability(deliveryPincode: string, cashOnDelivery: boolean): Promise<Serviceability> {
    // A typical single-bottle parcel: the promise is about the route, not the weight.
    const companies = await this.couriers(deliveryPincode, 250, cashOnDelivery);
    const fastest = companies.reduce((best, entry) => Math.min(best, days(entry.estimated_delivery_days)), Number.POSITIVE_INFINITY);
    return { serviceable: companies.length > 0, deliveryDays: Number.isFinite(fastest) ? fastest : null, codAvailable: companies.some((entry) => entry.cod === 1) };
  }
}

/** 'YYYY-MM-DD HH:mm' on India's clock, as orders/create/adhoc asks for `order_date`. */
function indiaDateTime(at: Date): string {
  return new Date(at.getTime() + 330 * 60_000).toISOString().slice(0, 16).replace('T', ' ');
}
