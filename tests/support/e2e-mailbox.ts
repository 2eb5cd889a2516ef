import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface CaughtMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
}

/** The mail directory the journeys' SMTP server writes to (see e2e-mail-catcher.ts). */
export const E2E_MAIL_DIR = path.resolve(process.env.E2E_MAIL_DIR ?? '.e2e-mail');

/** Waits for the first message to `to` whose subject matches, as the shop's SMTP client delivered it. */
export async function waitForMail(to: string, subject: RegExp, timeoutMs = 20_000): Promise<CaughtMail> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const files = readdirSync(E2E_MAIL_DIR).filter((name) => name.endsWith('.json')).sort();
    for (const file of files) {
      const mail = JSON.parse(readFileSync(path.join(E2E_MAIL_DIR, file), 'utf8')) as CaughtMail;
      if (mail.to.includes(to) && subject.test(mail.subject)) return mail;
    }
    if (Date.now() > end) throw new Error(`No e-mail to ${to} matching ${subject} in ${E2E_MAIL_DIR}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
