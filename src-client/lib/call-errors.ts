// What a failed server call means to the person who made it: one reading of tRPC's errors for every screen
// (docs/api.md#errors-over-trpc).
import { isTrpcError } from './trpc';

export interface Failure {
  /** 'server': the server answered with an error; 'network': no answer; 'unexpected': an answer we cannot read. */
  kind: 'server' | 'network' | 'unexpected';
  /** HTTP status of a server answer. */
  status: number | null;
  /** The server's message (with the wait, for a 429), or the network's, or the exception's. */
  message: string;
  /** Field messages of a 400, by field name. */
  fieldErrors: Record<string, string[]>;
  /** The server's details, for a "Technical details" disclosure. */
  details: unknown;
}

/** "in 15 minutes" / "in 40 seconds". */
export function waitText(seconds: number): string | null {
  if (!Number.isFinite(seconds) || seconds <= 0) return null;
  if (seconds < 60) return `in ${Math.ceil(seconds)} second${Math.ceil(seconds) === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `in ${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/** Seconds to wait before trying again: the Retry-After header, else the error's own details. */
function retryAfterOf(meta: Record<string, unknown> | undefined, details: unknown): number {
  const response = meta?.['response'];
  const header = response instanceof Response ? Number(response.headers.get('Retry-After')) : NaN;
  if (Number.isFinite(header) && header > 0) return header;
  const fromDetails = (details as { retryAfterSeconds?: unknown } | undefined)?.retryAfterSeconds;
  return typeof fromDetails === 'number' ? fromDetails : NaN;
}

/** A fetch that never reached the server rejects with a TypeError ('Failed to fetch', 'Load failed'). */
const isNetworkFailure = (err: unknown) => err instanceof TypeError || (err instanceof Error && err.name === 'AbortError');

export function failureOf(err: unknown): Failure {
  if (isTrpcError(err) && err.data) {
    const status = err.data.httpStatus ?? null;
    const details = err.data.details;
    const fieldErrors = (details as { fieldErrors?: Record<string, string[]> } | undefined)?.fieldErrors ?? {};
    let message = err.message;
    // 429 and 503 both say when to come back.
    if (err.data.code === 'TOO_MANY_REQUESTS' || err.data.code === 'SERVICE_UNAVAILABLE') {
      const wait = waitText(retryAfterOf(err.meta, details));
      if (wait) message += ` You can try again ${wait}.`;
    }
    return { kind: 'server', status, message, fieldErrors, details };
  }
  const cause = isTrpcError(err) ? err.cause : err;
  if (isNetworkFailure(cause)) {
    return { kind: 'network', status: null, message: cause instanceof Error ? cause.message : String(cause), fieldErrors: {}, details: undefined };
  }
  const message = err instanceof Error && err.message ? err.message : 'An unexpected error occurred';
  return { kind: 'unexpected', status: null, message, fieldErrors: {}, details: undefined };
}

/** Puts the server's field messages on a form's fields, the first one focused if `focus`; answers how many it placed. */
export function showServerFieldErrors<F extends string>(
  fieldErrors: Failure['fieldErrors'],
  fields: readonly F[],
  setError: (field: F, error: { type: 'server'; message: string }, options: { shouldFocus: boolean }) => void,
  focus = true,
): number {
  const found = fields.flatMap((f) => (fieldErrors[f]?.[0] ? [[f, fieldErrors[f][0]] as const] : []));
  found.forEach(([f, message], i) => setError(f, { type: 'server', message }, { shouldFocus: focus && i === 0 }));
  return found.length;
}

/** A 403 of the owner's rule (docs/product.md#second-factor-for-staff): this staff account must set up a second factor first. */
export function needsSecondFactor(err: unknown): boolean {
  return isTrpcError(err) && (err.data?.details as { code?: unknown } | undefined)?.code === 'second_factor_required';
}
