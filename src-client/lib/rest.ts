// The two answers tRPC cannot carry, files: the certificate PDF and the CSV report (docs/api.md). Plain
// fetches of the REST routes with the session's bearer token; a 401 ends the session as tRPC calls do.
import { clearSession, readSession } from './session';

export async function fetchFile(path: string, opts: { signal?: AbortSignal } = {}): Promise<Response> {
  const session = readSession();
  const res = await fetch(`/api${path}`, {
    headers: session ? { Authorization: `Bearer ${session.token}` } : {},
    credentials: 'same-origin',
    ...(opts.signal ? { signal: opts.signal } : {}),
  });
  if (res.status === 401 && session && readSession()?.token === session.token) clearSession();
  return res;
}

/** The `error` text of a refused file request (its body is JSON then), or null. */
export async function errorTextOf(res: Response): Promise<string | null> {
  try {
    const body = (await res.json()) as { error?: unknown };
    return typeof body.error === 'string' ? body.error : null;
  } catch {
    return null;
  }
}
