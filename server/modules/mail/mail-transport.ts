import nodemailer from 'nodemailer';

export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Where the recipient's reply goes: the shop's inbox, whatever mailbox sends. */
  replyTo: string;
  /** '<id@domain>': the same on every attempt of one message. */
  messageId: string;
  headers: Record<string, string>;
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

/** Where rendered messages go; without SMTP the shop has none and keeps them instead. */
export interface MailTransport {
  /** Resolves with the server's answer once it accepted the message; rejects when it refused or was unreachable. */
  send(mail: OutgoingMail): Promise<{ response: string }>;
  close(): void;
}

/**
 * nodemailer over SMTP with a small pool of reused connections. The timeouts are shorter than the mail job's
 * lease, so an attempt that hangs fails on its own before another attempt may take the message over.
 */
export function smtpTransport(url: string, options: { timeoutMs: number; connections?: number }): MailTransport {
  const transporter = nodemailer.createTransport({
    url,
    pool: true,
    maxConnections: options.connections ?? 5,
    connectionTimeout: options.timeoutMs,
    greetingTimeout: options.timeoutMs,
    socketTimeout: options.timeoutMs,
  });
  return {
    async send(mail) {
      const info = (await transporter.sendMail(mail)) as { response?: string };
      return { response: info.response ?? 'accepted' };
    },
    close: () => transporter.close(),
  };
}
