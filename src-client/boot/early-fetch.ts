// A page's first data, asked for while the app's code is still on its way, saving a round trip after it
// (docs/performance.md#the-dashboards-first-load). React-free and small: it is in every page's start-up script. The
// tRPC client's `fetchWithEarlyAnswers` hands an answer once to a call with the same address and session.
import { SESSION_KEYS, storedValue } from '../lib/stored-state';

/** The dashboard's queries, as its route's loader starts them (routes/dashboard.tsx). */
export const EARLY_DASHBOARD_QUERIES = ['policies.mine', 'quotes.mine'] as const;

/** The pages whose queries are asked for early, and which. */
const EARLY_QUERIES: Readonly<Record<string, readonly string[]>> = {
  '/dashboard': EARLY_DASHBOARD_QUERIES,
};

/** Every query some page asks for early: the app's tRPC client sends each alone, at the address asked (lib/trpc.ts). */
export const EARLY_QUERY_PATHS: ReadonlySet<string> = new Set(Object.values(EARLY_QUERIES).flat());

/** An early answer not taken within this long is dropped: the app asks afresh for anything it needs later. */
export const EARLY_ANSWER_TTL_MS = 15_000;

/** The address tRPC's batch link asks a query without input at (`input` is the batch's inputs, here none). */
export const trpcQueryUrl = (path: string): string => `/trpc/${path}?batch=1&input=${encodeURIComponent('{}')}`;

interface EarlyAnswer {
  url: string;
  authorization: string;
  response: Promise<Response>;
  /** performance.now() when asked. */
  askedAt: number;
  /** The server has answered (or the request failed): the app's call would not wait on the network. */
  settled: boolean;
}

const answers: EarlyAnswer[] = [];

/** Asks for the page's queries now, when someone is signed in (not while impersonating: that list is another's). */
export function fetchPageDataEarly(pathname: string, now = performance.now()): void {
  const queries = EARLY_QUERIES[pathname];
  const token = queries && storedValue(SESSION_KEYS.token);
  if (!queries || !token || storedValue(SESSION_KEYS.impersonate) !== null) return;
  const authorization = `Bearer ${token}`;
  for (const path of queries) {
    const url = trpcQueryUrl(path);
    const answer: EarlyAnswer = { url, authorization, response: fetch(url, { headers: { Authorization: authorization } }), askedAt: now, settled: false };
    // A failure is the app's to see, when its call takes this answer (and then asks the network itself).
    const settle = () => (answer.settled = true);
    answer.response.then(settle, settle);
    answers.push(answer);
  }
}

function findAnswer(url: string, authorization: string | null, now: number): number {
  return answers.findIndex((a) => a.url === url && a.authorization === authorization && now - a.askedAt <= EARLY_ANSWER_TTL_MS);
}

/** The early answer for this call, taken once; undefined when there is none (or it has gone stale). */
export function takeEarlyAnswer(url: string, init: RequestInit | undefined, now = performance.now()): Promise<Response> | undefined {
  const method = (init?.method ?? 'GET').toUpperCase();
  const index = method === 'GET' ? findAnswer(url, new Headers(init?.headers).get('authorization'), now) : -1;
  return index < 0 ? undefined : answers.splice(index, 1)[0]?.response;
}

/** Whether these queries' early answers for this session have all arrived, untaken: a loader may then wait for them. */
export function earlyAnswersInHand(paths: readonly string[], token: string, now = performance.now()): boolean {
  return paths.every((path) => {
    const index = findAnswer(trpcQueryUrl(path), `Bearer ${token}`, now);
    return index >= 0 && answers[index]!.settled;
  });
}

/** `fetch` for the tRPC client: an early answer when one matches, else (or if it failed) the network. */
export function fetchWithEarlyAnswers(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const early = typeof input === 'string' ? takeEarlyAnswer(input, init) : undefined;
  return early ? early.catch(() => fetch(input, init)) : fetch(input, init);
}
