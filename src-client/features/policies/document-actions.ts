// A policy's documents on the dashboard (docs/product.md#policy-documents), from the REST routes (files, not tRPC) or
// the device's copy. Messages are thrown for the page to show, never alerted (docs/product.md#errors-and-messages).
import { documentFileName, documentLabels, documentsOf, type DocumentKind } from '@server/contract/documents';
import type { PolicyView } from '@server/contract/views';
import { fingerprint, hasFreshDocument, readDocument, saveDocument } from '../../lib/personal-cache';
import { fetchFile } from '../../lib/rest';

export interface DocumentMessages {
  invalid: string;
  failed: string;
  /** No network and no saved copy: 'try again' would be a false promise at the roadside (docs/product.md#offline). */
  notSaved: string;
}

/** A document's name inside a sentence: 'certificate', 'policy schedule'. */
const nameInText = (kind: DocumentKind) => documentLabels[kind].toLowerCase();

/** The messages of one kind of document; the certificate's are the SPEC's. */
export function documentMessages(kind: DocumentKind): DocumentMessages {
  return {
    invalid: 'Invalid policy number',
    failed: `Failed to load ${nameInText(kind)}. Please try again.`,
    notSaved: `This ${nameInText(kind)} is not saved for offline use`,
  };
}

export const CERTIFICATE_MESSAGES = documentMessages('certificate');

/** Thrown with a message a person reads (documentMessages). */
export class DocumentError extends Error {}

/** The server's rule for a policy number (contract/schemas.ts policyNumberParam). */
const POLICY_NUMBER = /^[A-Za-z0-9-]{1,40}$/;
/** With a saved copy at hand, a network this slow (one bar at the roadside) is not waited for. */
const SLOW_NETWORK_MS = 3_000;
/** With nothing saved, give up after this long rather than show 'Loading...' for ever. */
const NETWORK_TIMEOUT_MS = 30_000;
/** Blob URLs live this long: enough for the new tab or the download to read them. */
const REVOKE_AFTER_MS = 60_000;

function checkedPolicyNumber(policyNumber: unknown): string {
  if (typeof policyNumber !== 'string' || !POLICY_NUMBER.test(policyNumber)) throw new DocumentError(CERTIFICATE_MESSAGES.invalid);
  return policyNumber;
}

/** The certificate keeps its own route (docs/api.md#customer-policies-and-certificates); the others are under documents/. */
function documentUrl(policyNumber: string, kind: DocumentKind): string {
  const n = encodeURIComponent(policyNumber);
  return kind === 'certificate' ? `/policies/${n}/certificate` : `/policies/${n}/documents/${kind}`;
}

type NetworkAnswer =
  | { kind: 'pdf'; pdf: Blob }
  /** The server has said no (not yours, no such policy, signed out): a saved copy must not answer. */
  | { kind: 'refused'; status: number }
  /** A saved copy may answer. `network`: never reached; `server`: answered something other than the PDF. */
  | { kind: 'unavailable'; reason: 'network' | 'server' };

async function fetchDocument(policyNumber: string, kind: DocumentKind, signal: AbortSignal): Promise<NetworkAnswer> {
  try {
    const res = await fetchFile(documentUrl(policyNumber, kind), { signal });
    if ([400, 401, 403, 404, 410].includes(res.status)) return { kind: 'refused', status: res.status };
    const type = res.headers.get('Content-Type') ?? '';
    if (!res.ok || !type.toLowerCase().startsWith('application/pdf')) return { kind: 'unavailable', reason: 'server' };
    const bytes = await res.arrayBuffer();
    return bytes.byteLength > 0 ? { kind: 'pdf', pdf: new Blob([bytes], { type: 'application/pdf' }) } : { kind: 'unavailable', reason: 'server' };
  } catch {
    // fetch rejects only when no answer came (offline, DNS, reset, our timeout's abort).
    return { kind: 'unavailable', reason: 'network' };
  }
}

const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;
const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The PDF of `policy`'s document `kind`, or a DocumentError with its documentMessages. `cacheFor` names the user
 * whose offline copy may answer and is saved to (null while impersonating); when it answers: docs/product.md#offline.
 */
