// One app process for reminders-processes.test.ts: opens the database URL it is given (a file or a libSQL server)
// with the clock stopped at the given instant, says "ready", waits for "go" on stdin (so two of them start their
// minute job together), runs the minute job a few times, and prints what it queued and delivered as one line of JSON.
import { createInterface } from 'node:readline';
import { pino } from 'pino';
import { createApp } from '../../../src-server/app';
import { manualClock } from '../../../src-server/platform/clock';
import { openDatabase } from '../../../src-server/platform/db/client';
import { runMaintenance } from '../../../src-server/maintenance';
import { TEST_SECRET } from '../harness';

const [url, at, runs = '3'] = process.argv.slice(2);
const database = await openDatabase({ url: url! });
const clock = manualClock(Number(at));
const { deps } = await createApp({ database, jwtSecret: TEST_SECRET, clock, logger: pino({ level: 'silent' }), staticRoot: null });
console.log('ready');
const lines = createInterface({ input: process.stdin });
for await (const line of lines) if (line === 'go') break;
let reminded = 0;
let mailed = 0;
for (let i = 0; i < Number(runs); i++) {
  const result = await runMaintenance(deps);
  reminded += result.reminded;
  mailed += result.mailed;
}
console.log(JSON.stringify({ reminded, mailed }));
database.close();
process.exit(0);
