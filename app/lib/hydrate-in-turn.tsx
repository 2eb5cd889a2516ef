import { Suspense, useEffect, useState, type ReactNode } from 'react';

/**
 * Progressive hydration: the server's HTML is complete and visible at once, and the browser brings it to life one
 * part at a time, each part in a task of its own, instead of the whole document in one long task that keeps a
 * phone from answering the visitor (docs/decisions/0015).
 *
 * A part wrapped in <HydrateInTurn> is left as the server rendered it during the first hydration pass: its gate
 * suspends, Preact keeps the DOM between the boundary's markers and carries on with the rest of the page. The parts
 * are then hydrated in document order, one per task. A tap, a key press or a focus before the last part is live
 * hydrates everything that is left at once, so the event that follows finds its handlers.
 *
 * After the first page, a part renders straight away like any other element.
 */

interface Ticket {
  /** Server only: the gate has suspended once, which makes the renderer write the boundary's markers. */
  marked: boolean;
  /** Set by the promise itself, so it is true by the time the boundary hears of the resolution. */
  released: boolean;
  hydrated: boolean;
  promise: Promise<void>;
  resolve: () => void;
}

const inBrowser = typeof document !== 'undefined';
/** True until every part of the first page has hydrated. */
let firstHydration = inBrowser;
const queue: Ticket[] = [];
let outstanding = 0;
let tickScheduled = false;
const whenDone: Array<() => void> = [];

function newTicket(): Ticket {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  const ticket: Ticket = { marked: false, released: false, hydrated: false, promise, resolve };
  void promise.then(() => (ticket.released = true));
  return ticket;
}

/** A macrotask without setTimeout's clamping, so the browser may paint and handle input between two parts. */
const nextTask: (callback: () => void) => void = (() => {
  if (!inBrowser || typeof MessageChannel === 'undefined') return (callback) => setTimeout(callback, 0);
  const channel = new MessageChannel();
  const callbacks: Array<() => void> = [];
  channel.port1.onmessage = () => callbacks.shift()?.();
  return (callback) => {
    callbacks.push(callback);
    channel.port2.postMessage(null);
  };
})();

function scheduleTick() {
  if (tickScheduled) return;
  tickScheduled = true;
  nextTask(tick);
}

/**
 * One part per task. A part renders in the microtasks of the task that granted it, and the parts nested in it join
 * the queue as it does; the last part to render schedules the tick that finds nothing left.
 */
function tick() {
  tickScheduled = false;
  const ticket = queue.shift();
  if (ticket) {
    ticket.resolve();
    scheduleTick();
  } else if (outstanding === 0) {
    finish();
  }
}

function finish() {
  if (!firstHydration) return;
  firstHydration = false;
  for (const type of INTERACTIONS) document.removeEventListener(type, hurry, true);
  for (const callback of whenDone.splice(0)) callback();
}

/** Set once the visitor acts: from then on every part, nested ones included, hydrates as soon as it is reached. */
let hurried = false;

/** The visitor is acting before the page is fully live: hydrate the rest now, before the event reaches it. */
function hurry() {
  hurried = true;
  for (const ticket of queue.splice(0)) ticket.resolve();
  scheduleTick();
}

const INTERACTIONS = ['pointerdown', 'keydown', 'focusin'] as const;
if (inBrowser) for (const type of INTERACTIONS) document.addEventListener(type, hurry, { capture: true, passive: true });

function enqueue(): Ticket {
  const ticket = newTicket();
  outstanding += 1;
  // Even a part granted at once suspends for a microtask: resuming is the path that hydrates between the markers.
  if (hurried) ticket.resolve();
  else queue.push(ticket);
  scheduleTick();
  return ticket;
}

function settle(ticket: Ticket) {
  if (ticket.hydrated) return;
  ticket.hydrated = true;
  outstanding -= 1;
  if (outstanding === 0) scheduleTick();
}

/**
 * Runs `callback` once every part of the first page has hydrated (at once if it has). Call it from an effect of the
 * root, so that the first pass has registered its parts.
 */
export function afterHydration(callback: () => void): void {
  if (!firstHydration || outstanding === 0) {
    finish();
    callback();
  } else {
    whenDone.push(callback);
  }
}

function Gate({ ticket, children }: { ticket: Ticket; children: ReactNode }) {
  if (!inBrowser) {
    // Suspending once on the server is what writes <!--$s--> ... <!--/$s--> around the part, so the browser knows
    // exactly which nodes to keep, whatever the part renders: several elements, text or nothing.
    if (!ticket.marked) {
      ticket.marked = true;
      throw Promise.resolve();
    }
    return children;
  }
  if (!ticket.released) throw ticket.promise;
  settle(ticket);
  return children;
}

export function HydrateInTurn({ children }: { children: ReactNode }) {
  const [ticket] = useState<Ticket | null>(() => (!inBrowser ? newTicket() : firstHydration ? enqueue() : null));
  // A part that leaves the page before its turn (the visitor navigated away) no longer holds up the rest.
  useEffect(
    () => () => {
      if (ticket) settle(ticket);
    },
    [ticket],
  );
  if (!ticket) return <>{children}</>;
  return (
    <Suspense fallback={null}>
      <Gate ticket={ticket}>{children}</Gate>
    </Suspense>
  );
}
