import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';

export interface SmtpCatcher {
  url: string;
  /** Every message the server accepted (answered 250 to), parsed. */
  messages: ParsedMail[];
  /** DATA commands received, accepted or not. */
  attempts: number;
  /** Refuse the next `count` messages with a 451 (a temporary failure). */
  refuseNext(count: number): void;
  /** Leave the next message's DATA unanswered, as a server (or a client) that froze mid-send. */
  freezeNext(): void;
  waitFor(count: number, timeoutMs?: number): Promise<ParsedMail[]>;
  close(): Promise<void>;
}

/** A real SMTP server on a local port (a free one unless given) that parses what it accepts (smtp-server + mailparser). */
export async function startSmtpCatcher(options: { port?: number } = {}): Promise<SmtpCatcher> {
  const messages: ParsedMail[] = [];
  let refusals = 0;
  let freeze = false;
  const frozen: (() => void)[] = [];
  const catcher = { attempts: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream: SMTPServerDataStream, _session: SMTPServerSession, callback: (error?: Error | null) => void) {
      catcher.attempts += 1;
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (freeze) {
          freeze = false;
          frozen.push(() => callback(Object.assign(new Error('Server shutting down'), { responseCode: 421 })));
          return;
        }
        if (refusals > 0) {
          refusals -= 1;
          callback(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 }));
          return;
        }
        simpleParser(Buffer.concat(chunks)).then(
          (parsed) => {
            messages.push(parsed);
            callback();
          },
          (error: Error) => callback(error),
        );
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    get attempts() {
      return catcher.attempts;
    },
    refuseNext(count) {
      refusals = count;
    },
    freezeNext() {
      freeze = true;
    },
    async waitFor(count, timeoutMs = 15_000) {
      const until = Date.now() + timeoutMs;
      while (messages.length < count) {
        if (Date.now() > until) throw new Error(`Expected ${count} e-mails, got ${messages.length} after ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return messages;
    },
    async close() {
      for (const release of frozen.splice(0)) release();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
