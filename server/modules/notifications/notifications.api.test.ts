import type { AddressInfo } from 'node:net';
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Notification } from '../../../contracts/notifications.ts';
import { call, registerCustomer, signInAdmin } from '../../../tests/support/accounts.ts';
import { takeStreamEvents } from '../../../contracts/server-sent-events.ts';
import { readStreamEvents } from '../../../tests/support/event-stream.ts';
import { shopForFile } from '../../../tests/support/shop-for-file.ts';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { openDatabase } from '../../db/client.ts';
import { NOTIFICATION_CHANNEL, NotificationService } from './notification-service.ts';
import { notifications, users } from '../../db/schema/index.ts';

const shop = shopForFile({ seed: false });

const list = async (token: string, query = '', base = '/api/notifications') => (await call(shop, 'GET', `${base}${query}`, { token })).body;

describe('events of registration', () => {
  it('welcomes a new customer and tells every admin about them', async () => {
    const { token, user } = await registerCustomer(shop, { name: 'Nila Star' });
    const mine = await list(token);
    expect(mine.unreadCount).toBe(1);
    expect((mine.notifications as Notification[])[0]).toMatchObject({ type: 'user', title: 'Welcome to the Coven', read: false });
    const admins = await list(shop.admin, '?type=user', '/api/admin/notifications');
    expect(admins.notifications as Notification[]).toContainEqual(
      expect.objectContaining({ title: 'New customer', message: expect.stringContaining(user.email), actionUrl: '/admin/users' }),
    );
  });
});

describe('the customer inbox', () => {
  it('pages, filters, marks read, marks all read, deletes one and deletes the read ones', async () => {
    const { token, user } = await registerCustomer(shop);
    const service = new NotificationService(shop.database.db);
    for (let index = 0; index < 3; index += 1) {
      await service.notify({ userId: user.id, type: 'order', priority: 'high', title: `Order ${index}`, message: 'Brewing', actionUrl: '/orders' });
    }
    const page = await list(token, '?limit=2&page=1');
    expect(page.pagination).toEqual({ page: 1, limit: 2, total: 4, pages: 2 });
    expect(page.unreadCount).toBe(4);
    const orders = (await list(token, '?type=order')).notifications as Notification[];
    expect(orders).toHaveLength(3);

    const read = await call(shop, 'PUT', `/api/notifications/${orders[0]!.id}/read`, { token });
    expect(read.body).toMatchObject({ success: true, unreadCount: 3, notification: { read: true } });
    expect(((await list(token, '?unreadOnly=true')).notifications as Notification[]).map((item) => item.id)).not.toContain(orders[0]!.id);

    expect((await call(shop, 'DELETE', `/api/notifications/${orders[1]!.id}`, { token })).status).toBe(200);
    expect((await list(token)).pagination).toMatchObject({ total: 3 });
    expect((await call(shop, 'PUT', '/api/notifications/mark-all-read', { token })).status).toBe(200);
    expect((await list(token)).unreadCount).toBe(0);
    expect((await call(shop, 'DELETE', '/api/notifications', { token })).body).toMatchObject({ deleted: 3 });
    expect((await list(token)).pagination).toMatchObject({ total: 0 });
  });

  it('never lets anyone read, mark or delete another person’s notification: 404', async () => {
    const owner = await registerCustomer(shop);
    const thief = await registerCustomer(shop);
    const [theirs] = (await list(owner.token)).notifications as Notification[];
    expect((await call(shop, 'PUT', `/api/notifications/${theirs!.id}/read`, { token: thief.token })).status).toBe(404);
    expect((await call(shop, 'DELETE', `/api/notifications/${theirs!.id}`, { token: thief.token })).status).toBe(404);
    expect((await call(shop, 'PUT', `/api/admin/notifications/${theirs!.id}/read`, { token: shop.admin })).status).toBe(404);
    expect((await call(shop, 'DELETE', `/api/admin/notifications/${theirs!.id}`, { token: shop.admin })).status).toBe(404);
    await call(shop, 'PUT', '/api/notifications/mark-all-read', { token: thief.token });
    await call(shop, 'DELETE', '/api/notifications', { token: thief.token });
    const after = await list(owner.token);
    expect(after.unreadCount).toBe(1);
    expect((after.notifications as Notification[])[0]).toMatchObject({ id: theirs!.id, read: false });
  });

  it('needs a signed-in caller and valid input', async () => {
    expect((await call(shop, 'GET', '/api/notifications')).status).toBe(401);
    const { token } = await registerCustomer(shop);
    for (const [query, field] of [
      ['?limit=500', 'limit'],
      ['?type=gossip', 'type'],
      ['?unreadOnly=maybe', 'unreadOnly'],
    ]) {
      const response = await call(shop, 'GET', `/api/notifications${query}`, { token });
      expect(response.status).toBe(400);
      expect(response.body.errors?.[0]?.field).toBe(field);
    }
    expect((await call(shop, 'PUT', '/api/notifications/42/read', { token })).status).toBe(400);
  });
});

