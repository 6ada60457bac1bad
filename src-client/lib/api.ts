// Calls to the REST API (SPEC.md §7): base /api, credentials sent, bearer token when signed in.
// A 401 on a signed-in call means the session is over (expired, revoked or the account changed).
import { clearSession, readSession } from './session';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: { error?: string; message?: string; details?: unknown } = {},
  ) {
    super(message);
  }
  /** Field messages from a 400 (`details.fieldErrors`), if any. */
  get fieldErrors(): Record<string, string[]> {
    const d = this.body.details as { fieldErrors?: Record<string, string[]> } | undefined;
    return d?.fieldErrors ?? {};
  }

  /** The first message for each of `fields` that has one, in the order given. */
  messagesFor<F extends string>(fields: readonly F[]): Array<[F, string]> {
    const fieldErrors = this.fieldErrors;
    return fields.flatMap((f) => (fieldErrors[f]?.[0] ? [[f, fieldErrors[f][0]] as [F, string]] : []));
  }
}

/**
 * Puts the server's field messages on a form's fields, the first one focused (react-hook-form's setError);
 * answers how many it placed.
 */
export function showServerFieldErrors<F extends string>(
  err: ApiError,
  fields: readonly F[],
  setError: (field: F, error: { type: 'server'; message: string }, options: { shouldFocus: boolean }) => void,
): number {
  const found = err.messagesFor(fields);
  found.forEach(([f, message], i) => setError(f, { type: 'server', message }, { shouldFocus: i === 0 }));
  return found.length;
}

export interface ApiOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /** Send no token even when signed in (public forms). */
  anonymous?: boolean;
}

export async function apiFetch(path: string, opts: ApiOptions = {}): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const session = opts.anonymous ? null : readSession();
  if (session) headers['Authorization'] = `Bearer ${session.token}`;
  if (opts.body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await fetch(`/api${path}`, {
    method: opts.method ?? 'GET',
    headers,
    credentials: 'include',
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    signal: opts.signal,
  });
  if (res.status === 401 && session) clearSession();
  return res;
}

/** JSON answer of a call, or an ApiError carrying the server's `error` / `message`. */
export async function apiJson<T>(path: string, opts: ApiOptions = {}): Promise<T> {
  const res = await apiFetch(path, opts);
  const text = await res.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  if (!res.ok) {
    const b = (body ?? {}) as { error?: string; message?: string; details?: unknown };
    throw new ApiError(res.status, b.error ?? b.message ?? `Request failed (${res.status})`, b);
  }
  return body as T;
}
