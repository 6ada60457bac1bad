// What a person typed at sign-in is quoted safely in the audit log (docs/product.md#audit-log): control
// characters, bidi overrides and other invisible characters escaped, the length capped.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { safeLogText, SAFE_LOG_TEXT_MAX } from '../../src-server/platform/audit/safe-text';
import { createHarness, type Harness } from './harness';
import { auditEntriesLike } from './quote-flow';

describe('safeLogText', () => {
  it('keeps ordinary text, accents and emoji as they are', () => {
    for (const text of ['carol', 'carol.jones@example.test', 'Zoë Ångström', 'Ťest_ü-1', '🚗 driver']) expect(safeLogText(text)).toBe(text);
  });

  it('escapes line breaks, other control characters, bidi controls, invisible characters and lone surrogates', () => {
    expect(safeLogText('eve\nLogin succeeded')).toBe('eve\\u000aLogin succeeded');
    expect(safeLogText('a\r\tb\u0000c\u007fd\u0085e')).toBe('a\\u000d\\u0009b\\u0000c\\u007fd\\u0085e');
    expect(safeLogText('admin\u202Egpj.exe')).toBe('admin\\u202egpj.exe');
    expect(safeLogText('\u2066x\u2069\u200B\u200E\uFEFF')).toBe('\\u2066x\\u2069\\u200b\\u200e\\ufeff');
    expect(safeLogText('line\u2028para\u2029')).toBe('line\\u2028para\\u2029');
    expect(safeLogText('half\uD83D')).toBe('half\\ud83d');
  });

  it('escapes a backslash, so a typed "\\u000a" cannot pass for an escaped line break', () => {
    expect(safeLogText('a\\u000ab')).toBe('a\\\\u000ab');
    expect(safeLogText('a\nb')).not.toBe(safeLogText('a\\u000ab'));
  });

  it(`cuts at ${SAFE_LOG_TEXT_MAX} characters with '…', never inside an escape or a surrogate pair`, () => {
    expect(safeLogText('x'.repeat(SAFE_LOG_TEXT_MAX))).toBe('x'.repeat(SAFE_LOG_TEXT_MAX));
    expect(safeLogText('x'.repeat(SAFE_LOG_TEXT_MAX + 1))).toBe(`${'x'.repeat(SAFE_LOG_TEXT_MAX - 1)}…`);
    expect(safeLogText('x'.repeat(10_000))).toHaveLength(SAFE_LOG_TEXT_MAX);
    const escapes = safeLogText('\n'.repeat(100));
    expect(escapes).toBe(`${'\\u000a'.repeat(10)}…`);
    expect([...safeLogText('🚗'.repeat(100))]).toHaveLength(SAFE_LOG_TEXT_MAX);
    expect(safeLogText('abcdef\n', 8)).toBe('abcdef…');
    expect(safeLogText('abcdefgh', 8)).toBe('abcdefgh');
  });
});

describe('the sign-in audit entries', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness();
  });
  afterAll(() => h.close());

  const entriesAbout = (like: string) => auditEntriesLike(h, like);

  it('quote a typed username with its line break escaped, in the entry and its username', async () => {
    expect((await h.request('POST', '/api/login', { body: { username: 'mallory\nLogin succeeded', password: 'wrong-password' }, headers: { 'x-forwarded-for': '192.0.2.10' } })).status).toBe(401);
    expect(await entriesAbout('Login failed for mallory%')).toEqual([
      { action: 'Login failed for mallory\\u000aLogin succeeded', username: 'mallory\\u000aLogin succeeded' },
    ]);
  });

  it('escape bidi overrides and cap a long name, through tRPC too', async () => {
    await expect(h.trpc(undefined, '192.0.2.11').account.login({ username: `bidi\u202E${'y'.repeat(200)}`, password: 'wrong-password' })).rejects.toThrow();
    const [entry] = await entriesAbout('Login failed for bidi%');
    expect(entry!.action).toBe(`Login failed for ${safeLogText(`bidi\u202E${'y'.repeat(200)}`)}`);
    expect(entry!.action).not.toMatch(/[\u202E\n]/);
    expect(entry!.username).toHaveLength(SAFE_LOG_TEXT_MAX);
    expect(entry!.username!.endsWith('…')).toBe(true);
  });

  it('quote a throttled username safely too', async () => {
    const address = '192.0.2.12';
    for (let i = 0; i < 25; i++) await h.request('POST', '/api/login', { body: { username: `tab\tname${i % 2}`, password: 'wrong-password' }, headers: { 'x-forwarded-for': address } });
    // Refusals are counted in memory and written in a batch (audit/refusal-log.ts).
    await h.deps.refusals.log.flush();
    const throttled = await entriesAbout('Login throttled for tab%');
    expect(throttled.length).toBeGreaterThan(0);
    for (const entry of throttled) {
      expect(entry.action).toMatch(/^Login throttled for tab\\u0009name[01]$/);
      expect(entry.username).toMatch(/^tab\\u0009name[01]$/);
    }
  });
});
