/** Time comes from here so tests can set it; nothing else calls Date.now() for a rule. */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/** A clock tests move by hand. */
export function manualClock(start: number): Clock & { set(ms: number): void; advance(ms: number): void } {
  let t = start;
  return {
    now: () => t,
    set: (ms) => {
      t = ms;
    },
    advance: (ms) => {
      t += ms;
    },
  };
}