describe('NotificationService.notify inside a larger write', () => {
  it('leaves nothing behind, and announces nothing, when that write rolls back', async () => {
    const { user, token } = await registerCustomer(shop);
    const service = new NotificationService(shop.database.db);
    const heard: string[] = [];
    const unlisten = await shop.database.listen('deosil_notifications', (payload) => heard.push(payload));
    try {
      await shop.database.db
        .transaction(async (tx) => {
          await service.notify({ userId: user.id, type: 'order', title: 'Order placed', message: 'DP-9' }, tx);
          throw new Error('payment failed');
        })
        .catch(() => undefined);
      await service.notify({ userId: user.id, type: 'order', title: 'Order kept', message: 'DP-10' });
      await expect.poll(() => heard.length).toBe(1);
      expect(JSON.parse(heard[0]!)).toMatchObject({ userId: user.id });
      const titles = ((await list(token)).notifications as Notification[]).map((item) => item.title);
      expect(titles).toContain('Order kept');
      expect(titles).not.toContain('Order placed');
    } finally {
      await unlisten();
    }
  });
});

describe('POST /api/admin/notifications', () => {
  it('notifies one customer, or every admin, and validates the body', async () => {
    const { token, user } = await registerCustomer(shop);
    const created = await call(shop, 'POST', '/api/admin/notifications', {
      token: shop.admin,
      body: { userId: user.id, type: 'system', priority: 'high', title: 'Full moon sale', message: 'Tonight only', actionUrl: '/products' },
    });
    expect(created.status).toBe(201);
    expect((await list(token)).notifications as Notification[]).toContainEqual(expect.objectContaining({ title: 'Full moon sale', priority: 'high', actionUrl: '/products' }));

    await call(shop, 'POST', '/api/admin/notifications', { token: shop.admin, body: { title: 'Stock check', message: 'Count the vials' } });
    expect((await list(shop.admin, '', '/api/admin/notifications')).notifications as Notification[]).toContainEqual(expect.objectContaining({ title: 'Stock check' }));

    for (const [body, field] of [
      [{ message: 'x' }, 'title'],
      [{ title: 'x'.repeat(10_240), message: 'x' }, 'title'],
      [{ title: 'x', message: 'x', actionUrl: 'https://evil.example' }, 'actionUrl'],
      [{ title: 'x', message: 'x', priority: 'urgent' }, 'priority'],
      [{ title: 'x', message: 'x', userId: '00000000-0000-4000-8000-000000000000' }, 'userId'],
    ] as const) {
      const response = await call(shop, 'POST', '/api/admin/notifications', { token: shop.admin, body });
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(response.body.errors?.[0]?.field).toBe(field);
    }
  });
});

