// What a driver waits for after 'Send' on a claim report (docs/product.md#reporting-a-claim), on the server's side:
// the whole POST /api/user/claims through the real app (parse, policy checks, every photo checked and re-encoded
// with sharp, one transaction, the outbox), with photos as the phone sends them (1600 px JPEGs). Also printed: the
// bytes such a report puts on the air, and what that takes at the slow phone profile's 1.6 Mbit/s.
//
//   npx tsx tests/bench/claim-bench.ts [iterations]
import { randomUUID } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { CLAIM_LIMIT_WINDOW_MS, CLAIM_PHOTO_LONGEST_SIDE } from '../../src-server/contract/claim';
import { claims } from '../../src-server/platform/db/schema/index';
import { createHarness, T0, validPolicy } from '../server/harness';
import type { BenchSection } from './budgets';

/**
 * The server's answer to a report with two photos (the usual) and with ten (the most), p95: a small share of what the
 * photos take to arrive on a slow link (seconds), with room for a busy machine.
 */
const TWO_PHOTOS_P95_MS = 300;
const TEN_PHOTOS_P95_MS = 1500;
/** The slow phone profile's link (docs/performance.md): what a report's bytes cost before the server sees them. */
const SLOW_PHONE_BITS_PER_SECOND = 1.6e6;

/** Nearest-rank percentile of an ascending array. */
function percentile(sorted: readonly number[], p: number): number {
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] ?? Number.NaN;
}

/**
 * A photo as the phone keeps it: 1600 x 1200 JPEG. Smoothed noise, so it compresses like a photo of a street (a flat
 * colour would be a few kilobytes and flatter the figures); each seed gives a different picture.
 */
async function phonePhoto(seed: number): Promise<string> {
  const width = CLAIM_PHOTO_LONGEST_SIDE;
  const height = (CLAIM_PHOTO_LONGEST_SIDE * 3) / 4;
  const jpeg = await sharp({ create: { width, height, channels: 3, background: { r: 0, g: 0, b: 0 }, noise: { type: 'gaussian', mean: 110 + (seed % 40), sigma: 40 } } })
    .blur(1.2)
    // The phone's own quality (src-client/features/policies/photo.ts).
    .jpeg({ quality: 85 })
    .toBuffer();
  return jpeg.toString('base64');
}

export interface ClaimBenchResult {
  photoBytes: number;
  twoPhotos: { p50: number; p95: number; bodyBytes: number };
  tenPhotos: { p50: number; p95: number; bodyBytes: number };
}

export async function benchClaimReport(iterations = 20): Promise<ClaimBenchResult> {
  const h = await createHarness();
  try {
    await h.addUser({ username: 'benchowner', isOwner: true });
    const customerId = await h.addUser({ username: 'benchdriver' });
    const ownerToken = await h.tokenFor('benchowner');
    const token = await h.tokenFor('benchdriver');
    const created = await h.request('POST', '/api/admin/policies', { token: ownerToken, body: { ...validPolicy, userId: customerId } });
    if (created.status !== 201) throw new Error(`the bench's policy was refused: ${created.status} ${await created.text()}`);
    const policy = (await created.json()) as { policyNumber: string };
    const photos = await Promise.all(Array.from({ length: 10 }, (_, i) => phonePhoto(i)));

    const time = async (count: number) => {
      const times: number[] = [];
      let bodyBytes = 0;
      // One report first, unmeasured: sharp's and V8's warm-up, as in a server that has been running.
      for (let i = -1; i < iterations; i++) {
        const body = JSON.stringify({
          clientId: randomUUID(),
          policyNumber: policy.policyNumber,
          kind: 'accident',
          occurredAt: new Date(T0 - 60_000).toISOString(),
          location: 'A40 eastbound, Wheatley junction',
          description: 'Hit from behind while waiting at the lights.',
          phone: '07700 900123',
          injuries: false,
          photos: photos.slice(0, count).map((data) => ({ data })),
        });
        bodyBytes = Buffer.byteLength(body);
        // One report's cost, not the day's limits (docs/product.md#reporting-a-claim): the earlier ones leave the window.
        await h.deps.write((tx) => tx.update(claims).set({ createdAt: sql`${claims.createdAt} - ${CLAIM_LIMIT_WINDOW_MS}` }).where(eq(claims.userId, customerId)));
        const start = performance.now();
        const res = await h.request('POST', '/api/user/claims', { token, rawBody: body });
        const ms = performance.now() - start;
        if (res.status !== 201) throw new Error(`the report was refused: ${res.status} ${await res.text()}`);
        if (i >= 0) times.push(ms);
      }
      times.sort((a, b) => a - b);
      return { p50: percentile(times, 50), p95: percentile(times, 95), bodyBytes };
    };

    return { photoBytes: Math.round((photos[0]!.length * 3) / 4), twoPhotos: await time(2), tenPhotos: await time(10) };
  } finally {
    await h.close();
  }
}

const fmt = (n: number, digits = 0) => n.toFixed(digits);
const airSeconds = (bytes: number) => (bytes * 8) / SLOW_PHONE_BITS_PER_SECOND;

export const claimsSection: BenchSection = {
  name: 'claims',
  async run(table, log) {
    const r = await benchClaimReport();
    log(`a phone photo (1600 x 1200 JPEG): ${fmt(r.photoBytes / 1024)} KB`);
    for (const [label, t] of [['2 photos', r.twoPhotos], ['10 photos', r.tenPhotos]] as const) {
      log(`  report with ${label}: ${fmt(t.bodyBytes / 1024)} KB sent (${fmt(airSeconds(t.bodyBytes), 1)} s at 1.6 Mbit/s), server p50 ${fmt(t.p50)} ms, p95 ${fmt(t.p95)} ms`);
    }
    table.check('claim report with 2 photos, server answer p95', r.twoPhotos.p95, { below: TWO_PHOTOS_P95_MS, unit: 'ms', digits: 0 });
    table.check('claim report with 10 photos, server answer p95', r.tenPhotos.p95, { below: TEN_PHOTOS_P95_MS, unit: 'ms', digits: 0 });
  },
};

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { budgets } = await import('./budgets');
  await claimsSection.run(budgets, (line) => console.log(line));
  for (const line of budgets.lines()) console.log(line);
  if (budgets.rows.some((row) => !row.ok)) process.exitCode = 1;
}
