// Certificates on the dashboard, from the REST route (a file, not tRPC) or the device's copy. Messages are thrown
// for the page to show, never alerted (docs/product.md#errors-and-messages).
import type { PolicyView } from '@server/contract/views';
import { fingerprint, hasFreshCertificate, readCertificate, saveCertificate } from '../../lib/personal-cache';
import { fetchFile } from '../../lib/rest';

export const CERTIFICATE_MESSAGES = {
  invalid: 'Invalid policy number',
  failed: 'Failed to load certificate. Please try again.',
  /** No network and no saved copy: 'try again' would be a false promise at the roadside (docs/product.md#offline). */
  notSaved: 'This certificate is not saved for offline use',
} as const;

/** Thrown with a message a person reads (CERTIFICATE_MESSAGES). */
export class CertificateError extends Error {}

/** The server's rule for a policy number (contract/schemas.ts policyNumberParam). */
const POLICY_NUMBER = /^[A-Za-z0-9-]{1,40}$/;
/** With a saved copy at hand, a network this slow (one bar at the roadside) is not waited for. */
const SLOW_NETWORK_MS = 3_000;
/** With nothing saved, give up after this long rather than show 'Loading...' for ever. */
const NETWORK_TIMEOUT_MS = 30_000;
/** Blob URLs live this long: enough for the new tab or the download to read them. */
const REVOKE_AFTER_MS = 60_000;

function checkedPolicyNumber(policyNumber: unknown): string {
  if (typeof policyNumber !== 'string' || !POLICY_NUMBER.test(policyNumber)) throw new CertificateError(CERTIFICATE_MESSAGES.invalid);
  return policyNumber;
}

type NetworkAnswer =
  | { kind: 'pdf'; pdf: Blob }
  /** The server has said no (not yours, no such policy, signed out): a saved copy must not answer. */
  | { kind: 'refused'; status: number }
  /** A saved copy may answer. `network`: never reached; `server`: answered something other than the PDF. */
  | { kind: 'unavailable'; reason: 'network' | 'server' };

async function fetchCertificate(policyNumber: string, signal: AbortSignal): Promise<NetworkAnswer> {
  try {
    const res = await fetchFile(`/policies/${encodeURIComponent(policyNumber)}/certificate`, { signal });
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
 * The certificate PDF of `policy`, or a CertificateError with CERTIFICATE_MESSAGES. `cacheFor` names the user
 * whose offline copy may answer and is saved to (null while impersonating); when it answers: docs/product.md#offline.
 */
export async function loadCertificate(policy: Pick<PolicyView, 'policyNumber'>, opts: { cacheFor: number | null }): Promise<Blob> {
  const n = checkedPolicyNumber(policy.policyNumber);
  const userId = opts.cacheFor;

  if (userId !== null && isOffline()) {
    const saved = await readCertificate(userId, n);
    if (saved) return saved;
  }

  const controller = new AbortController();
  const timeout = setTimeout(() => controller.abort(), NETWORK_TIMEOUT_MS);
  try {
    const network = fetchCertificate(n, controller.signal);
    let answer: NetworkAnswer | Blob | null;
    if (userId === null) {
      answer = await network;
    } else {
      // Whichever comes first: the network's answer, or (after 3 s of silence) a saved copy.
      let answered = false;
      const savedAfterWait = wait(SLOW_NETWORK_MS).then(() => (answered ? null : readCertificate(userId, n)));
      answer = await Promise.race([network, savedAfterWait]);
      answered = true;
      if (answer === null) answer = await network;
    }

    if (answer instanceof Blob) {
      controller.abort();
      return answer;
    }
    if (answer.kind === 'pdf') {
      if (userId !== null) void saveCertificate(userId, n, answer.pdf, fingerprint(policy));
      return answer.pdf;
    }
    if (answer.kind === 'refused') {
      throw new CertificateError(answer.status === 400 ? CERTIFICATE_MESSAGES.invalid : CERTIFICATE_MESSAGES.failed);
    }
    const saved = userId === null ? null : await readCertificate(userId, n);
    if (saved) return saved;
    throw new CertificateError(answer.reason === 'network' || isOffline() ? CERTIFICATE_MESSAGES.notSaved : CERTIFICATE_MESSAGES.failed);
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
export function viewCertificate(pdf: Blob, _policyNumber: string): void {
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

/** Saves the PDF as {policyNumber}_certificate.pdf. */
export function downloadCertificate(pdf: Blob, policyNumber: string): void {
  const n = checkedPolicyNumber(policyNumber);
  const link = document.createElement('a');
  link.href = objectUrl(pdf);
  link.download = `${n}_certificate.pdf`;
  link.rel = 'noopener';
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
}

const caching = new Map<number, Promise<void>>();

/**
 * After an online load: saves the certificates of `policies` for offline use, one at a time, skipping those saved
 * today under the same policy data. Never rejects; a second call while one runs answers the running one.
 */
export function cacheActiveCertificates(userId: number, policies: readonly PolicyView[]): Promise<void> {
  const running = caching.get(userId);
  if (running) return running;
  const run = (async () => {
    const seen = new Set<string>();
    for (const policy of policies) {
      const n = policy.policyNumber;
      if (typeof n !== 'string' || !POLICY_NUMBER.test(n) || seen.has(n)) continue;
      seen.add(n);
      if (isOffline()) return;
      try {
        const dataPrint = fingerprint(policy);
        if (await hasFreshCertificate(userId, n, dataPrint)) continue;
        const controller = new AbortController();
        const timeout = setTimeout(() => controller.abort(), NETWORK_TIMEOUT_MS);
        const answer = await fetchCertificate(n, controller.signal).finally(() => clearTimeout(timeout));
        if (answer.kind === 'pdf') await saveCertificate(userId, n, answer.pdf, dataPrint);
      } catch {
        // Best effort: the next online visit tries again.
      }
    }
  })().finally(() => caching.delete(userId));
  caching.set(userId, run);
  return run;
}
