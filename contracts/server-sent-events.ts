/**
 * The wire format of the live notification streams (Server-Sent Events with one `event:` and one JSON `data:`
 * line per message), written by the server and read by the browser and the tests with the same two functions.
 */
export interface StreamEvent {
  event: string;
  data: unknown;
  /** The event's id: a client that reconnects sends the last one it read as `Last-Event-ID`. */
  id?: string;
}

export function formatStreamEvent(event: string, data: unknown, id?: string): string {
  return `${id ? `id: ${id}\n` : ''}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** Takes every complete message off the front of `buffer`; `rest` is the incomplete tail to keep for later. */
export function takeStreamEvents(buffer: string): { events: StreamEvent[]; rest: string } {
  const events: StreamEvent[] = [];
  let rest = buffer;
  let end: number;
  while ((end = rest.indexOf('\n\n')) >= 0) {
    const block = rest.slice(0, end);
    rest = rest.slice(end + 2);
    const event = /^event: (.+)$/m.exec(block)?.[1];
    const data = /^data: (.+)$/m.exec(block)?.[1];
    const id = /^id: (.+)$/m.exec(block)?.[1];
    if (event && data) events.push({ event, data: JSON.parse(data), ...(id ? { id } : {}) });
  }
  return { events, rest };
}
