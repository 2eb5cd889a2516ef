import { describe, expect, it } from 'vitest';
import { formatStreamEvent, takeStreamEvents } from './server-sent-events.ts';

describe('stream events', () => {
  it('read back what was written, keeping an incomplete message for the next chunk', () => {
    const wire = formatStreamEvent('ready', {}) + formatStreamEvent('notification', { unreadCount: 2 });
    const first = takeStreamEvents(wire.slice(0, wire.length - 5));
    expect(first.events).toEqual([{ event: 'ready', data: {} }]);
    const second = takeStreamEvents(first.rest + wire.slice(wire.length - 5));
    expect(second).toEqual({ events: [{ event: 'notification', data: { unreadCount: 2 } }], rest: '' });
  });

  it('carries an event id, which a client sends back as Last-Event-ID', () => {
    expect(takeStreamEvents(formatStreamEvent('notification', { n: 1 }, 'f3b0c1de-0000-4000-8000-000000000001')).events).toEqual([
      { event: 'notification', data: { n: 1 }, id: 'f3b0c1de-0000-4000-8000-000000000001' },
    ]);
  });

  it('skips comments and keep-alive lines', () => {
    expect(takeStreamEvents(': keep-alive\n\nevent: ready\ndata: {}\n\n').events).toEqual([{ event: 'ready', data: {} }]);
  });
});
