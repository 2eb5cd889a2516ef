/**
 * How a shop process ends when its supervisor (systemd, Docker, PM2, a terminal's Ctrl-C) asks: the first SIGTERM
 * or SIGINT drains (`drain` finishes what is in hand and closes what is open, the database last) and exits 0; a
 * drain still running after `graceMs` exits 1, so a request or a job that never ends cannot keep the process, and
 * its port, past the grace; a second signal exits at once (128 + the signal's number, as a shell reports it).
 * A signal within `ECHO_MS` of the first is the same request arriving twice, not a second one: a terminal's Ctrl-C
 * reaches both npm and the shop, and npm passes its own copy on.
 *
 * A job cut short is not lost: pg-boss retries it once it expires (a scheduled one also runs at its next time),
 * and an e-mail's lease keeps it from going out twice.
 */
export interface StopOptions {
  graceMs: number;
  drain: () => Promise<void>;
  /** One line per step of the stop, to the shop's log. */
  say: (level: 'info' | 'error', message: string) => void;
}

const SIGNAL_NUMBERS = { SIGINT: 2, SIGTERM: 15 } as const;
const ECHO_MS = 500;
type StopSignal = keyof typeof SIGNAL_NUMBERS;

export function stopOnSignals({ graceMs, drain, say }: StopOptions): void {
  let stoppingSince: number | undefined;
  const onSignal = (signal: StopSignal) => {
    if (stoppingSince !== undefined) {
      if (Date.now() - stoppingSince < ECHO_MS) return;
      say('error', `${signal} again: stopping at once`);
      process.exit(128 + SIGNAL_NUMBERS[signal]);
    }
    stoppingSince = Date.now();
    say('info', `${signal}: finishing the requests and jobs in hand (at most ${graceMs} ms; a second signal stops at once)`);
    const force = setTimeout(() => {
      say('error', `still busy after SHUTDOWN_GRACE_MS (${graceMs} ms): exiting with requests or jobs still running`);
      process.exit(1);
    }, graceMs);
    force.unref();
    drain().then(
      () => process.exit(0),
      (error: unknown) => {
        say('error', `stopping failed: ${(error as Error)?.message ?? String(error)}`);
        process.exit(1);
      },
    );
  };
  for (const signal of Object.keys(SIGNAL_NUMBERS) as StopSignal[]) process.on(signal, () => onSignal(signal));
}
