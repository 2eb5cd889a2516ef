import type { Notification } from '../../../contracts/notifications.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { NOTIFICATION_CHANNEL, type NotificationService } from './notification-service.ts';

type Listener = (notification: Notification) => void;

/**
 * This process's end of LISTEN/NOTIFY: one database subscription, fanned out to the live streams open here.
 * A notification written by any process arrives through PostgreSQL, never through memory, so it reaches a
 * browser whichever process serves its stream.
 */
export class NotificationHub {
  private readonly listeners = new Map<string, Set<Listener>>();
  private unlisten: (() => Promise<void>) | undefined;

  constructor(
    private readonly database: DatabaseHandle,
    private readonly notifications: NotificationService,
  ) {}

  async start(): Promise<void> {
    this.unlisten ??= await this.database.listen(NOTIFICATION_CHANNEL, (payload) => void this.deliver(payload));
  }

  async stop(): Promise<void> {
    const unlisten = this.unlisten;
    this.unlisten = undefined;
    this.listeners.clear();
    await unlisten?.();
  }

  subscribe(userId: string, listener: Listener): () => void {
    let set = this.listeners.get(userId);
    if (!set) {
      set = new Set();
      this.listeners.set(userId, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(userId);
    };
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
