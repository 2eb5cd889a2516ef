import { expect } from 'vitest';
import { takeStreamEvents, type StreamEvent } from '../../contracts/server-sent-events.ts';

/**
 * Reads a live stream's Server-Sent Events from a real socket until `until` is satisfied (or `timeoutMs`, 8 s,
 * pass). Once the stream says it is 'ready', `trigger` runs once: what should then arrive on it (a notification
 * written elsewhere). `lastEventId` opens the stream as a browser coming back does.
 */
export async function readStreamEvents(
  url: string,
  token: string,
  until: (events: StreamEvent[]) => boolean,
  trigger: () => Promise<void>,
  options: { lastEventId?: string; timeoutMs?: number } = {},
): Promise<StreamEvent[]> {
  const controller = new AbortController();
  const headers = { authorization: `Bearer ${token}`, ...(options.lastEventId ? { 'last-event-id': options.lastEventId } : {}) };
  const response = await fetch(url, { headers, signal: controller.signal });
  expect(response.headers.get('content-type')).toContain('text/event-stream');
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  const events: StreamEvent[] = [];
  let buffer = '';
  let triggered = false;
  const timeout = setTimeout(() => controller.abort(), options.timeoutMs ?? 8000);
  try {
    while (!until(events)) {
      const { value, done } = await reader.read();
      if (done) break;
      const taken = takeStreamEvents(buffer + decoder.decode(value, { stream: true }));
      buffer = taken.rest;
      events.push(...taken.events);
      if (!triggered && events.some((event) => event.event === 'ready')) {
        triggered = true;
        await trigger();
      }
    }
  } finally {
    clearTimeout(timeout);
    controller.abort();
  }
  return events;
}
