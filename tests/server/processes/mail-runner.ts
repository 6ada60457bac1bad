// One mail-delivering process for smtp-processes.test.ts: opens the database URL it is given (a file or a libSQL
// server) and delivers over the SMTP_URL it is given, as a server process's housekeeping does. It says "ready", then
// for each line "deliver <epoch ms>" on stdin sets its stopped clock to that instant, runs delivery until a run
// handles nothing, and prints {"handled": n} as one line of JSON.
import { createInterface } from 'node:readline';
import { pino } from 'pino';
import { manualClock } from '../../../src-server/platform/clock';
import { openDatabase } from '../../../src-server/platform/db/client';
import { createWriter } from '../../../src-server/platform/db/writer';
import { createMailer } from '../../../src-server/platform/mail/mailer';

const [url, smtpUrl] = process.argv.slice(2);
const database = await openDatabase({ url: url! });
const clock = manualClock(0);
const mailer = createMailer({
  db: database.db,
  // Writes as the server makes them: its own connection, waiting for the other process's lock in the event loop.
  write: createWriter(database.writeDb),
  clock,
  logger: pino({ level: 'silent' }),
  smtpUrl,
  from: 'Kerbside Cover <no-reply@kerbsidecover.example>',
});
console.log('ready');
for await (const line of createInterface({ input: process.stdin })) {
  const at = /^deliver (\d+)$/.exec(line)?.[1];
  if (!at) continue;
  clock.set(Number(at));
  let handled = 0;
  for (let n = await mailer.deliverPending(); n > 0; n = await mailer.deliverPending()) handled += n;
  console.log(JSON.stringify({ handled }));
}
database.close();
