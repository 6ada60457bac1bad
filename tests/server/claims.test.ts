// Claims (docs/product.md#reporting-a-claim, docs/product.md#staff-queues): the report from the phone stored once
// however often it is sent, its photos re-encoded with only the time taken kept, every refusal storing nothing, the
// customer's e-mail and the audit entry; the Claims queue, its photos, its counts, and who may reach them.
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import exifReader from 'exif-reader';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { brand } from '../../src-server/contract/brand';
import {
  CLAIM_AFTER_COVER_MS,
  CLAIM_BODY_MAX_BYTES,
  CLAIM_LIMIT_CODE,
  CLAIM_PHOTO_BYTES_PER_ACCOUNT,
  CLAIM_PHOTO_MAX_BYTES,
  claimMessages,
} from '../../src-server/contract/claim';
import type { ClaimDetailView, ClaimView, CustomerOverviewView, MyClaimView, PolicyView } from '../../src-server/contract/views';
import { isSecondCopy } from '../../src-server/modules/requests/claims/service';
import { claimPhotos, claims, policies } from '../../src-server/platform/db/schema/index';
import { pino } from 'pino';
import { createApp } from '../../src-server/app';
import { manualClock } from '../../src-server/platform/clock';
import { openDatabase } from '../../src-server/platform/db/client';
import { createHarness, json, T0, TEST_SECRET, type ErrorBody, type Harness } from './harness';
import { addPolicy, expectJson } from './answers';

let h: Harness;
let ownerToken: string;
let adminToken: string;
let aliceToken: string;
let bobToken: string;
let carolToken: string;
let alicePolicy: PolicyView;
let bobPolicy: PolicyView;
let carolPolicy: PolicyView;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const REFERENCE = /^CL-[0-9A-HJKMNP-TV-Z]{8}$/;

const createPolicy = (body: Record<string, unknown>) => addPolicy(h, ownerToken, body);

let customers = 0;
/**
 * A customer of their own with cover in force: a test that stores several reports counts them against its own
 * account's and policy's limits (docs/product.md#reporting-a-claim), not another test's.
 */
async function freshCustomer(): Promise<{ id: number; username: string; token: string; policy: PolicyView }> {
  const username = `driver${++customers}`;
  const id = await h.addUser({ username });
  return { id, username, token: await h.tokenFor(username), policy: await createPolicy({ userId: id, holderName: 'Dee Driver', driverName: 'Dee Driver' }) };
}

/** Sets a policy's stored cover as a test needs it (ended some while ago, pending, void). */
async function setPolicy(id: number, set: Partial<typeof policies.$inferInsert>): Promise<void> {
  await h.deps.write((tx) => tx.update(policies).set(set).where(eq(policies.id, id)));
}

const report = (policyNumber: string, over: Record<string, unknown> = {}) => ({
  clientId: randomUUID(),
  policyNumber,
  kind: 'accident',
  occurredAt: new Date(T0 - HOUR).toISOString(),
  location: 'A34 northbound near Oxford',
  description: 'Hit from behind at the lights.\nThe other driver stopped.',
  phone: '07700 900123',
  injuries: false,
  otherVehicles: [{ registration: 'XY12 ZZZ', driverName: 'Sam Other', insurer: 'Acme Mutual' }],
  witnesses: [{ name: 'Pat Passer', contact: '07700 900999' }],
  policeReference: 'TVP-123',
  ...over,
});

const send = (token: string, body: unknown) => h.request('POST', '/api/user/claims', { token, body });

async function count(table: string, where = ''): Promise<number> {
  const rs = await h.database.client.execute(`select count(*) as n from ${table} ${where}`);
  return Number(rs.rows[0]!['n']);
}
/** What a refused report must leave untouched. */
const stored = async () => ({
  claims: await count('claims'),
  photos: await count('claim_photos'),
  logs: await count('audit_logs'),
  mails: await count('mail_outbox'),
});

/** A test photo: a gradient, so the JPEG is not trivially small. */
const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 40 } } }).composite([
    { input: Buffer.from(`<svg width="${width}" height="${height}"><rect x="10" y="10" width="${width / 2}" height="${height / 2}" fill="blue"/></svg>`) },
  ]);

/** A JPEG as a camera writes one: where it was (GPS), the camera's make and model, when it was taken, turned. */
async function cameraJpeg(): Promise<Buffer> {
  const jpeg = await picture(2000, 1000)
    .jpeg()
    .withExif({
      IFD0: { Make: 'Acme', Model: 'Roadcam 9' },
      IFD2: { DateTimeOriginal: '2026:07:01 12:30:00' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 45/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '1/1 15/1 0/1' },
    })
    .toBuffer();
  // Orientation 6: the camera was held on its side; the picture is shown turned a quarter clockwise.
  return sharp(jpeg).withMetadata({ orientation: 6 }).keepExif().toBuffer();
}

