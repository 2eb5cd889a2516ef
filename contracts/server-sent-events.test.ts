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

  it('skips comments and keep-alive lines', () => {
    expect(takeStreamEvents(': keep-alive\n\nevent: ready\ndata: {}\n\n').events).toEqual([{ event: 'ready', data: {} }]);
  });
});
