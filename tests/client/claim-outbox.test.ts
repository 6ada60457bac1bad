// The phone's claim outbox (src-client/features/policies/outbox.ts) over an in-memory store: a report kept as typed,
// 'Send' with no signal keeps it, a later flush sends it once and removes it, a refusal or a 401 keeps it, and
// only its owner sees, sends or purges it.
import { describe, expect, it } from 'vitest';
import { CLAIM_LIMIT_CODE, claimInput, claimMessages, type ClaimDraft } from '@server/contract/claim';
import { base64Of, createOutbox, type ReportStore, type Transport } from '../../src-client/features/policies/outbox';
import {
  draftOf,
  emptyAnswers,
  hasContent,
  isLimitRefusal,
  occurredAtInstant,
  type ClaimAnswers,
  type StoredReport,
} from '../../src-client/features/policies/stored-report';

class MemoryReportStore implements ReportStore {
  readonly reports = new Map<string, StoredReport>();
  async all() {
    return [...this.reports.values()].map((r) => structuredClone(r));
  }
  async get(clientId: string) {
    const r = this.reports.get(clientId);
    return r && structuredClone(r);
  }
  async put(report: StoredReport) {
    this.reports.set(report.clientId, structuredClone(report));
  }
  async delete(clientId: string) {
    this.reports.delete(clientId);
  }
}

const POLICY = 'KC-12345678';
const filled = (): ClaimAnswers => ({
  ...emptyAnswers('2026-07-01T14:30', '07700 900123'),
  policyNumber: POLICY,
  kind: 'accident',
  location: 'A40 eastbound near Wheatley',
  description: 'Hit from behind at the lights.',
  injuries: 'no',
  otherVehicles: [{ registration: 'AB12 CDE', driverName: '', contact: '', insurer: '' }],
});

/** A server that stores each clientId once, as POST /api/user/claims does. */
function fakeServer() {
  const stored = new Map<string, { reference: string; body: ClaimDraft }>();
  const bodies: ClaimDraft[] = [];
  let next: { status: number; body: unknown } | 'network' | null = null;
  const transport: Transport = async (body) => {
    bodies.push(body);
    const answer = next;
    next = null;
    if (answer === 'network') throw new TypeError('Failed to fetch');
    if (answer) return answer;
    const existing = stored.get(body.clientId);
    const reference = existing?.reference ?? `CL-${String(stored.size + 1).padStart(8, '0')}`;
    if (!existing) stored.set(body.clientId, { reference, body });
    return { status: 201, body: { reference, clientId: body.clientId, policyNumber: body.policyNumber, kind: body.kind, status: 'new' } };
  };
  return { stored, bodies, transport, answerNext: (a: typeof next) => (next = a) };
}

function setUp() {
  const store = new MemoryReportStore();
  const server = fakeServer();
  let online = true;
  let t = 1_000;
  let ids = 0;
  const outbox = createOutbox({
    store,
    transport: server.transport,
    isOnline: () => online,
    now: () => (t += 1000),
    newId: () => `00000000-0000-4000-8000-00000000000${++ids}`,
  });
  return { store, server, outbox, setOnline: (v: boolean) => (online = v) };
}

