// The browser journeys' mail server: Playwright starts it beside the shop (playwright.config.ts), the shop sends
// to it over SMTP, and every message it accepts is written as JSON into E2E_MAIL_DIR for the journeys to open.
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startSmtpCatcher } from './smtp-catcher.ts';

const directory = process.env.E2E_MAIL_DIR ?? '.e2e-mail';
rmSync(directory, { recursive: true, force: true });
mkdirSync(directory, { recursive: true });
const catcher = await startSmtpCatcher({ port: Number(process.env.E2E_SMTP_PORT) });
let written = 0;
setInterval(() => {
  for (; written < catcher.messages.length; written += 1) {
    const mail = catcher.messages[written]!;
    const to = [mail.to ?? []].flat().flatMap((group) => group.value.map((entry) => entry.address ?? ''));
    // Written aside and renamed into place, so a journey reading the directory never meets half a message.
    const file = path.join(directory, `${String(written).padStart(5, '0')}.json`);
    writeFileSync(`${file}.partial`, JSON.stringify({ to, subject: mail.subject ?? '', text: mail.text ?? '', html: mail.html || '' }));
    renameSync(`${file}.partial`, file);
  }
}, 100);
const stop = () => void catcher.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
