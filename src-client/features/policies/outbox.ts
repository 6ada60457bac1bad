// The phone's claim reports (docs/product.md#reporting-a-claim): kept as they are typed, photos and all, in
// IndexedDB, so a closed app loses nothing; 'Send' puts one in the outbox, and the outbox is sent whenever there is
// a chance: at once, on the `online` event, at the next app start (outbox-runner.ts). Each report carries the id
// made when it was started (clientId): the server stores it once however often it arrives.
//
// A report leaves the phone only when the server has it, or when its owner signs out after being warned
// (top bar): a refusal (4xx) keeps it for correcting, and a session that ends by itself (expiry, 401) keeps it to be
// sent once the same person signs in again. A report over the server's limits for a day (429 with the claim limit's
// code) is a refusal too: kept and marked, never sent again by itself, as the claims line is the way on for it. Only
// the person who made a report sees or sends it.
//
// The logic takes its store and its transport as arguments, so it runs in tests over an in-memory store.
import { CLAIM_LIMIT_CODE, type ClaimDraft } from '@server/contract/claim';
import type { MyClaimView } from '@server/contract/views';
import { draftOf, hasContent, type ClaimAnswers, type Refusal, type StoredReport } from './stored-report';

/** Where reports are kept: IndexedDB in the app (outbox-store.ts), a Map in the tests. */
export interface ReportStore {
  all(): Promise<StoredReport[]>;
  get(clientId: string): Promise<StoredReport | undefined>;
  put(report: StoredReport): Promise<void>;
  delete(clientId: string): Promise<void>;
}

/** The server's answer, or a rejection (TypeError) when the request never reached it. */
export type Transport = (body: ClaimDraft) => Promise<{ status: number; body: unknown }>;

export type SendResult =
  | { kind: 'sent'; claim: MyClaimView }
  /** No signal: kept in the outbox. */
  | { kind: 'offline' }
  /** The server could not take it just now (429, 5xx): kept in the outbox, tried again later. */
  | { kind: 'later'; message: string }
  /** The session is over (401): kept in the outbox for when its owner signs in again. */
  | { kind: 'signed-out' }
  | { kind: 'refused'; refusal: Refusal };

