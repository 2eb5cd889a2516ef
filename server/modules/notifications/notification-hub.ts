import type { Notification } from '../../../contracts/notifications.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { SESSIONS_ENDED_CHANNEL } from '../accounts/account-sessions.ts';
import { NOTIFICATION_CHANNEL, type NotificationService } from './notification-service.ts';

type Listener = (notification: Notification) => void;

/**
 * This process's end of LISTEN/NOTIFY: one database subscription, fanned out to the live streams open here.
 * A notification written by any process arrives through PostgreSQL, never through memory, so it reaches a
 * browser whichever process serves its stream.
 */
export class NotificationHub {
  private readonly listeners = new Map<string, Set<Listener>>();
  private readonly sessionWatchers = new Map<string, Set<() => void>>();
  private readonly reconnectWatchers = new Set<() => void>();
  private unlisten: (() => Promise<void>) | undefined;
  private unlistenSessions: (() => Promise<void>) | undefined;

  constructor(
    private readonly database: DatabaseHandle,
    private readonly notifications: NotificationService,
  ) {}

  async start(): Promise<void> {
    this.unlisten ??= await this.database.listen(NOTIFICATION_CHANNEL, (payload) => void this.deliver(payload), {
      // What was announced while the connection was down never arrives: each stream reads what it missed.
      onReconnect: () => {
        for (const watcher of [...this.reconnectWatchers]) watcher();
      },
    });
    this.unlistenSessions ??= await this.database.listen(SESSIONS_ENDED_CHANNEL, (userId) => {
      for (const watcher of [...(this.sessionWatchers.get(userId) ?? [])]) watcher();
    });
  }

  async stop(): Promise<void> {
    const unlisten = [this.unlisten, this.unlistenSessions];
    this.unlisten = undefined;
    this.unlistenSessions = undefined;
    this.listeners.clear();
    this.sessionWatchers.clear();
    this.reconnectWatchers.clear();
    for (const stop of unlisten) await stop?.();
  }

  /** Calls `watcher` whenever some session of this account ends (sign-out, ban, password or role change). */
  watchSessions(userId: string, watcher: () => void): () => void {
    return addTo(this.sessionWatchers, userId, watcher);
  }

  /** Calls `watcher` when this process's LISTEN connection is back after losing the database. */
  watchReconnects(watcher: () => void): () => void {
    this.reconnectWatchers.add(watcher);
    return () => this.reconnectWatchers.delete(watcher);
  }

  subscribe(userId: string, listener: Listener): () => void {
    return addTo(this.listeners, userId, listener);
  }

  private async deliver(payload: string): Promise<void> {
    let message: { userId?: unknown; id?: unknown };
    try {
      message = JSON.parse(payload) as typeof message;
    } catch {
      return;
    }
    if (typeof message.userId !== 'string' || typeof message.id !== 'string') return;
    const set = this.listeners.get(message.userId);
    if (!set?.size) return;
    // The payload carries ids only (NOTIFY payloads are capped at 8000 bytes); the row is read once here.
    const notification = await this.notifications.find(message.userId, message.id).catch(() => null);
    if (!notification) return;
    for (const listener of [...set]) listener(notification);
  }
}

function addTo<T>(map: Map<string, Set<T>>, key: string, value: T): () => void {
  let set = map.get(key);
  if (!set) {
    set = new Set();
    map.set(key, set);
  }
  set.add(value);
  return () => {
    set.delete(value);
    if (set.size === 0) map.delete(key);
  };
}
