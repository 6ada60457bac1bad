// Route guards (docs/product.md#routes); the server enforces the same on every call.
import { redirect } from '@tanstack/react-router';
import { readSession, type Session } from './session';

/** Where a signed-in person belongs: staff (admins and owners) in the console, everyone else on their policies. */
export function homePathOf(session: Pick<Session, 'isAdmin'>): '/admin' | '/dashboard' {
  return session.isAdmin ? '/admin' : '/dashboard';
}

export function requireSession(): Session {
  const session = readSession();
  if (!session) throw redirect({ to: '/login' });
  return session;
}

export function requireAdminSession(): Session {
  const session = requireSession();
  if (!session.isAdmin) throw redirect({ to: '/dashboard' });
  return session;
}

/** For /login and /register: a person signed in goes home instead; the redirect replaces the entry, so Back skips it. */
export function redirectSignedIn(): void {
  const session = readSession();
  if (session) throw redirect({ to: homePathOf(session), replace: true });
}
