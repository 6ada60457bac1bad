// Types for scripts/sqld.mjs (a plain script, so that `npm run db:server` runs without tsx), which the tests import.
export const SQLD_PACKAGE: string;
export const SQLD_SHA256: string;
export const SQLD_PATH: string;
/** The path of a checked sqld binary, fetched first if needed. Throws with a clear message when it cannot be had. */
export function ensureSqld(): string;
