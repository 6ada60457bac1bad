// UK time formatting made ready while the app downloads (src-client/boot/early-intl.ts,
// docs/performance.md#the-dashboards-first-load): it formats in the UK's zone, and a browser that cannot never
// stops the start-up script.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { warmUkTimeFormatting } from '../../src-client/boot/early-intl';
import { UK_TIME_ZONE } from '@server/contract/time';

afterEach(() => vi.restoreAllMocks());

describe('warmUkTimeFormatting', () => {
  it('makes and uses two formatters in the UK time zone', () => {
    const real = Intl.DateTimeFormat;
    const zones: (string | undefined)[] = [];
    const formatted: string[] = [];
    vi.spyOn(Intl, 'DateTimeFormat').mockImplementation(function (locale, options) {
      const formatter = new real(locale, options);
      zones.push(formatter.resolvedOptions().timeZone);
      const format = (date?: number | Date) => {
        const text = formatter.format(date);
        formatted.push(text);
        return text;
      };
      return { format } as Intl.DateTimeFormat;
    });
    warmUkTimeFormatting();
    expect(zones).toEqual([UK_TIME_ZONE, UK_TIME_ZONE]);
    expect(formatted).toHaveLength(2);
  });

  it('makes the offset formatter exactly as the time-zone library does, so the library finds its data loaded', async () => {
    const made: string[] = [];
    const real = Intl.DateTimeFormat;
    vi.spyOn(Intl, 'DateTimeFormat').mockImplementation(function (locale, options) {
      made.push(JSON.stringify([locale, options]));
      return new real(locale, options);
    });
    // A fresh copy of the library, so it makes its formatter now rather than reusing one from another test.
    vi.resetModules();
    const { tzOffset } = await import('@date-fns/tz');
    tzOffset(UK_TIME_ZONE, new Date(Date.UTC(2026, 6, 1)));
    const libraryMade = [...made];
    made.length = 0;
    warmUkTimeFormatting();
    expect(libraryMade).toHaveLength(1);
    expect(made).toContain(libraryMade[0]);
  });

  it('does not throw where the time zone is unknown', () => {
    vi.spyOn(Intl, 'DateTimeFormat').mockImplementation(function () {
      throw new RangeError('Invalid time zone specified: Europe/London');
    });
    expect(() => warmUkTimeFormatting()).not.toThrow();
  });
});
