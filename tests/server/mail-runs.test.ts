// Delivery runs (src-server/platform/mail/mailer.ts): one at a time per process, and a message queued while a run is going
// is delivered by the next run, not left for the minute's housekeeping (found with two password resets at once
// between two processes: two-processes.test.ts).
import type { Logger } from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createMailer, type Mailer } from '../../src-server/platform/mail/mailer';
import type { WriteTransaction } from '../../src-server/platform/db/writer';
import { createHarness, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const statusOf = async (subject: string) =>
  (await h.database.client.execute({ sql: 'select status from mail_outbox where subject = ?', args: [subject] })).rows.map((r) => r['status']);

it('delivers a message queued during a run in the next run, which the caller who asked gets', async () => {
  const holder: { mailer?: Mailer } = {};
  let askedDuringRun: Promise<number> | undefined;
  const delivered: string[] = [];
  // Without SMTP_URL a delivery is one log line: the first one, mid-run (its batch already taken), queues another
  // message and asks for delivery, as a second password reset request does.
  const logger = {
    info: (entry: { subject: string }) => {
      delivered.push(entry.subject);
      askedDuringRun ??= h.deps.write((tx) => holder.mailer!.queue(tx, { to: 'b@example.test', subject: 'Second', text: 'Queued mid-run.' })).then(() => holder.mailer!.deliverPending());
    },
    warn: () => undefined,
    error: () => undefined,
  } as unknown as Logger;
  const mailer = (holder.mailer = createMailer({ db: h.database.db, write: h.deps.write, clock: h.clock, logger }));
  await h.deps.write((tx) => mailer.queue(tx, { to: 'a@example.test', subject: 'First', text: 'Queued first.' }));

  expect(await mailer.deliverPending()).toBe(1);
  expect(askedDuringRun).toBeDefined();
  expect(await askedDuringRun).toBe(1);
  expect(delivered).toEqual(['First', 'Second']);
  expect(await statusOf('Second')).toEqual(['logged']);
});

it('shares one next run between everyone who asks during a run, and runs nothing twice at once', async () => {
  let active = 0;
  let most = 0;
  const write: WriteTransaction = async (work) => {
    active++;
    most = Math.max(most, active);
    try {
      return await h.deps.write(work);
    } finally {
      active--;
    }
  };
  const mailer = createMailer({ db: h.database.db, write, clock: h.clock, logger: { info: () => undefined, warn: () => undefined } as unknown as Logger });
  // Whatever the test before left waiting is not this test's business.
  await h.database.client.execute("update mail_outbox set status = 'logged' where status = 'pending'");
  for (const subject of ['Third', 'Fourth']) await h.deps.write((tx) => mailer.queue(tx, { to: 'c@example.test', subject, text: '.' }));
  const first = mailer.deliverPending();
  const [second, third] = [mailer.deliverPending(), mailer.deliverPending()];
  expect(second).toBe(third);
  expect(await first).toBe(2);
  expect(await second).toBe(0);
  expect(most).toBe(1);
  expect(await statusOf('Third')).toEqual(['logged']);
});