const base64 = (bytes: Buffer) => bytes.toString('base64');

beforeAll(async () => {
  h = await createHarness();
  await h.addUser({ username: 'olivia', isOwner: true });
  await h.addUser({ username: 'adam', isAdmin: true });
  const aliceId = await h.addUser({ username: 'alice' });
  const bobId = await h.addUser({ username: 'bob' });
  const carolId = await h.addUser({ username: 'carol', emailVerified: false });
  ownerToken = await h.tokenFor('olivia');
  adminToken = await h.tokenFor('adam');
  aliceToken = await h.tokenFor('alice');
  bobToken = await h.tokenFor('bob');
  carolToken = await h.tokenFor('carol');
  alicePolicy = await createPolicy({ userId: aliceId, holderName: 'Alice Archer', driverName: 'Alice Archer' });
  bobPolicy = await createPolicy({ userId: bobId, holderName: 'Bob Baker', driverName: 'Bob Baker' });
  carolPolicy = await createPolicy({ userId: carolId, holderName: 'Carol Cole', driverName: 'Carol Cole' });
});
afterAll(() => h.close());

describe('reporting a claim', () => {
  it('stores it with a reference, logs it, mails the customer and lists it as theirs', async () => {
    const body = report(alicePolicy.policyNumber);
    const claim = await expectJson<MyClaimView>(send(aliceToken, body), 201);
    expect(claim).toEqual({
      reference: expect.stringMatching(REFERENCE),
      clientId: body.clientId,
      policyNumber: alicePolicy.policyNumber,
      kind: 'accident',
      status: 'new',
      occurredAt: new Date(T0 - HOUR).toISOString(),
      createdAt: new Date(T0).toISOString(),
      updatedAt: new Date(T0).toISOString(),
      photoCount: 0,
    });
    const log = await h.database.client.execute({ sql: 'select username from audit_logs where action = ?', args: [`Claim reported: ${claim.reference} on policy ${alicePolicy.policyNumber}`] });
    expect(log.rows.map((r) => r['username'])).toEqual(['alice']);
    const mail = await h.database.client.execute({ sql: 'select to_address, subject from mail_outbox where subject like ?', args: [`%${claim.reference}%`] });
    expect(mail.rows.map((r) => [r['to_address'], r['subject']])).toEqual([['alice@example.test', `Kerbside Cover: claim ${claim.reference} received`]]);

    const mine = await json<MyClaimView[]>(await h.request('GET', '/api/user/claims', { token: aliceToken }));
    expect(mine.map((c) => c.reference)).toContain(claim.reference);
    expect(await json<MyClaimView[]>(await h.request('GET', '/api/user/claims', { token: bobToken }))).toEqual([]);
  });

  it('is the same at the tRPC door, newest first in the list', async () => {
    const dee = await freshCustomer();
    const first = await h.trpc(dee.token).claims.report(report(dee.policy.policyNumber) as never);
    h.clock.advance(60_000);
    const second = await h.trpc(dee.token).claims.report(report(dee.policy.policyNumber, { kind: 'windscreen' }) as never);
    h.clock.set(T0);
    expect((await h.trpc(dee.token).claims.mine()).map((c) => c.reference)).toEqual([second.reference, first.reference]);
  });

  it('is stored once when sent twice, the repeat answered with the claim stored', async () => {
    const body = report(alicePolicy.policyNumber);
    const first = await json<MyClaimView>(await send(aliceToken, body));
    const before = await stored();
    expect(await expectJson(send(aliceToken, { ...body, description: 'Sent again from the outbox' }), 201)).toEqual(first);
    expect(await stored()).toEqual(before);
  });

  it('is stored once when two copies arrive at once', async () => {
    const body = report(alicePolicy.policyNumber, { photos: [{ data: base64(await picture(800, 600).png().toBuffer()) }] });
    const before = await stored();
    const answers = await Promise.all([send(aliceToken, body), send(aliceToken, body), h.trpc(aliceToken).claims.report(body as never)]);
    const [a, b] = [await json<MyClaimView>(answers[0]), await json<MyClaimView>(answers[1])];
    expect([answers[0].status, answers[1].status]).toEqual([201, 201]);
    expect(b.reference).toBe(a.reference);
    expect(answers[2].reference).toBe(a.reference);
    expect(await stored()).toEqual({ claims: before.claims + 1, photos: before.photos + 1, logs: before.logs + 1, mails: before.mails + 1 });
  });

  it('is stored once when two server processes on one database get it at once', async () => {
    const database = await openDatabase({ url: h.databaseUrl });
    const other = await createApp({ database, jwtSecret: TEST_SECRET, clock: manualClock(T0), logger: pino({ level: 'silent' }), trustProxy: true, staticRoot: null });
    try {
      const before = await count('claims');
      for (let i = 0; i < 4; i++) {
        const dee = await freshCustomer();
        const body = JSON.stringify(report(dee.policy.policyNumber));
        const init = { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${dee.token}` }, body };
        const answers = await Promise.all([h.app.request('/api/user/claims', init), other.app.request('/api/user/claims', init)]);
        expect(answers.map((a) => a.status)).toEqual([201, 201]);
        const [a, b] = await Promise.all(answers.map((r) => json<MyClaimView>(r)));
        expect(b!.reference).toBe(a!.reference);
      }
      expect(await count('claims')).toBe(before + 4);
    } finally {
      await other.deps.mailer.deliverPending();
      database.close();
    }
  });

  it('knows the unique index refusing a second copy, as the database driver reports it, from any other failure', async () => {
    // Under SQLite's serialised writes the second copy finds the first inside its transaction; the index is the last
    // word where that look cannot see it (a race the transaction does not cover): its refusal is answered with the copy.
    const [row] = await h.deps.db.select().from(claims).limit(1);
    const duplicate = h.deps.write((tx) => tx.insert(claims).values({ ...row!, id: undefined, reference: 'CL-DUPL1CAT' }));
    const err = await duplicate.then(() => null, (e: unknown) => e);
    expect(isSecondCopy(err)).toBe(true);
    const other = await h.deps.write((tx) => tx.insert(claims).values({ ...row!, id: undefined, clientId: randomUUID() })).then(() => null, (e: unknown) => e);
    expect(other).not.toBeNull();
    expect(isSecondCopy(other)).toBe(false);
  });

  it('sends no e-mail to an address the account has not confirmed', async () => {
    const before = await count('mail_outbox');
    expect((await send(carolToken, report(carolPolicy.policyNumber))).status).toBe(201);
    expect(await count('mail_outbox')).toBe(before);
  });
});

describe('the photos', () => {
  let claim: ClaimDetailView;

  beforeAll(async () => {
    const png = await picture(2400, 1200).png().toBuffer();
    const dee = await freshCustomer();
    const res = await send(
      dee.token,
      report(dee.policy.policyNumber, { photos: [{ data: base64(png), takenAt: '2026-07-01T10:50:00Z' }, { data: base64(await cameraJpeg()) }] }),
    );
    expect(res.status, await res.clone().text()).toBe(201);
    const { reference } = await json<MyClaimView>(res);
    const [row] = await json<ClaimView[]>(await h.request('GET', `/api/admin/claims?search=${reference}`, { token: adminToken }));
    claim = await json<ClaimDetailView>(await h.request('GET', `/api/admin/claims/${row!.id}`, { token: adminToken }));
  });

  const photo = async (position: number, size = '') => {
    const res = await h.request('GET', `/api/admin/claims/${claim.id}/photos/${position}${size}`, { token: adminToken });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    return Buffer.from(await res.arrayBuffer());
  };

  it('are JPEG, the longest side at most 1600 px, turned upright by their orientation', async () => {
    expect(claim.photos).toEqual([
      { position: 1, width: 1600, height: 800, takenAt: '2026-07-01T10:50:00.000Z' },
      // 2000 x 1000 on its side: upright it is 1000 wide, 2000 high, made 800 x 1600.
      { position: 2, width: 800, height: 1600, takenAt: expect.any(String) },
    ]);
    for (const position of [1, 2]) {
      const meta = await sharp(await photo(position)).metadata();
      expect(meta.format).toBe('jpeg');
      expect(Math.max(meta.width, meta.height)).toBe(1600);
    }
    const thumb = await sharp(await photo(2, '?size=thumb')).metadata();
    expect([thumb.format, thumb.width, thumb.height]).toEqual(['jpeg', 160, 320]);
  });

  it('keep no location or camera details, only the time taken (from the camera when the phone did not say)', async () => {
    const sent = await sharp(await cameraJpeg()).metadata();
    expect(exifReader(sent.exif!).GPSInfo?.GPSLatitudeRef).toBe('N');
    expect(exifReader(sent.exif!).Image?.Make).toBe('Acme');
    const kept = await sharp(await photo(2)).metadata();
    expect(kept.exif).toBeUndefined();
    expect(kept.xmp).toBeUndefined();
    expect(kept.iptc).toBeUndefined();
    expect(kept.orientation).toBeUndefined();
    // 12:30 on the camera's clock, UK summer time.
    expect(claim.photos[1]!.takenAt).toBe('2026-07-01T11:30:00.000Z');
  });

  it('answers 404 for a position the claim has no photo at, and 400 for one no claim can have', async () => {
    expect((await h.request('GET', `/api/admin/claims/${claim.id}/photos/3`, { token: adminToken })).status).toBe(404);
    expect((await h.request('GET', `/api/admin/claims/${claim.id}/photos/11`, { token: adminToken })).status).toBe(400);
    expect((await h.request('GET', `/api/admin/claims/999999/photos/1`, { token: adminToken })).status).toBe(404);
  });

  it('are for staff alone', async () => {
    expect((await h.request('GET', `/api/admin/claims/${claim.id}/photos/1`, { token: aliceToken })).status).toBe(403);
    expect((await h.request('GET', `/api/admin/claims/${claim.id}/photos/1`)).status).toBe(401);
  });
});

describe('a refused report stores nothing', () => {
  // Alice's policy already holds as many reports as a day takes: photos are judged on cover with room for one more.
  let dana: Awaited<ReturnType<typeof freshCustomer>>;
  beforeAll(async () => {
    dana = await freshCustomer();
  });
  const refused = async (token: string, body: unknown, status: number) => {
    const before = await stored();
    const res = await send(token, body);
    expect(res.status, await res.clone().text()).toBe(status);
    expect(await stored()).toEqual(before);
    return json<ErrorBody>(res);
  };

  it('a file that is not an image, or not what its first bytes say', async () => {
    const text = await refused(dana.token, report(dana.policy.policyNumber, { photos: [{ data: base64(Buffer.from('Not a picture at all, just words.')) }] }), 400);
    expect(text.details?.fieldErrors?.['photos.0']).toEqual([claimMessages.photoInvalid]);
    const png = await picture(100, 100).png().toBuffer();
    const fake = Buffer.concat([png.subarray(0, 16), Buffer.alloc(2000, 7)]);
    const second = await refused(dana.token, report(dana.policy.policyNumber, { photos: [{ data: base64(png) }, { data: base64(fake) }] }), 400);
    expect(second.details?.fieldErrors?.['photos.1']).toEqual([claimMessages.photoInvalid]);
    const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
    expect((await refused(dana.token, report(dana.policy.policyNumber, { photos: [{ data: base64(gif) }] }), 400)).details?.fieldErrors?.['photos.0']).toEqual([
      claimMessages.photoInvalid,
    ]);
  });

  it('an 11th photo', async () => {
    const one = { data: base64(await picture(50, 50).jpeg().toBuffer()) };
    const body = await refused(dana.token, report(dana.policy.policyNumber, { photos: Array.from({ length: 11 }, () => one) }), 400);
    expect(body.details?.fieldErrors?.['photos']).toEqual([claimMessages.tooManyPhotos]);
  });

  it('a photo over the limit: 413 naming it', async () => {
    const jpegStart = await picture(50, 50).jpeg().toBuffer();
    const huge = Buffer.concat([jpegStart, Buffer.alloc(CLAIM_PHOTO_MAX_BYTES + 1 - jpegStart.length, 1)]);
    const body = await refused(dana.token, report(dana.policy.policyNumber, { photos: [{ data: base64(huge) }] }), 413);
    expect(body.error).toBe(claimMessages.photoTooLarge);
    expect(body.details?.fieldErrors?.['photos.0']).toEqual([claimMessages.photoTooLarge]);
  });

  it('a body over the report’s limit, at both doors; a body over 100 KB under it is read', async () => {
    const over = 'x'.repeat(CLAIM_BODY_MAX_BYTES + 1);
    for (const path of ['/api/user/claims', '/trpc/claims.report']) {
      const before = await stored();
      expect(await expectJson(h.request('POST', path, { token: aliceToken, rawBody: over }), 413)).toEqual({ error: claimMessages.bodyTooLarge });
      expect(await stored()).toEqual(before);
    }
    const photo = { data: base64(await picture(400, 300).png({ compressionLevel: 0 }).toBuffer()) };
    expect(photo.data.length).toBeGreaterThan(200 * 1024);
    const dee = await freshCustomer();
    expect((await send(dee.token, report(dee.policy.policyNumber, { photos: [photo] }))).status).toBe(201);
    // Every other route keeps the API's 100 KB.
    expect((await h.request('POST', '/api/login', { rawBody: JSON.stringify({ username: 'a'.repeat(200 * 1024), password: 'x' }) })).status).toBe(413);
  });

  it('someone else’s policy, or one that does not exist: 404 as certificates answer', async () => {
    expect((await refused(aliceToken, report(bobPolicy.policyNumber), 404)).error).toBe('Policy not found');
    expect((await refused(aliceToken, report('KC-NOSUCH1'), 404)).error).toBe('Policy not found');
    // Staff report on their own policies only, like everyone.
    expect((await refused(adminToken, report(alicePolicy.policyNumber), 404)).error).toBe('Policy not found');
  });

  it('a policy ended more than 30 days ago, a pending one, a void one', async () => {
    const dee = await freshCustomer();
    const ended = await createPolicy({ userId: dee.id });
    const endedAt = T0 - CLAIM_AFTER_COVER_MS - DAY;
    await setPolicy(ended.id, { status: 'expired', startAt: endedAt - 7 * DAY, endAt: endedAt, endedAt });
    const old = await refused(dee.token, report(ended.policyNumber, { occurredAt: new Date(endedAt - DAY).toISOString() }), 400);
    expect(old.details?.fieldErrors?.['policyNumber']).toEqual([claimMessages.policyTooOld]);

    // Ended 29 days ago: still claimable, for a moment inside the cover.
    const recentEnd = T0 - 29 * DAY;
    await setPolicy(ended.id, { status: 'cancelled', startAt: recentEnd - 7 * DAY, endAt: recentEnd + DAY, endedAt: recentEnd });
    const after = await refused(dee.token, report(ended.policyNumber, { occurredAt: new Date(recentEnd + HOUR).toISOString() }), 400);
    expect(after.details?.fieldErrors?.['occurredAt']).toEqual([claimMessages.policyEndedBefore]);
    expect((await send(dee.token, report(ended.policyNumber, { occurredAt: new Date(recentEnd - HOUR).toISOString() }))).status).toBe(201);

    await setPolicy(ended.id, { status: 'pending', startAt: T0 + DAY, endAt: T0 + 8 * DAY, endedAt: null });
    expect((await refused(dee.token, report(ended.policyNumber), 400)).details?.fieldErrors?.['policyNumber']).toEqual([claimMessages.policyPending]);
    await setPolicy(ended.id, { status: 'void' });
    expect((await refused(dee.token, report(ended.policyNumber), 400)).details?.fieldErrors?.['policyNumber']).toEqual([claimMessages.policyVoid]);
  });

  it('a time ahead of the server’s clock, or before the cover started', async () => {
    const future = await refused(aliceToken, report(alicePolicy.policyNumber, { occurredAt: new Date(T0 + 10 * 60_000).toISOString() }), 400);
    expect(future.details?.fieldErrors?.['occurredAt']).toEqual([claimMessages.occurredAtFuture]);
    // Four minutes ahead is a phone's clock running fast: taken.
    const dee = await freshCustomer();
    expect((await send(dee.token, report(dee.policy.policyNumber, { occurredAt: new Date(T0 + 4 * 60_000).toISOString() }))).status).toBe(201);
    const before = await refused(aliceToken, report(alicePolicy.policyNumber, { occurredAt: '2026-06-30T12:00:00Z' }), 400);
    expect(before.details?.fieldErrors?.['occurredAt']).toEqual([claimMessages.policyNotStarted]);
  });

  it('a bad field, with the field’s message', async () => {
    const body = await refused(aliceToken, report(alicePolicy.policyNumber, { injuries: true, description: '  ', clientId: 'not-a-uuid' }), 400);
    expect(body.details?.fieldErrors).toMatchObject({
      clientId: [claimMessages.clientIdInvalid],
      description: [claimMessages.descriptionRequired],
      injuryDetails: [claimMessages.injuryDetailsRequired],
    });
  });
});

describe('the Claims queue', () => {
  let hurt: ClaimView;
  let minor: ClaimView;

  beforeAll(async () => {
    // Wednesday 13:00 BST, the office open: hurt is due at 14:00, the other at 20:00.
    const minorRef = (await json<MyClaimView>(await send(bobToken, report(bobPolicy.policyNumber, { phone: '07700 900555' })))).reference;
    const hurtRef = (await json<MyClaimView>(await send(bobToken, report(bobPolicy.policyNumber, { injuries: true, injuryDetails: 'My passenger hurt her neck.' })))).reference;
    const all = await json<ClaimView[]>(await h.request('GET', '/api/admin/claims?limit=100', { token: adminToken }));
    hurt = all.find((c) => c.reference === hurtRef)!;
    minor = all.find((c) => c.reference === minorRef)!;
  });

  it('puts claims where someone is hurt first, each due by need', async () => {
    expect(hurt.dueAt).toBe(new Date(T0 + HOUR).toISOString());
    expect(minor.dueAt).toBe('2026-07-01T19:00:00.000Z');
    const res = await h.request('GET', '/api/admin/claims?limit=100', { token: adminToken });
    expect(Number(res.headers.get('x-total-count'))).toBeGreaterThan(2);
    const order = (await json<ClaimView[]>(res)).map((c) => c.reference);
    expect(order[0]).toBe(hurt.reference);
    expect(order.indexOf(hurt.reference)).toBeLessThan(order.indexOf(minor.reference));
    expect(hurt).toMatchObject({ name: 'Bob Baker', email: 'bob@example.test', policyNumber: bobPolicy.policyNumber, injuries: true, status: 'new', assignee: null });
  });

  it('is searched by reference, policy number, name, e-mail and phone however typed, and filtered by status', async () => {
    const found = async (query: string) => (await json<ClaimView[]>(await h.request('GET', `/api/admin/claims?limit=100&${query}`, { token: adminToken }))).map((c) => c.reference);
    expect(await found(`search=${hurt.reference}`)).toEqual([hurt.reference]);
    expect(await found(`search=${bobPolicy.policyNumber}`)).toEqual(expect.arrayContaining([hurt.reference, minor.reference]));
    expect(await found('search=baker')).toEqual(expect.arrayContaining([hurt.reference, minor.reference]));
    expect(await found('search=bob%40example')).toEqual(expect.arrayContaining([hurt.reference]));
    expect(await found(`search=${encodeURIComponent('+44 7700 900555')}`)).toEqual([minor.reference]);
    const res = await h.request('GET', `/api/admin/claims?search=${bobPolicy.policyNumber}`, { token: adminToken });
    expect(Number(res.headers.get('x-total-count'))).toBe((await json<unknown[]>(res)).length);
    expect((await h.request('GET', '/api/admin/claims?status=bogus', { token: adminToken })).status).toBe(400);

    h.clock.set(T0 + 2 * HOUR);
    const overdue = await found('status=overdue');
    expect(overdue).toContain(hurt.reference);
    expect(overdue).not.toContain(minor.reference);
    h.clock.set(T0);
  });

  it('opens a claim with every answer, logged as a read', async () => {
    const detail = await expectJson<ClaimDetailView>(h.request('GET', `/api/admin/claims/${hurt.id}`, { token: adminToken }), 200);
    expect(detail).toMatchObject({
      description: 'Hit from behind at the lights.\nThe other driver stopped.',
      injuryDetails: 'My passenger hurt her neck.',
      policeReference: 'TVP-123',
      otherVehicles: [{ registration: 'XY12 ZZZ', driverName: 'Sam Other', contact: null, insurer: 'Acme Mutual' }],
      witnesses: [{ name: 'Pat Passer', contact: '07700 900999' }],
      coordinates: null,
      photos: [],
      notes: [],
    });
    expect(await count('audit_logs', `where action = 'Viewed claim ${hurt.reference}' and username = 'adam'`)).toBe(1);
  });

  it('takes a status, an assignee and notes from staff, each logged; the customer sees the status', async () => {
    const adam = (await json<{ id: number; username: string }[]>(await h.request('GET', '/api/admin/staff', { token: adminToken }))).find((s) => s.username === 'adam')!;
    expect(await expectJson(h.request('PUT', `/api/admin/claims/${hurt.id}`, { token: adminToken, body: { status: 'contacted', assigneeId: adam.id } }), 200)).toMatchObject({ status: 'contacted', assignee: { id: adam.id, username: 'adam' } });
    expect((await h.request('PUT', `/api/admin/claims/${hurt.id}`, { token: adminToken, body: { status: 'quoted' } })).status).toBe(400);
    const note = await h.request('POST', `/api/admin/claims/${hurt.id}/notes`, { token: adminToken, body: { text: 'Called Bob.\nPassenger seeing GP.' } });
    expect(note.status).toBe(201);
    expect(await json(note)).toMatchObject({ author: 'adam', text: 'Called Bob.\nPassenger seeing GP.' });
    for (const action of [`Claim ${hurt.reference}: status new -> contacted`, `Claim ${hurt.reference}: assignee none -> adam`, `Claim ${hurt.reference}: note added`]) {
      expect(await count('audit_logs', `where action = '${action}'`)).toBe(1);
    }
    const notes = await h.database.client.execute({ sql: 'select request_kind from request_notes where request_id = ?', args: [hurt.id] });
    expect(notes.rows.map((r) => r['request_kind'])).toContain('claim');
    const mine = await json<MyClaimView[]>(await h.request('GET', '/api/user/claims', { token: bobToken }));
    expect(mine.find((c) => c.reference === hurt.reference)?.status).toBe('contacted');
    expect((await h.request('PUT', '/api/admin/claims/999999', { token: adminToken, body: { status: 'closed' } })).status).toBe(404);
  });

  it('counts claims not closed as Pending Claims, and new and overdue ones among the requests waiting', async () => {
    const stats = async () => json<{ pendingClaims: number }>(await h.request('GET', '/api/admin/stats', { token: adminToken }));
    const open = await count('claims', "where status != 'closed'");
    expect(open).toBeGreaterThan(0);
    expect((await stats()).pendingClaims).toBe(open);
    await h.request('PUT', `/api/admin/claims/${minor.id}`, { token: adminToken, body: { status: 'closed' } });
    expect((await stats()).pendingClaims).toBe(open - 1);

    const counts = async () => json<{ claims: { new: number; overdue: number } }>(await h.request('GET', '/api/admin/stats/queues', { token: adminToken }));
    expect((await counts()).claims).toEqual({ new: await count('claims', "where status = 'new'"), overdue: 0 });
    // Past every due time (the latest is 20:00 BST the same day): every new claim is overdue.
    h.clock.set(T0 + 8 * HOUR);
    expect((await counts()).claims.overdue).toBe(await count('claims', "where status = 'new'"));
    h.clock.set(T0);
  });

  it('shows in the one view of the customer, with its notes', async () => {
    const view = await expectJson<CustomerOverviewView>(h.request('GET', `/api/admin/users/${hurt.userId}/overview`, { token: adminToken }), 200);
    expect(view.claims.map((c) => c.reference)).toEqual(expect.arrayContaining([hurt.reference, minor.reference]));
    expect(view.claims.find((c) => c.reference === hurt.reference)).toEqual({
      id: hurt.id,
      reference: hurt.reference,
      status: 'contacted',
      createdAt: hurt.createdAt,
      policyNumber: bobPolicy.policyNumber,
      kind: 'accident',
      occurredAt: hurt.occurredAt,
      injuries: true,
      dueAt: hurt.dueAt,
    });
    expect(view.notes.map((n) => [n.request, n.text])).toContainEqual([{ kind: 'claim', reference: hurt.reference }, 'Called Bob.\nPassenger seeing GP.']);
  });

  it('is in the CSV report, after the policies, without the customer’s own words', async () => {
    const res = await h.request('GET', '/api/admin/report.csv', { token: adminToken });
    expect(res.status).toBe(200);
    const text = await res.text();
    const section = text.slice(text.indexOf('"Claims"\r\n'));
    expect(section.split('\r\n')[1]).toBe('"Reference","Policy number","Username","Policyholder","What happened","Occurred (UK time)","Reported (UK time)","Someone hurt","Photos","Status","Due (UK time)","Assigned to"');
    expect(section).toContain(`"${hurt.reference}","${bobPolicy.policyNumber}","bob","Bob Baker","Accident","2026-07-01 12:00","2026-07-01 13:00","Yes","0","contacted","2026-07-01 14:00","adam"`);
    expect(section).not.toContain('passenger');
  });

  it('is for staff alone', async () => {
    for (const [method, path] of [
      ['GET', '/api/admin/claims'],
      ['GET', `/api/admin/claims/${hurt.id}`],
      ['PUT', `/api/admin/claims/${hurt.id}`],
      ['POST', `/api/admin/claims/${hurt.id}/notes`],
    ] as const) {
      const body = method === 'GET' ? undefined : { status: 'closed', text: 'x' };
      expect((await h.request(method, path, { token: aliceToken, body })).status).toBe(403);
      expect((await h.request(method, path, { body })).status).toBe(401);
    }
  });
});

describe('the limits of a day: 5 reports and 60 MB of photos per account, 3 reports per policy', () => {
  afterEach(() => h.clock.set(T0));

  const MINUTE = 60_000;
  /** The seconds until `at`, as Retry-After says them. */
  const secondsUntil = (at: number) => String(Math.ceil((at - h.clock.now()) / 1000));
  const claimsOf = (userId: number) => count('claims', `where user_id = ${userId}`);

  it('the 6th report in 24 hours is 429 until the oldest leaves, storing nothing; one sent again is answered as stored', async () => {
    const dee = await freshCustomer();
    // Three on one policy and two on another: the account's limit, not the policy's.
    const second = await createPolicy({ userId: dee.id });
    const sent: ReturnType<typeof report>[] = [];
    for (let i = 0; i < 5; i++) {
      h.clock.set(T0 + i * 10 * MINUTE);
      const body = report((i < 3 ? dee.policy : second).policyNumber);
      expect((await send(dee.token, body)).status).toBe(201);
      sent.push(body);
    }
    const first = await json<MyClaimView[]>(await h.request('GET', '/api/user/claims', { token: dee.token }));

    const before = await stored();
    const res = await send(dee.token, report(second.policyNumber));
    expect(res.status).toBe(429);
    // The first, made at T0, leaves the window at T0 + 24 h.
    expect(res.headers.get('retry-after')).toBe(secondsUntil(T0 + DAY));
    expect(await json(res)).toEqual({ error: claimMessages.reportsPerAccount, details: { code: CLAIM_LIMIT_CODE } });
    expect(claimMessages.reportsPerAccount).toContain(brand.phones.claims);
    expect(await stored()).toEqual(before);

    // The phone's outbox sending the first again: the claim stored, never the limit.
    expect((await expectJson<MyClaimView>(send(dee.token, { ...sent[0]!, description: 'Sent again from the outbox' }), 201)).reference).toBe(first.at(-1)!.reference);

    // The same at the tRPC door.
    const trpc = await h.request('POST', '/trpc/claims.report', { token: dee.token, body: report(second.policyNumber) });
    expect(trpc.status).toBe(429);
    expect(trpc.headers.get('retry-after')).toBe(secondsUntil(T0 + DAY));
    const { error } = await json<{ error: { message: string; data: { code: string; details: unknown } } }>(trpc);
    expect(error.message).toBe(claimMessages.reportsPerAccount);
    expect(error.data).toMatchObject({ code: 'TOO_MANY_REQUESTS', details: { code: CLAIM_LIMIT_CODE } });
    expect(await stored()).toEqual(before);

    // The first has left the window: one more fits, and no more.
    h.clock.set(T0 + DAY);
    const later = await h.tokenFor(dee.username);
    expect((await send(later, report(second.policyNumber))).status).toBe(201);
    const next = await send(later, report(second.policyNumber));
    expect(next.status).toBe(429);
    expect((await json<ErrorBody>(next)).error).toBe(claimMessages.reportsPerAccount);
    // The account's oldest leaves at T0 + 10 min + 24 h, but the second policy then still holds three (from
    // T0 + 30 min): Retry-After waits for both.
    expect(next.headers.get('retry-after')).toBe(secondsUntil(T0 + 30 * MINUTE + DAY));
    expect(await claimsOf(dee.id)).toBe(6);
  });

  it('the 4th report on one policy in 24 hours is refused on that policy; another policy of the account still takes one', async () => {
    const dee = await freshCustomer();
    for (let i = 0; i < 3; i++) {
      h.clock.set(T0 + i * MINUTE);
      expect((await send(dee.token, report(dee.policy.policyNumber))).status).toBe(201);
    }
    const before = await stored();
    const res = await send(dee.token, report(dee.policy.policyNumber));
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe(secondsUntil(T0 + DAY));
    expect(await json(res)).toEqual({ error: claimMessages.reportsPerPolicy, details: { code: CLAIM_LIMIT_CODE } });
    expect(claimMessages.reportsPerPolicy).toContain(brand.phones.claims);
    expect(await stored()).toEqual(before);
    const other = await createPolicy({ userId: dee.id });
    expect((await send(dee.token, report(other.policyNumber))).status).toBe(201);
  });

  it('photos past 60 MB in 24 hours, as stored, are refused; the same report without them is taken', async () => {
    const dee = await freshCustomer();
    const photo = { data: base64(await picture(400, 300).jpeg().toBuffer()) };
    const first = await json<MyClaimView>(await send(dee.token, report(dee.policy.policyNumber, { photos: [photo] })));
    // Its stored photos made as large as a day's photos may be, less a kilobyte: as if many had been sent. In pieces
    // of at most 4 MB, as stored photos are (a libSQL server refuses a single value of 60 MB).
    const [row] = await h.deps.db.select({ id: claims.id }).from(claims).where(eq(claims.reference, first.reference));
    const PIECE = 4 * 1024 * 1024;
    const total = CLAIM_PHOTO_BYTES_PER_ACCOUNT - 1024;
    await h.deps.write(async (tx) => {
      await tx.update(claimPhotos).set({ bytes: sql`zeroblob(${Math.min(PIECE, total)})`, thumbnail: sql`zeroblob(0)` }).where(eq(claimPhotos.claimId, row!.id));
      for (let position = 100, left = total - PIECE; left > 0; position++, left -= PIECE) {
        await tx.insert(claimPhotos).values({ claimId: row!.id, position, mime: 'image/jpeg', width: 1, height: 1, bytes: sql`zeroblob(${Math.min(PIECE, left)})`, thumbnail: sql`zeroblob(0)` });
      }
    });
    h.clock.set(T0 + HOUR);
    const before = await stored();
    const body = report(dee.policy.policyNumber, { photos: [photo] });
    const res = await send(dee.token, body);
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe(secondsUntil(T0 + DAY));
    expect(await json(res)).toEqual({ error: claimMessages.photoBytesPerAccount, details: { code: CLAIM_LIMIT_CODE } });
    expect(claimMessages.photoBytesPerAccount).toContain(brand.phones.claims);
    expect(await stored()).toEqual(before);
    expect(await expectJson(send(dee.token, { ...body, photos: [] }), 201)).toMatchObject({ clientId: body.clientId, photoCount: 0 });
  });

  it('two reports at once with room for one, from two server processes: one is stored, the other refused', async () => {
    const database = await openDatabase({ url: h.databaseUrl });
    const other = await createApp({ database, jwtSecret: TEST_SECRET, clock: manualClock(T0), logger: pino({ level: 'silent' }), trustProxy: true, staticRoot: null });
    try {
      const photo = { data: base64(await picture(800, 600).png().toBuffer()) };
      for (let round = 0; round < 3; round++) {
        const dee = await freshCustomer();
        const second = await createPolicy({ userId: dee.id });
        for (let i = 0; i < 4; i++) expect((await send(dee.token, report((i % 2 ? second : dee.policy).policyNumber))).status).toBe(201);
        const init = (policyNumber: string) => ({
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${dee.token}` },
          body: JSON.stringify(report(policyNumber, { photos: [photo] })),
        });
        const answers = await Promise.all([
          h.app.request('/api/user/claims', init(dee.policy.policyNumber)),
          other.app.request('/api/user/claims', init(second.policyNumber)),
          h.app.request('/api/user/claims', init(second.policyNumber)),
        ]);
        expect(answers.map((a) => a.status).sort()).toEqual([201, 429, 429]);
        expect(await claimsOf(dee.id)).toBe(5);
      }
    } finally {
      await other.deps.mailer.deliverPending();
      database.close();
    }
  });
});
