// The session, read and written here only (docs/product.md#sessions). An expired token counts as signed out and is
// cleared on the next read.
import { useSyncExternalStore } from 'react';
import { hasAdminRights } from '@server/contract/roles';
import { purgePersonalData, signedInUserFrom } from './personal-cache';
import { SESSION_KEYS as KEYS } from './stored-state';

interface SessionUser {
  id: number;
  username: string;
  isAdmin: boolean;
  isOwner: boolean;
}

export interface Session {
  token: string;
  user: SessionUser;
  isAdmin: boolean;
  /** epoch ms */
  expiresAt: number;
}

const CHANGE_EVENT = 'kerbside:session';

export class TokenDecodeError extends Error {}

/** docs/product.md#sessions: isAdmin is coerced to boolean from true, 'true' or 1. */
const toFlag = (v: unknown): boolean => v === true || v === 'true' || v === 1;

/** Reads the claims a token carries (no verification: the server does that on every call). */
function decodeToken(token: string): SessionUser & { exp: number } {
  try {
    const payload = token.split('.')[1];
    if (!payload) throw new Error('no payload');
    const bytes = Uint8Array.from(atob(payload.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
    const claims = JSON.parse(new TextDecoder().decode(bytes)) as Record<string, unknown>;
    const id = Number(claims['sub']);
    const exp = Number(claims['exp']);
    if (!Number.isFinite(id) || !Number.isFinite(exp) || typeof claims['username'] !== 'string') throw new Error('claims');
    const isOwner = toFlag(claims['isOwner']);
    return { id, username: claims['username'], isAdmin: hasAdminRights({ isAdmin: toFlag(claims['isAdmin']), isOwner }), isOwner, exp };
  } catch {
    throw new TokenDecodeError('Token not decodable');
  }
}

function stores(): Storage[] {
  return typeof window === 'undefined' ? [] : [window.localStorage, window.sessionStorage];
}

function notify(): void {
  cached = undefined;
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

/** Saves a fresh sign-in. Throws TokenDecodeError when the token cannot be read. */
export function saveSession(token: string, remember: boolean): Session {
  const claims = decodeToken(token);
  const { exp, ...user } = claims;
  clearSession({ silent: true });
  const store = remember ? window.localStorage : window.sessionStorage;
  store.setItem(KEYS.token, token);
  store.setItem(KEYS.user, JSON.stringify(user));
  store.setItem(KEYS.isAdmin, String(user.isAdmin));
  notify();
  return { token, user, isAdmin: user.isAdmin, expiresAt: exp * 1000 };
}

/** Logout, expiry and every new sign-in: the session goes, and every offline copy of personal data. */
export function clearSession(opts: { silent?: boolean } = {}): void {
  for (const s of stores()) for (const k of Object.values(KEYS)) s.removeItem(k);
  void purgePersonalData();
  if (!opts.silent) notify();
}

/**
 * The same session under a new token (a password change gives this device one: docs/product.md#account), kept
 * where the old one was. Throws TokenDecodeError when the token cannot be read.
 */
export function renewSession(token: string): void {
  decodeToken(token);
  const store = window.localStorage.getItem(KEYS.token) ? window.localStorage : window.sessionStorage;
  store.setItem(KEYS.token, token);
  notify();
}

let cached: Session | null | undefined;

export function readSession(now = Date.now()): Session | null {
  if (cached !== undefined && (cached === null || cached.expiresAt > now)) return cached;
  cached = null;
  for (const s of stores()) {
    const token = s.getItem(KEYS.token);
    if (!token) continue;
    try {
      const { exp, ...user } = decodeToken(token);
      if (exp * 1000 <= now) {
        clearSession({ silent: true });
        return (cached = null);
      }
      cached = { token, user, isAdmin: user.isAdmin, expiresAt: exp * 1000 };
    } catch {
      clearSession({ silent: true });
      cached = null;
    }
    break;
  }
  return cached;
}

export function getImpersonateUserId(): number | null {
  for (const s of stores()) {
    const v = s.getItem(KEYS.impersonate);
    if (v !== null && /^\d+$/.test(v)) return Number(v);
  }
  return null;
}

export function setImpersonateUserId(id: number | null): void {
  const session = readSession();
  const store = session && window.localStorage.getItem(KEYS.token) ? window.localStorage : window.sessionStorage;
  for (const s of stores()) s.removeItem(KEYS.impersonate);
  if (id !== null) store.setItem(KEYS.impersonate, String(id));
  notify();
}

function subscribe(onChange: () => void): () => void {
  const onStorage = (e: StorageEvent) => {
    // Another tab signed in or out.
    if (e.key === null || Object.values<string>(KEYS).includes(e.key)) {
      cached = undefined;
      onChange();
    }
  };
  window.addEventListener(CHANGE_EVENT, onChange);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(CHANGE_EVENT, onChange);
    window.removeEventListener('storage', onStorage);
  };
}

// The offline copies are kept and read only for the person signed in now (docs/product.md#offline).
signedInUserFrom(() => readSession()?.user.id);

/** Calls `listener` when the person signed in changes (not only the impersonation id); answers the unsubscribe. */
export function onSessionChange(listener: () => void): () => void {
  if (typeof window === 'undefined') return () => undefined;
  let token = readSession()?.token ?? null;
  return subscribe(() => {
    const now = readSession()?.token ?? null;
    if (now === token) return;
    token = now;
    listener();
  });
}

/** The current session for a component; re-renders on sign-in, sign-out and changes in other tabs. */
export function useSession(): Session | null {
  return useSyncExternalStore(subscribe, () => readSession(), () => null);
}
