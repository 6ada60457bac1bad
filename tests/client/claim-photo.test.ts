// The phone shrinks each claim photo to CLAIM_PHOTO_LONGEST_SIDE on its longest side (src-client/features/policies/photo.ts).
import { describe, expect, it } from 'vitest';
import { CLAIM_PHOTO_LONGEST_SIDE } from '@server/contract/claim';
import { shrunkSize } from '../../src-client/features/policies/photo';

describe('shrunkSize', () => {
  it('brings a landscape camera photo down to 1600 px wide, keeping its shape', () => {
    expect(CLAIM_PHOTO_LONGEST_SIDE).toBe(1600);
    expect(shrunkSize(4032, 3024)).toEqual({ width: 1600, height: 1200 });
  });

  it('brings a portrait photo down to 1600 px tall', () => {
    expect(shrunkSize(3024, 4032)).toEqual({ width: 1200, height: 1600 });
  });

  it('never makes a small photo bigger', () => {
    expect(shrunkSize(800, 600)).toEqual({ width: 800, height: 600 });
    expect(shrunkSize(1600, 1600)).toEqual({ width: 1600, height: 1600 });
  });

  it('rounds to whole pixels and keeps a very thin picture at least 1 px', () => {
    expect(shrunkSize(4000, 3001)).toEqual({ width: 1600, height: 1200 });
    expect(shrunkSize(100_000, 10)).toEqual({ width: 1600, height: 1 });
  });

  it('refuses a picture with no size', () => {
    expect(() => shrunkSize(0, 100)).toThrow(RangeError);
    expect(() => shrunkSize(Number.NaN, 100)).toThrow(RangeError);
  });
});