export async function loadDocument(policy: Pick<PolicyView, 'policyNumber'>, kind: DocumentKind, opts: { cacheFor: number | null }): Promise<Blob> {
  const n = checkedPolicyNumber(policy.policyNumber);
  const userId = opts.cacheFor;
  const messages = documentMessages(kind);

  if (userId !== null && isOffline()) {
    const saved = await readDocument(userId, kind, n);
    if (saved) return saved;
  }

  const controller = new AbortController();
  const timeout = setTimeout(() => controller.abort(), NETWORK_TIMEOUT_MS);
  try {
    const network = fetchDocument(n, kind, controller.signal);
    let answer: NetworkAnswer | Blob | null;
    if (userId === null) {
      answer = await network;
    } else {
      // Whichever comes first: the network's answer, or (after 3 s of silence) a saved copy.
      let answered = false;
      const savedAfterWait = wait(SLOW_NETWORK_MS).then(() => (answered ? null : readDocument(userId, kind, n)));
      answer = await Promise.race([network, savedAfterWait]);
      answered = true;
      if (answer === null) answer = await network;
    }

    if (answer instanceof Blob) {
      controller.abort();
      return answer;
    }
    if (answer.kind === 'pdf') {
      if (userId !== null) void saveDocument(userId, kind, n, answer.pdf, fingerprint(policy));
      return answer.pdf;
    }
    if (answer.kind === 'refused') {
      throw new DocumentError(answer.status === 400 ? messages.invalid : messages.failed);
    }
    const saved = userId === null ? null : await readDocument(userId, kind, n);
    if (saved) return saved;
    throw new DocumentError(answer.reason === 'network' || isOffline() ? messages.notSaved : messages.failed);
  } finally {
    clearTimeout(timeout);
  }
}

function objectUrl(pdf: Blob): string {
  const url = URL.createObjectURL(pdf.type === 'application/pdf' ? pdf : new Blob([pdf], { type: 'application/pdf' }));
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
  return url;
}

/**
 * Opens the PDF in a new tab, or in place where none opens (popup blocked, installed app on a phone; Back
 * returns). No 'noopener', so a blocked popup shows as null; the opener link is cut at once instead.
 */
export function viewDocument(pdf: Blob, _policyNumber: string): void {
  const url = objectUrl(pdf);
  const opened = window.open(url, '_blank');
  if (opened) {
    try {
      opened.opener = null;
    } catch {
      // Nothing to cut.
    }
    return;
  }
  window.location.assign(url);
}

/** Saves the PDF as {policyNumber}_{kind}.pdf, the server's own name for it. */
export function downloadDocument(pdf: Blob, policyNumber: string, kind: DocumentKind): void {
  const n = checkedPolicyNumber(policyNumber);
  const link = document.createElement('a');
  link.href = objectUrl(pdf);
  link.download = documentFileName(n, kind);
  link.rel = 'noopener';
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
}

const caching = new Map<number, Promise<void>>();

/**
 * After an online load: saves every document of `policies` for offline use, one at a time, skipping those saved
 * today under the same policy data. Never rejects; a second call while one runs answers the running one.
 */
export function cacheActiveDocuments(userId: number, policies: readonly PolicyView[]): Promise<void> {
  const running = caching.get(userId);
  if (running) return running;
  const run = (async () => {
    const seen = new Set<string>();
    for (const policy of policies) {
      const n = policy.policyNumber;
      if (typeof n !== 'string' || !POLICY_NUMBER.test(n) || seen.has(n)) continue;
      seen.add(n);
      const dataPrint = fingerprint(policy);
      for (const kind of documentsOf(policy.status)) {
        if (isOffline()) return;
        try {
          if (await hasFreshDocument(userId, kind, n, dataPrint)) continue;
          const controller = new AbortController();
          const timeout = setTimeout(() => controller.abort(), NETWORK_TIMEOUT_MS);
          const answer = await fetchDocument(n, kind, controller.signal).finally(() => clearTimeout(timeout));
          if (answer.kind === 'pdf') await saveDocument(userId, kind, n, answer.pdf, dataPrint);
        } catch {
          // Best effort: the next online visit tries again.
        }
      }
    }
  })().finally(() => caching.delete(userId));
  caching.set(userId, run);
  return run;
}
