// The calls tRPC does not make: the files (the certificate PDF, the CSV report) and the claim report the outbox sends
// (docs/api.md). Plain
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

/** Hands a file answer to the browser's download, under the name the server gives it (Content-Disposition), else `fallback`. */
export async function saveFile(res: Response, fallback: string): Promise<void> {
  const url = URL.createObjectURL(await res.blob());
  try {
    const a = document.createElement('a');
    a.href = url;
    a.download = /filename="?([^";]+)"?/i.exec(res.headers.get('Content-Disposition') ?? '')?.[1] ?? fallback;
    document.body.append(a);
    a.click();
    a.remove();
  } finally {
    // After the click has been handled: revoking at once can cancel the download in some browsers.
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }
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

/**
 * A JSON POST to a REST route with the session's bearer token, answering the status and the parsed body (null when
 * it is not JSON). Rejects (TypeError) only when the request never reached the server. A 401 ends the session.
 */
export async function postJson(path: string, body: unknown): Promise<{ status: number; body: unknown }> {
  const session = readSession();
  const res = await fetch(`/api${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(session ? { Authorization: `Bearer ${session.token}` } : {}) },
    credentials: 'same-origin',
    body: JSON.stringify(body),
  });
  if (res.status === 401 && session && readSession()?.token === session.token) clearSession();
  let parsed: unknown = null;
  try {
    parsed = await res.json();
  } catch {
    // Not JSON (a proxy's error page): the status says enough.
  }
  return { status: res.status, body: parsed };
}