/** A Blob's bytes as base64 (no data: prefix), in chunks: a photo is too big for one String.fromCharCode call. */
export async function base64Of(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

async function bodyOf(report: StoredReport): Promise<ClaimDraft> {
  const photos = await Promise.all(report.photos.map(async (p) => ({ data: await base64Of(p.blob), ...(p.takenAt ? { takenAt: p.takenAt } : {}) })));
  return draftOf(report, photos);
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** A refused answer's message and field messages (docs/api.md#errors). */
export function refusalOf(status: number, body: unknown): Refusal {
  const error = isRecord(body) && typeof body['error'] === 'string' ? body['error'] : `The report was refused (${status})`;
  const details = isRecord(body) ? body['details'] : undefined;
  const raw = isRecord(details) && isRecord(details['fieldErrors']) ? details['fieldErrors'] : {};
  const fieldErrors: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(raw)) {
    if (Array.isArray(messages)) fieldErrors[field] = messages.filter((m): m is string => typeof m === 'string');
  }
  return { status, message: error, fieldErrors };
}

/** A 429 for the claim limits (`details.code`), not one that asks to wait and send again. */
const overClaimLimit = (status: number, body: unknown) => status === 429 && isRecord(body) && isRecord(body['details']) && body['details']['code'] === CLAIM_LIMIT_CODE;

type Listener = (event: { clientId?: string; result?: SendResult }) => void;

export interface OutboxOptions {
  store: ReportStore;
  transport: Transport;
  /** navigator.onLine, where the browser says; a fetch that fails at the network counts as offline too. */
  isOnline?: () => boolean;
  now?: () => number;
  newId?: () => string;
}

export type Outbox = ReturnType<typeof createOutbox>;

export function createOutbox({ store, transport, isOnline = () => true, now = () => Date.now(), newId = () => crypto.randomUUID() }: OutboxOptions) {
  const listeners = new Set<Listener>();
  const emit: Listener = (event) => {
    for (const listener of listeners) listener(event);
  };
  let queue: Promise<unknown> = Promise.resolve();
  let opening: Promise<unknown> = Promise.resolve();

  const mine = async (userId: number) => (await store.all()).filter((r) => r.userId === userId).sort((a, b) => a.startedAt - b.startedAt);

  async function sendOne(report: StoredReport): Promise<SendResult> {
    if (!isOnline()) return { kind: 'offline' };
    let answer: { status: number; body: unknown };
    try {
      answer = await transport(await bodyOf(report));
    } catch {
      return { kind: 'offline' };
    }
    const { status, body } = answer;
    if (status >= 200 && status < 300 && isRecord(body) && typeof body['reference'] === 'string') {
      // Deleted only now the server has it: the copy on the phone is what a failure would be sent from again.
      await store.delete(report.clientId);
      return { kind: 'sent', claim: body as unknown as MyClaimView };
    }
    if (status === 401) return { kind: 'signed-out' };
    if (!overClaimLimit(status, body) && (status === 408 || status === 429 || status >= 500 || status < 400)) {
      return { kind: 'later', message: refusalOf(status, body).message };
    }
    const refusal = refusalOf(status, body);
    const current = await store.get(report.clientId);
    if (current) await store.put({ ...current, state: 'refused', refusal, updatedAt: now() });
    return { kind: 'refused', refusal };
  }

  async function flushOnce(userId: number): Promise<Map<string, SendResult>> {
    const results = new Map<string, SendResult>();
    for (const report of (await mine(userId)).filter((r) => r.state === 'queued')) {
      const result = await sendOne(report);
      results.set(report.clientId, result);
      emit({ clientId: report.clientId, result });
      // No signal, or no session: the rest would fare the same.
      if (result.kind === 'offline' || result.kind === 'signed-out') break;
    }
    return results;
  }

  return {
    /** Told of every change: a report saved, sent, refused or removed. */
    subscribe(listener: Listener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /** This person's reports on the phone, oldest first. */
    reports: mine,

    /** The report to show in the form: one refused (to correct) first, else the draft, else a new one. */
    current(userId: number, fresh: () => ClaimAnswers): Promise<StoredReport> {
      // One at a time: two screens opening together must find the same draft, not start one each.
      const run = opening.then(async () => {
        const reports = await mine(userId);
        const open = reports.find((r) => r.state === 'refused') ?? reports.filter((r) => r.state === 'draft').at(-1);
        if (open) return open;
        const t = now();
        const report: StoredReport = { clientId: newId(), userId, state: 'draft', startedAt: t, updatedAt: t, answers: fresh(), photos: [] };
        await store.put(report);
        return report;
      });
      opening = run.catch(() => undefined);
      return run;
    },

    /** Keeps what was typed. A report already queued is left as it is (the form shows a new one by then). */
    async save(report: Pick<StoredReport, 'clientId' | 'userId' | 'answers' | 'photos'>): Promise<void> {
      const current = await store.get(report.clientId);
      if (current && (current.userId !== report.userId || current.state === 'queued')) return;
      const t = now();
      await store.put({
        clientId: report.clientId,
        userId: report.userId,
        state: current?.state ?? 'draft',
        startedAt: current?.startedAt ?? t,
        updatedAt: t,
        answers: report.answers,
        photos: report.photos,
        refusal: current?.refusal,
      });
      emit({});
    },

    /** 'Send': into the outbox, then sent if there is signal. Answers what became of it. */
    async send(clientId: string): Promise<SendResult> {
      const report = await store.get(clientId);
      if (!report) throw new Error('No such report on this phone');
      await store.put({ ...report, state: 'queued', refusal: undefined, updatedAt: now() });
      emit({});
      const results = await this.flush(report.userId);
      return results.get(clientId) ?? { kind: 'offline' };
    },

    /**
     * Sends this person's queued reports, oldest first. Flushes run one after another (the `online` event, the app
     * start and a tap on 'Send' may come together), so a report is never sent twice at once.
     */
    flush(userId: number): Promise<Map<string, SendResult>> {
      const run = queue.then(() => flushOnce(userId));
      queue = run.catch(() => undefined);
      return run;
    },

    /** How many of this person's reports are not yet with the server (drafts with nothing typed do not count). */
    async unsentCount(userId: number): Promise<number> {
      return (await mine(userId)).filter((r) => r.state !== 'draft' || hasContent(r)).length;
    },

    /** Sign-out: every report of this person leaves the phone. */
    async purge(userId: number): Promise<void> {
      for (const r of await mine(userId)) await store.delete(r.clientId);
      emit({});
    },

    /** A draft given up: removed (a fresh one starts when the form opens again). */
    async discard(clientId: string): Promise<void> {
      await store.delete(clientId);
      emit({});
    },
  };
}