describe('claim outbox', () => {
  it('starts a report with an id made on the phone, and keeps what is typed, photos and all', async () => {
    const { outbox, store } = setUp();
    const report = await outbox.current(7, () => emptyAnswers('2026-07-01T14:30'));
    expect(report.clientId).toBe('00000000-0000-4000-8000-000000000001');
    expect(report.state).toBe('draft');
    const photo = { id: 'p1', blob: new Blob([new Uint8Array([0xff, 0xd8, 0xff, 1, 2, 3])], { type: 'image/jpeg' }), width: 4, height: 3 };
    await outbox.save({ clientId: report.clientId, userId: 7, answers: filled(), photos: [photo] });
    // The same report comes back when the form opens again (the app was closed).
    const again = await outbox.current(7, () => emptyAnswers('2026-07-02T09:00'));
    expect(again.clientId).toBe(report.clientId);
    expect(again.answers.description).toBe('Hit from behind at the lights.');
    expect(again.photos).toHaveLength(1);
    expect(store.reports.size).toBe(1);
  });

  it('two screens opening at once find the same new report', async () => {
    const { outbox, store } = setUp();
    const [a, b] = await Promise.all([outbox.current(7, filled), outbox.current(7, filled)]);
    expect(a.clientId).toBe(b.clientId);
    expect(store.reports.size).toBe(1);
  });

  it('with no signal keeps the report queued; the next flush sends it once and removes it from the phone', async () => {
    const { outbox, store, server, setOnline } = setUp();
    const report = await outbox.current(7, filled);
    setOnline(false);
    expect(await outbox.send(report.clientId)).toEqual({ kind: 'offline' });
    expect(server.bodies).toHaveLength(0);
    expect((await store.get(report.clientId))?.state).toBe('queued');
    expect(await outbox.unsentCount(7)).toBe(1);
    // A new report is started for the form meanwhile: the queued one is not reopened.
    const next = await outbox.current(7, () => emptyAnswers('2026-07-01T15:00'));
    expect(next.clientId).not.toBe(report.clientId);

    setOnline(true);
    const results = await outbox.flush(7);
    expect(results.get(report.clientId)).toMatchObject({ kind: 'sent', claim: { reference: 'CL-00000001' } });
    expect(server.stored.size).toBe(1);
    expect(await store.get(report.clientId)).toBeUndefined();
    // Flushing again sends nothing more.
    await outbox.flush(7);
    expect(server.bodies).toHaveLength(1);
  });

  it('a fetch that fails at the network counts as no signal, and the same id sent twice is stored once', async () => {
    const { outbox, store, server } = setUp();
    const report = await outbox.current(7, filled);
    server.answerNext('network');
    expect(await outbox.send(report.clientId)).toEqual({ kind: 'offline' });
    expect((await store.get(report.clientId))?.state).toBe('queued');
    // Two flushes at once (the online event and the app start): one after the other, one claim.
    const [a, b] = await Promise.all([outbox.flush(7), outbox.flush(7)]);
    expect(a.get(report.clientId)?.kind).toBe('sent');
    expect(b.size).toBe(0);
    expect(server.stored.size).toBe(1);
    expect(server.bodies.map((body) => body.clientId)).toEqual([report.clientId, report.clientId]);
  });

  it('a refusal (4xx) keeps the report, with the field messages, to be corrected and sent again', async () => {
    const { outbox, store, server } = setUp();
    const report = await outbox.current(7, filled);
    server.answerNext({ status: 400, body: { error: 'Some of the details are not valid', details: { fieldErrors: { policyNumber: [claimMessages.policyTooOld] } } } });
    const result = await outbox.send(report.clientId);
    expect(result).toEqual({
      kind: 'refused',
      refusal: { status: 400, message: 'Some of the details are not valid', fieldErrors: { policyNumber: [claimMessages.policyTooOld] } },
    });
    const kept = await store.get(report.clientId);
    expect(kept?.state).toBe('refused');
    // The form reopens it, before any newer draft.
    expect((await outbox.current(7, filled)).clientId).toBe(report.clientId);
    // Corrected and sent: the refusal is gone and it reaches the server.
    await outbox.save({ clientId: report.clientId, userId: 7, answers: { ...kept!.answers, policyNumber: 'KC-87654321' }, photos: [] });
    expect(await outbox.send(report.clientId)).toMatchObject({ kind: 'sent' });
    expect(server.stored.get(report.clientId)?.body.policyNumber).toBe('KC-87654321');
  });

  it('a 413 is a refusal too, with the server message a person understands', async () => {
    const { outbox, server } = setUp();
    const report = await outbox.current(7, filled);
    server.answerNext({ status: 413, body: { error: claimMessages.bodyTooLarge } });
    expect(await outbox.send(report.clientId)).toMatchObject({ kind: 'refused', refusal: { status: 413, message: claimMessages.bodyTooLarge } });
  });

  it('the server’s limits for a day (429 with their code) refuse the report: kept and marked, never sent again by itself', async () => {
    const { outbox, store, server } = setUp();
    const report = await outbox.current(7, filled);
    server.answerNext({ status: 429, body: { error: claimMessages.reportsPerAccount, details: { code: CLAIM_LIMIT_CODE } } });
    const result = await outbox.send(report.clientId);
    expect(result).toEqual({ kind: 'refused', refusal: { status: 429, message: claimMessages.reportsPerAccount, fieldErrors: {} } });
    expect(result.kind === 'refused' && isLimitRefusal(result.refusal)).toBe(true);
    const kept = await store.get(report.clientId);
    expect(kept).toMatchObject({ state: 'refused', refusal: { status: 429, message: claimMessages.reportsPerAccount }, answers: filled() });
    // The connection coming back, the app starting: nothing is sent.
    expect(await outbox.flush(7)).toEqual(new Map());
    expect(server.bodies).toHaveLength(1);
    // It is what the form opens, and still counts as not sent.
    expect((await outbox.current(7, filled)).clientId).toBe(report.clientId);
    expect(await outbox.unsentCount(7)).toBe(1);
  });

  it('a 429 without the limits’ code is the server busy: kept queued, sent again later', async () => {
    const { outbox, store, server } = setUp();
    const report = await outbox.current(7, filled);
    server.answerNext({ status: 429, body: { error: 'Too many attempts. Please wait and try again.' } });
    expect(await outbox.send(report.clientId)).toEqual({ kind: 'later', message: 'Too many attempts. Please wait and try again.' });
    expect((await store.get(report.clientId))?.state).toBe('queued');
    expect((await outbox.flush(7)).get(report.clientId)).toMatchObject({ kind: 'sent' });
  });

  it('a 401 or a server failure keeps the report queued, for later', async () => {
    const { outbox, store, server } = setUp();
    const report = await outbox.current(7, filled);
    server.answerNext({ status: 401, body: { error: 'Please sign in' } });
    expect(await outbox.send(report.clientId)).toEqual({ kind: 'signed-out' });
    expect((await store.get(report.clientId))?.state).toBe('queued');
    server.answerNext({ status: 503, body: { error: 'Busy' } });
    expect(await outbox.flush(7)).toEqual(new Map([[report.clientId, { kind: 'later', message: 'Busy' }]]));
    expect((await store.get(report.clientId))?.state).toBe('queued');
  });

  it('only the owner sees, sends and purges their reports', async () => {
    const { outbox, store, server, setOnline } = setUp();
    setOnline(false);
    const mine = await outbox.current(7, filled);
    await outbox.send(mine.clientId);
    const theirs = await outbox.current(8, filled);
    await outbox.send(theirs.clientId);
    expect((await outbox.reports(7)).map((r) => r.clientId)).toEqual([mine.clientId]);
    expect(await outbox.current(8, filled)).not.toMatchObject({ clientId: mine.clientId });
    setOnline(true);
    await outbox.flush(8);
    expect([...server.stored.keys()]).toEqual([theirs.clientId]);
    // Saving someone else's report does nothing.
    await outbox.save({ clientId: mine.clientId, userId: 8, answers: filled(), photos: [] });
    expect((await store.get(mine.clientId))?.userId).toBe(7);
    await outbox.purge(8);
    expect(await outbox.unsentCount(7)).toBe(1);
    await outbox.purge(7);
    expect(store.reports.size).toBe(0);
  });

  it('an untouched draft is not counted as unsent; one with anything typed is', async () => {
    const { outbox } = setUp();
    const report = await outbox.current(7, () => emptyAnswers('2026-07-01T14:30', '07700 900123'));
    expect(hasContent(report)).toBe(false);
    expect(await outbox.unsentCount(7)).toBe(0);
    await outbox.save({ clientId: report.clientId, userId: 7, answers: { ...report.answers, location: 'M4 J12' }, photos: [] });
    expect(await outbox.unsentCount(7)).toBe(1);
  });
});

