// The admin search figures of one source tree, for tests/bench/devices.ts (which copies this file into each tree it
// compares): that tree's own tests/bench/admin-search.ts at one size (BENCH_ADMIN_SIZE) on the seed kept in
// BENCH_SEED_DIR, the grown copy only with BENCH_GROW set. Prints one line: RESULT and the size's figures as JSON.
import { benchAdminSearch } from '../admin-search';

const size = Number(process.env.BENCH_ADMIN_SIZE ?? 1_000_000);
const result = await benchAdminSearch((line) => console.error(line), { sizes: [size], grown: process.env.BENCH_GROW !== undefined });
console.log(`RESULT ${JSON.stringify(result.sizes[0])}`);
process.exit(0);
