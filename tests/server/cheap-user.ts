// An account whose stored hash has a cheaper scrypt cost (N = 1024). The stored string carries its own parameters
// (src-server/platform/auth/password.ts), and the throttle does not depend on them, so tests that need many failed sign-ins
// do not spend a full-cost hash on each on a shared machine.
import { randomBytes, scryptSync } from 'node:crypto';
import { users } from '../../src-server/platform/db/schema/index';
import type { Harness } from './harness';

/** Adds a plain user `username` with `password`; answers its id. */
export async function addCheapUser(h: Pick<Harness, 'deps' | 'clock'>, username: string, password: string): Promise<number> {
  const salt = randomBytes(16);
  const key = scryptSync(password.normalize('NFKC'), salt, 32, { N: 1024, r: 8, p: 1 });
  const now = h.clock.now();
  // In the app's write queue, as the harness's addUser writes (tests/server/harness.ts says why).
  const [row] = await h.deps.write((tx) =>
    tx
      .insert(users)
      .values({
        username,
        email: `${username}@example.test`,
        passwordHash: ['scrypt', 1024, 8, 1, salt.toString('base64'), key.toString('base64')].join('$'),
        isAdmin: false,
        isOwner: false,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: users.id }),
  );
  return row!.id;
}
