// The real application, as main.ts builds it, on the benchmark's database.
import { serve } from '@hono/node-server';
import { pino } from 'pino';
import { createApp } from '../../../src-server/app';
import { openDatabase } from '../../../src-server/platform/db/client';

const database = await openDatabase({ url: process.env.DATABASE_URL!, syncUrl: process.env.DATABASE_SYNC_URL });
const { app } = await createApp({
  database,
  jwtSecret: process.env.JWT_SECRET!,
  logger: pino({ level: 'warn' }),
  staticRoot: null,
  // The sqld bench sends its quote requests from many made-up addresses (X-Forwarded-For), as many visitors would.
  trustProxy: process.env.TRUST_PROXY === '1',
});
serve({ fetch: app.fetch, port: Number(process.env.PORT), hostname: '127.0.0.1' }, () => process.send?.('ready'));
// Exit cleanly on SIGINT so a --cpu-prof run writes its profile.
process.on('SIGINT', () => process.exit(0));
