// A stand-in for src-client/lib/trpc.ts in component tests: every tRPC helper a component touches is recorded by its
// dotted path, and answered by the test (`answers`), else with an empty list for query options and undefined otherwise.

export interface RecordedCalls {
  list: { path: string; input: unknown }[];
  answers: Map<string, (input: unknown) => unknown>;
}

export const newRecordedCalls = (): RecordedCalls => ({ list: [], answers: new Map() });

/** The module `vi.mock('../../src-client/lib/trpc', ...)` answers with, recording into `calls`. */
export function recordedTrpcModule(calls: RecordedCalls) {
  const proxy = (path: string[]): unknown =>
    new Proxy(() => undefined, {
      get: (_t, key: string) => proxy([...path, key]),
      apply: (_t, _this, args: unknown[]) => {
        const name = path.join('.');
        calls.list.push({ path: name, input: args[0] });
        const answer = calls.answers.get(name);
        if (answer) return answer(args[0]);
        if (name.endsWith('.queryOptions')) return { queryKey: [name, args[0]], queryFn: () => Promise.resolve([]), ...(args[1] as object) };
        return Promise.resolve(undefined);
      },
    });
  return { trpc: proxy(['trpc']), trpcClient: proxy(['client']), isTrpcError: () => false };
}
