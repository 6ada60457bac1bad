// Route guards (DECISIONS.md): /dashboard needs a session; /admin needs an admin (a signed-out visitor
// goes to /login, a customer to /dashboard). The server enforces the same on every call.
import { redirect } from '@tanstack/react-router';
import { readSession, type Session } from './session';

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