describe('telling every admin', () => {
  it('writes a row of their own for each active admin, none for a banned one or a customer, and announces each', async () => {
    await signInAdmin(shop);
    const second = await registerCustomer(shop, { name: 'Second Keeper' });
    const banned = await registerCustomer(shop, { name: 'Fallen Keeper' });
    const customer = await registerCustomer(shop);
    await shop.database.db.update(users).set({ role: 'admin' }).where(inArray(users.id, [second.user.id, banned.user.id]));
    await shop.database.db.update(users).set({ status: 'banned' }).where(eq(users.id, banned.user.id));
    const activeAdmins = (await shop.database.db.select({ id: users.id }).from(users).where(and(eq(users.role, 'admin'), eq(users.status, 'active')))).map((row) => row.id);
    expect(activeAdmins).toContain(second.user.id);

    const announced: { userId: string; id: string }[] = [];
    const unlisten = await shop.database.listen(NOTIFICATION_CHANNEL, (payload) => announced.push(JSON.parse(payload) as { userId: string; id: string }));
    try {
      const rows = await new NotificationService(shop.database.db).notify({ toAdmins: true, type: 'product', priority: 'high', title: 'Out of Stock', message: 'Nazar has sold out.', actionUrl: '/admin/products' });
      expect(rows.map((row) => row.title)).toEqual(activeAdmins.map(() => 'Out of Stock'));
      expect(new Set(rows.map((row) => row.id)).size).toBe(activeAdmins.length);
      const written = await shop.database.db.select().from(notifications).where(inArray(notifications.id, rows.map((row) => row.id)));
      expect(written.map((row) => row.userId).sort()).toEqual([...activeAdmins].sort());
      expect(written[0]).toMatchObject({ type: 'product', priority: 'high', message: 'Nazar has sold out.', actionUrl: '/admin/products', readAt: null });
      expect(written[0]!.createdAt).toBeInstanceOf(Date);
      await expect.poll(() => announced.filter((entry) => rows.some((row) => row.id === entry.id)).length).toBe(activeAdmins.length);
      expect(announced.some((entry) => entry.userId === banned.user.id || entry.userId === customer.user.id)).toBe(false);
    } finally {
      await unlisten();
    }
  });
});

describe('several audiences in one write', () => {
  it("writes an order's notice to its customer and one to each active admin, each with its own words, and announces every row", async () => {
    const customer = await registerCustomer(shop);
    const activeAdmins = (await shop.database.db.select({ id: users.id }).from(users).where(and(eq(users.role, 'admin'), eq(users.status, 'active')))).map((row) => row.id);
    const announced: { userId: string; id: string }[] = [];
    const unlisten = await shop.database.listen(NOTIFICATION_CHANNEL, (payload) => announced.push(JSON.parse(payload) as { userId: string; id: string }));
    try {
      const rows = await new NotificationService(shop.database.db).notifyAll([
        { userId: customer.user.id, type: 'order', title: 'Order Placed', message: 'Your order DP-20261124-0001 has been received.', actionUrl: '/orders/DP-20261124-0001' },
        { toAdmins: true, type: 'order', priority: 'high', title: 'New Order', message: 'Order DP-20261124-0001 from Mira: ₹1,200.00', actionUrl: '/admin/orders?search=DP-20261124-0001' },
      ]);
      const written = await shop.database.db.select().from(notifications).where(inArray(notifications.id, rows.map((row) => row.id)));
      expect(written.filter((row) => row.userId === customer.user.id)).toEqual([
        expect.objectContaining({ title: 'Order Placed', priority: 'medium', actionUrl: '/orders/DP-20261124-0001', readAt: null }),
      ]);
      const toAdmins = written.filter((row) => row.userId !== customer.user.id);
      expect(toAdmins.map((row) => row.userId).sort()).toEqual([...activeAdmins].sort());
      expect(toAdmins.every((row) => row.title === 'New Order' && row.priority === 'high' && row.message.includes('₹1,200.00'))).toBe(true);
      await expect.poll(() => announced.filter((entry) => rows.some((row) => row.id === entry.id)).length).toBe(activeAdmins.length + 1);
    } finally {
      await unlisten();
    }
  });
});

