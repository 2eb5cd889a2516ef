import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Notification } from '../../../contracts/notifications.ts';
import { formatStreamEvent } from '../../../contracts/server-sent-events.ts';
import type { AccountService } from '../accounts/account-service.ts';
import { bearerToken } from '../accounts/auth-plugin.ts';
import { tooMany } from '../../http/rate-counter.ts';
import { BoundedMap } from '../../lib/bounded-map.ts';
import type { NotificationHub } from './notification-hub.ts';
import type { NotificationService } from './notification-service.ts';

/** Under the server's 30 s idle timeout, and under most proxies' idle timeouts too. */
export const HEARTBEAT_MS = 15_000;

/**
 * A shopper keeps one stream per open tab or window; five covers a busy evening of tabs, and a session asking for
 * more is a script or a leak holding connections the shop needs for everyone else.
 */
export const MAX_STREAMS_PER_SESSION = 5;
/** Ids of the notifications a stream sent last, so one that arrives live and is also read back goes once. */
const RECENT_IDS = 100;
/** A tab closes within seconds, so a refused one may try again soon (the browser's EventSource retries on its own). */
const STREAM_RETRY_AFTER_SECONDS = 30;

export interface StreamDeps {
  hub: NotificationHub;
  notifications: NotificationService;
  accounts: AccountService;
  /** Every open stream, so shutdown can end them instead of waiting for browsers to hang up. */
  open: Set<() => void>;
  /** Streams open in this process per session (keyed by token hash); a stream lives in the process that holds it. */
  perSession: Map<string, number>;
}

/**
 * Server-Sent Events for the signed-in caller: `ready` with the unread count, then one `notification` event per
 * new notification, its id the notification's; a stream opened with `Last-Event-ID` first sends what came after
 * that one, and one whose process lost the database sends what came meanwhile once it is back. The session is checked again at every heartbeat and whenever the account's sessions end
 * (sign-out, ban, password change, in any process), so such a stream ends at once.
 */
export async function openNotificationStream(request: FastifyRequest, reply: FastifyReply, deps: StreamDeps): Promise<void> {
  const user = request.user!;
  const token = bearerToken(request)!;
  const sessionKey = request.sessionHash ?? token;
  const alreadyOpen = deps.perSession.get(sessionKey) ?? 0;
  if (alreadyOpen >= MAX_STREAMS_PER_SESSION) {
    throw tooMany(STREAM_RETRY_AFTER_SECONDS, `Live updates are already open in ${MAX_STREAMS_PER_SESSION} tabs or windows. Close one of them and try again.`);
  }
  deps.perSession.set(sessionKey, alreadyOpen + 1);
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, {
    // The shop's security headers, set on the reply before it was hijacked, go out with the stream too.
    ...(reply.getHeaders() as OutgoingHttpHeaders),
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'keep-alive',
    // Stops nginx and similar proxies from buffering the stream.
    'x-accel-buffering': 'no',
  });
  const send = (event: string, data: unknown, id?: string) => raw.write(formatStreamEvent(event, data, id));

  let closed = false;
  const close = () => {
    if (closed) return;
    closed = true;
    clearInterval(heartbeat);
    unsubscribe();
    unwatch();
    unwatchReconnects();
    deps.open.delete(close);
    const stillOpen = (deps.perSession.get(sessionKey) ?? 1) - 1;
    if (stillOpen > 0) deps.perSession.set(sessionKey, stillOpen);
    else deps.perSession.delete(sessionKey);
    raw.end();
  };
  deps.open.add(close);
  const endStream = () => {
    send('session-ended', { message: 'Your session has ended. Please sign in again.' });
    close();
  };

  // Each notification once, in the order written, whether it came live or was read back after an outage.
  let lastId: string | null = null;
  // Live deliveries and read-backs may overlap by a few; more than that were sent long ago.
  const recent = new BoundedMap<string, true>({ maxEntries: RECENT_IDS });
  const deliver = (notification: Notification, unreadCount: number) => {
    if (recent.has(notification.id)) return;
    recent.set(notification.id, true);
    lastId = notification.id;
    send('notification', { notification, unreadCount }, notification.id);
  };
  // Nothing reaches a stream whose session has ended, however the notification and the sign-out race.
  const deliverChecked = async (notifications: () => Promise<Notification[]>) => {
    const [session, list, unreadCount] = await Promise.all([deps.accounts.authenticate(token), notifications(), deps.notifications.unreadCount(user.id)]);
    if (closed) return;
    if (!session) return endStream();
    for (const notification of list) deliver(notification, unreadCount);
  };
  const unsubscribe = deps.hub.subscribe(user.id, (notification) => {
    void deliverChecked(async () => [notification]).catch(() => {});
  });
  // What was written while the notice could not come (this process's LISTEN connection was down, or the browser
  // was between two streams) is read from the table: the notifications after the last one delivered.
  const catchUp = () => void deliverChecked(() => deps.notifications.after(user.id, lastId)).catch(() => {});
  const unwatchReconnects = deps.hub.watchReconnects(catchUp);
  // The session is checked at every heartbeat, and at once when the account's sessions change anywhere.
  const checkSession = (heartbeatAfter: boolean) =>
    void deps.accounts.authenticate(token).then(
      (session) => {
        if (closed) return;
        if (!session) endStream();
        else if (heartbeatAfter) raw.write(': heartbeat\n\n');
      },
      () => {},
    );
  const unwatch = deps.hub.watchSessions(user.id, () => checkSession(false));
  const heartbeat = setInterval(() => checkSession(true), HEARTBEAT_MS);
  raw.on('close', close);

  raw.write('retry: 5000\n\n');
  // A browser coming back names the last notification it read; a new stream starts after the newest one.
  const resumeFrom = request.headers['last-event-id'];
  lastId = typeof resumeFrom === 'string' && resumeFrom ? resumeFrom : await deps.notifications.newestId(user.id);
  send('ready', { unreadCount: await deps.notifications.unreadCount(user.id) });
  catchUp();
}
