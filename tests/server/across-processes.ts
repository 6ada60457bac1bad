// Checks shared by the tests of several real server processes behind one round-robin proxy, whatever holds their
// database (tests/server/two-processes.test.ts: one file; tests/server/sqld-replica.test.ts: a sqld primary and
// its replica).
import { expect } from 'vitest';
import { send, type Answer } from '../process/round-robin';

/**
 * Failed sign-ins of the account `username` counted across every process: five wrong passwords from one address,
 * then the right one refused (429, Retry-After) by each process in turn, while another address still signs in.
 */
export async function expectSignInThrottleAcross(proxyPort: number, names: readonly string[], username: string, password: string): Promise<void> {
  const login = (pw: string, from: string) => send(proxyPort, 'POST', '/api/login', { body: { username, password: pw }, from });
  const failures: Answer[] = [];
  for (let i = 0; i < 5; i++) failures.push(await login('wrong-password', '127.0.0.3'));
  expect(failures.map((a) => a.status)).toEqual([401, 401, 401, 401, 401]);
  expect(new Set(failures.map((a) => a.upstream))).toEqual(new Set(names));

  // Past the limit the right password is refused too (docs/api.md#rate-limits), whichever process answers.
  const refused = [await login(password, '127.0.0.3'), await login(password, '127.0.0.3')];
  expect(refused.map((a) => a.status)).toEqual([429, 429]);
  expect(new Set(refused.map((a) => a.upstream))).toEqual(new Set(names));
  for (const a of refused) expect(Number(a.headers['retry-after'])).toBeGreaterThan(0);

  // The proxy forwards each client's own address, so the pair counter is another client's own.
  const elsewhere = [await login(password, '127.0.0.4'), await login(password, '127.0.0.4')];
  expect(elsewhere.map((a) => a.status)).toEqual([200, 200]);
  expect(new Set(elsewhere.map((a) => a.upstream))).toEqual(new Set(names));
}