describe('live delivery', () => {
  it('streams a notification written by another server process on the same database', async () => {
    const { token, user } = await registerCustomer(shop);
    await shop.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (shop.app.server.address() as AddressInfo).port;

    // A second process: its own app (and, on PostgreSQL, its own connections) writing to the same database.
    const otherDatabase = process.env.TEST_DB === 'postgres' ? await openDatabase({ kind: 'postgres', url: shop.database.url!, poolSize: 2 }) : shop.database;
    const other = await buildApp({ config: loadConfig({ LOG_LEVEL: 'silent', NODE_ENV: 'test' }), database: otherDatabase });
    await other.ready();
    try {
      const events = await readStreamEvents(
        `http://127.0.0.1:${port}/api/notifications/stream`,
        token,
        (seen) => seen.some((event) => event.event === 'notification'),
        async () => {
          const response = await other.inject({
            method: 'POST',
            url: '/api/admin/notifications',
            headers: { authorization: `Bearer ${shop.admin}` },
            payload: { userId: user.id, title: 'Your potion shipped', message: 'On its mystical journey', type: 'order', actionUrl: '/orders' },
          });
          expect(response.statusCode).toBe(201);
        },
      );
      expect(events[0]).toEqual({ event: 'ready', data: { unreadCount: 1 } });
      expect(events.find((event) => event.event === 'notification')?.data).toMatchObject({
        notification: { title: 'Your potion shipped', type: 'order', read: false },
        unreadCount: 2,
      });
    } finally {
      await other.close();
      if (otherDatabase !== shop.database) await otherDatabase.close();
    }
  });

  it.each(['banned', 'signed out'] as const)('ends the stream of an account %s at once, not at the next heartbeat', async (how) => {
    const { token, user } = await registerCustomer(shop);
    await shop.app.listen({ port: 0, host: '127.0.0.1' }).catch(() => undefined);
    const port = (shop.app.server.address() as AddressInfo).port;
    let endedAt = 0;
    const started = Date.now();
    const events = await readStreamEvents(
      `http://127.0.0.1:${port}/api/notifications/stream`,
      token,
      (seen) => seen.some((event) => event.event === 'session-ended'),
      async () => {
        const ended =
          how === 'banned'
            ? await call(shop, 'PUT', `/api/admin/users/${user.id}/status`, { token: shop.admin, body: { status: 'banned' } })
            : await call(shop, 'POST', '/api/auth/logout', { token });
        expect(ended.status).toBe(200);
        endedAt = Date.now();
        // Written after the ban or sign-out: it must not reach the stream.
        await call(shop, 'POST', '/api/admin/notifications', { token: shop.admin, body: { userId: user.id, title: 'After the end', message: 'Too late', type: 'system' } });
      },
    );
    expect(events.map((event) => event.event)).toEqual(['ready', 'session-ended']);
    expect(Date.now() - endedAt).toBeLessThan(3000);
    expect(Date.now() - started).toBeLessThan(7000);
  });

  it('opened again with Last-Event-ID, sends what came after that notification first, each once and in order', async () => {
    const { token, user } = await registerCustomer(shop);
    await shop.app.listen({ port: 0, host: '127.0.0.1' }).catch(() => undefined);
    const port = (shop.app.server.address() as AddressInfo).port;
    const write = async (title: string) => {
      const response = await call(shop, 'POST', '/api/admin/notifications', { token: shop.admin, body: { userId: user.id, title, message: 'While you were away', type: 'order' } });
      expect(response.status).toBe(201);
      return (response.body.notifications as { id: string }[])[0]!.id;
    };
    const read = await write('Read before the stream dropped');
    await write('Missed one');
    await write('Missed two');
    const events = await readStreamEvents(
      `http://127.0.0.1:${port}/api/notifications/stream`,
      token,
      (seen) => seen.filter((event) => event.event === 'notification').length >= 3,
      async () => void (await write('Live again')),
      { lastEventId: read },
    );
    const notifications = events.filter((event) => event.event === 'notification');
    expect(notifications.map((event) => (event.data as { notification: { title: string } }).notification.title)).toEqual(['Missed one', 'Missed two', 'Live again']);
    for (const event of notifications) expect(event.id).toBe((event.data as { notification: { id: string } }).notification.id);

    // Without it, a stream starts after the newest: nothing old is sent again.
    const fresh = await readStreamEvents(`http://127.0.0.1:${port}/api/notifications/stream`, token, (seen) => seen.some((event) => event.event === 'notification'), async () => void (await write('Only this')));
    expect(fresh.filter((event) => event.event === 'notification').map((event) => (event.data as { notification: { title: string } }).notification.title)).toEqual(['Only this']);
  });

  it('refuses a stream without a session, and the admin stream to a customer', async () => {
    const { token } = await registerCustomer(shop);
    expect((await call(shop, 'GET', '/api/notifications/stream')).status).toBe(401);
    expect((await call(shop, 'GET', '/api/admin/notifications/stream', { token })).status).toBe(403);
  });

  it('refuses a sixth stream of one session with 429 and Retry-After while the first five stay open, and closing one frees a place', async () => {
    const { token, user } = await registerCustomer(shop);
    await shop.app.listen({ port: 0, host: '127.0.0.1' }).catch(() => undefined);
    const url = `http://127.0.0.1:${(shop.app.server.address() as AddressInfo).port}/api/notifications/stream`;
    const open = async () => {
      const controller = new AbortController();
      const response = await fetch(url, { headers: { authorization: `Bearer ${token}` }, signal: controller.signal });
      return { response, controller };
    };
    /** Reads one stream until an event named `name` arrives. */
    const waitFor = async (response: Response, name: string) => {
      const reader = response.body!.getReader();
      const decoder = new TextDecoder();
      let buffer = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return false;
        const taken = takeStreamEvents(buffer + decoder.decode(value, { stream: true }));
        buffer = taken.rest;
        if (taken.events.some((event) => event.event === name)) {
          reader.releaseLock();
          return true;
        }
      }
    };
    const streams = [];
    try {
      for (let index = 0; index < 5; index += 1) streams.push(await open());
      for (const stream of streams) expect(stream.response.status).toBe(200);

      const sixth = await open();
      expect(sixth.response.status).toBe(429);
      expect(Number(sixth.response.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await sixth.response.json()).toMatchObject({ success: false, message: 'Live updates are already open in 5 tabs or windows. Close one of them and try again.' });

      // The five still deliver: each gets its ready event and then the next notification.
      expect(await Promise.all(streams.map((stream) => waitFor(stream.response, 'ready')))).toEqual([true, true, true, true, true]);
      const notified = streams.map((stream) => waitFor(stream.response, 'notification'));
      expect((await call(shop, 'POST', '/api/admin/notifications', { token: shop.admin, body: { userId: user.id, title: 'Still here', message: 'All five tabs hear this', type: 'system' } })).status).toBe(201);
      expect(await Promise.all(notified)).toEqual([true, true, true, true, true]);

      // Another session of the same account has places of its own.
      const signedIn = await call(shop, 'POST', '/api/auth/login', { body: { email: user.email, password: 'Moonlight7!' }, ip: '198.51.100.77' });
      expect(signedIn.status).toBe(200);
      const otherSession = await fetch(url, { headers: { authorization: `Bearer ${signedIn.body.token as string}` } });
      expect(otherSession.status).toBe(200);
      await otherSession.body!.cancel();

      streams.shift()!.controller.abort();
      let reopened = await open();
      for (let attempt = 0; reopened.response.status === 429 && attempt < 40; attempt += 1) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        reopened = await open();
      }
      expect(reopened.response.status).toBe(200);
      streams.push(reopened);
    } finally {
      for (const stream of streams) stream.controller.abort();
    }
  });
});