describe('what the phone sends', () => {
  it('is read by the same schema the server uses: UK local time as an instant, photos as base64', async () => {
    const photo = new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16])], { type: 'image/jpeg' });
    const data = await base64Of(photo);
    expect(data).toBe('/9j/4AAQ');
    const draft = draftOf({ clientId: crypto.randomUUID(), answers: filled() }, [{ data }]);
    const parsed = claimInput.parse(draft);
    // 14:30 in July is BST: 13:30 UTC.
    expect(parsed.occurredAt).toBe('2026-07-01T13:30:00.000Z');
    expect(parsed.injuries).toBe(false);
    expect(parsed.photos).toEqual([{ data: '/9j/4AAQ' }]);
    expect(parsed.otherVehicles).toEqual([{ registration: 'AB12 CDE' }]);
  });

  it('leaves an unanswered injuries question unanswered, so the schema asks for it', () => {
    const result = claimInput.safeParse(draftOf({ clientId: crypto.randomUUID(), answers: { ...filled(), injuries: '' } }, []));
    expect(result.success).toBe(false);
    expect(result.error?.issues.find((i) => i.path[0] === 'injuries')?.message).toBe(claimMessages.injuriesRequired);
  });

  it('reads winter times as GMT and keeps an unreadable time as typed', () => {
    expect(occurredAtInstant('2026-01-15T08:05')).toBe('2026-01-15T08:05:00.000Z');
    expect(occurredAtInstant('')).toBe('');
  });

  it('base64 of a photo larger than one chunk is the bytes exactly', async () => {
    const bytes = new Uint8Array(100_000).map((_, i) => (i * 31) % 256);
    const data = await base64Of(new Blob([bytes]));
    expect(Uint8Array.from(atob(data), (c) => c.charCodeAt(0))).toEqual(bytes);
  });
});
