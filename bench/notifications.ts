// `npm run bench` (notifications part): the e-mail and the WhatsApp outboxes measured one after the other on the
// same database in one run (PGlite, then PostgreSQL when DATABASE_URL is set), so the two channels are compared on
// the same machine state: messages per second draining 1,000 queued ones, enqueue→sent p99 at 100 a second, and
// messages sent twice, with WhatsApp's figures as a ratio of e-mail's. E-mail is measured rendering in the
// workers' own thread (its own yardstick) and in render threads (the shop's default, which WhatsApp is compared
// with). Not a test: it prints figures. BENCH_MAILS and BENCH_WHATSAPP change the counts.
import { onEachDatabase } from './each-database.ts';
import { benchMail, MAIL_VARIANTS } from './mail.ts';
import { formatFigures, type OutboxFigures } from './outbox-figures.ts';
import { benchWhatsApp } from './whatsapp.ts';

const results: { mail: OutboxFigures; whatsapp: OutboxFigures }[] = [];

await onEachDatabase('deosil_notifications_bench', async (label, database) => {
  await database.migrate();
  let mail: OutboxFigures | null = null;
  for (const [run, variant] of MAIL_VARIANTS.entries()) {
    mail = await benchMail(`${label}, ${variant.name}`, database, variant.tuning, run);
    console.log(formatFigures(mail));
  }
  const whatsapp = await benchWhatsApp(label, database);
  console.log(formatFigures(whatsapp));
  results.push({ mail: mail!, whatsapp });
});

console.log('\nWhatsApp beside e-mail (render threads), same run, same database:');
console.log('database     e-mail/s  WhatsApp/s  ratio   e-mail p99  WhatsApp p99  ratio   twice (e-mail, WhatsApp)');
for (const { mail, whatsapp } of results) {
  const database = whatsapp.database.padEnd(11);
  console.log(
    `${database}  ${mail.perSecond.toFixed(0).padStart(8)}  ${whatsapp.perSecond.toFixed(0).padStart(10)}  ${(whatsapp.perSecond / mail.perSecond).toFixed(2).padStart(5)}  ` +
      `${mail.p99Ms.toFixed(0).padStart(8)} ms  ${whatsapp.p99Ms.toFixed(0).padStart(9)} ms  ${(whatsapp.p99Ms / mail.p99Ms).toFixed(2).padStart(5)}   ${mail.duplicates}, ${whatsapp.duplicates}`,
  );
}
