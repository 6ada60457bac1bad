import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { epochToUkLocal, isCalendarDate, normaliseTime, toTwelveHour, ukLocalToEpoch } from '../../src-server/contract/time';
import { EnvError, parseEnv } from '../../src-server/env';
import { loadJwtSecret } from '../../src-server/platform/secret';

describe('environment', () => {
  it('has working defaults', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({ PORT: 3000, DATABASE_URL: 'file:./data/kerbside.db', LOG_LEVEL: 'info', TRUST_PROXY: false, OWNER_USERNAME: 'owner' });
    expect(env.JWT_SECRET).toBeUndefined();
    expect(env.SMTP_URL).toBeUndefined();
    expect(env.STRIPE_SECRET_KEY).toBeUndefined();
  });

  it('takes the card provider as a key and a webhook secret together, and another API origin', () => {
    const env = parseEnv({ STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc', STRIPE_API_URL: 'http://127.0.0.1:4412' });
    expect(env).toMatchObject({ STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc', STRIPE_API_URL: 'http://127.0.0.1:4412' });
  });

  it.each([
    [{ PORT: 'eighty' }, /^Invalid environment: PORT /],
    [{ PORT: '70000' }, /^Invalid environment: PORT /],
    [{ DATABASE_URL: 'postgres://x' }, /^Invalid environment: DATABASE_URL must start with file:/],
    [{ JWT_SECRET: 'short' }, /^Invalid environment: JWT_SECRET must be at least 32 characters$/],
    [{ OWNER_PASSWORD: 'short' }, /^Invalid environment: OWNER_PASSWORD /],
    [{ OWNER_EMAIL: 'nope' }, /^Invalid environment: OWNER_EMAIL /],
    [{ SMTP_URL: 'http://mail' }, /^Invalid environment: SMTP_URL /],
    [{ LOG_LEVEL: 'loud' }, /^Invalid environment: LOG_LEVEL /],
    // Card payments online (docs/operations.md#card-payments): the key and the webhook's secret together, or neither.
    [{ STRIPE_SECRET_KEY: 'sk_test_abc' }, /^Invalid environment: STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET must be set together/],
    [{ STRIPE_WEBHOOK_SECRET: 'whsec_abc' }, /^Invalid environment: STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET must be set together/],
    [{ STRIPE_SECRET_KEY: 'pk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc' }, /^Invalid environment: STRIPE_SECRET_KEY must be a Stripe secret key/],
    [{ STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_WEBHOOK_SECRET: 'abc' }, /^Invalid environment: STRIPE_WEBHOOK_SECRET must be a webhook signing secret/],
    [{ STRIPE_API_URL: 'http://127.0.0.1:4412/v1' }, /^Invalid environment: STRIPE_API_URL must be an origin/],
  ])('stops on %o with a one-line reason', (source, reason) => {
    expect(() => parseEnv(source)).toThrow(EnvError);
    try {
      parseEnv(source);
    } catch (err) {
      expect((err as Error).message).toMatch(reason);
      expect((err as Error).message).not.toContain('\n');
    }
  });

  it('generates a JWT secret once and keeps it in the data folder', () => {
    const dir = mkdtempSync(join(tmpdir(), 'kerbside-secret-'));
    const first = loadJwtSecret(undefined, dir);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(loadJwtSecret(undefined, dir)).toBe(first);
    expect(readFileSync(join(dir, 'jwt-secret'), 'utf8')).toBe(first);
    expect(statSync(join(dir, 'jwt-secret')).mode & 0o077).toBe(0);
    expect(loadJwtSecret('configured-secret-configured-secret', dir)).toBe('configured-secret-configured-secret');
  });
});

describe('UK time', () => {
  it('reads summer times as BST (UTC+1) and winter times as GMT', () => {
    expect(new Date(ukLocalToEpoch('2026-07-01', '09:00')).toISOString()).toBe('2026-07-01T08:00:00.000Z');
    expect(new Date(ukLocalToEpoch('2026-01-15', '09:00')).toISOString()).toBe('2026-01-15T09:00:00.000Z');
  });

  it('handles the clock changes: the skipped hour moves forward, the repeated hour is the GMT one', () => {
    expect(new Date(ukLocalToEpoch('2026-03-29', '00:59')).toISOString()).toBe('2026-03-29T00:59:00.000Z');
    expect(new Date(ukLocalToEpoch('2026-03-29', '02:00')).toISOString()).toBe('2026-03-29T01:00:00.000Z');
    expect(new Date(ukLocalToEpoch('2026-10-25', '01:30')).toISOString()).toBe('2026-10-25T01:30:00.000Z');
    expect(new Date(ukLocalToEpoch('2026-10-25', '02:00')).toISOString()).toBe('2026-10-25T02:00:00.000Z');
  });

  it('converts back to UK wall-clock time', () => {
    expect(epochToUkLocal(Date.UTC(2026, 6, 1, 23, 30))).toEqual({ date: '2026-07-02', time: '00:30' });
    expect(epochToUkLocal(Date.UTC(2026, 11, 31, 23, 30))).toEqual({ date: '2026-12-31', time: '23:30' });
  });

  it('accepts 24-hour and 12-hour times and refuses others', () => {
    expect(normaliseTime('09:00 AM')).toBe('09:00');
    expect(normaliseTime('11:59 PM')).toBe('23:59');
    expect(normaliseTime('12:00 AM')).toBe('00:00');
    expect(normaliseTime('12:30 pm')).toBe('12:30');
    expect(normaliseTime('23:59')).toBe('23:59');
    for (const bad of ['24:00', '9:00', '13:00 PM', '00:00 AM', '12:60', 'noon', '']) expect(normaliseTime(bad), bad).toBeNull();
    expect(toTwelveHour('00:05')).toBe('12:05 AM');
    expect(toTwelveHour('23:59')).toBe('11:59 PM');
  });

  it('knows real calendar dates', () => {
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(isCalendarDate('2026-02-29')).toBe(false);
    expect(isCalendarDate('2026-04-31')).toBe(false);
    expect(isCalendarDate('2026-13-01')).toBe(false);
    expect(isCalendarDate('26-01-01')).toBe(false);
  });
});
