// The console's changes, and what each makes out of date (docs/product.md#admin-console): nothing more, so nothing
// else refetches. Every change is audited, so the log is always among them; the statistics only when a count can move.
import { useMutation } from '@tanstack/react-query';
import { trpc, trpcClient, type RouterInputs } from '../../lib/trpc';
import type { QueueStatusOf } from '@server/contract/queues';
import type { ConsoleQueue } from './queue-kinds';

type Admin = RouterInputs['admin'];

const stale = {
  users: () => trpc.admin.users.list.invalidate(),
  /** The lists and one user's policies (the impersonation view). */
  policies: () => trpc.admin.policies.invalidate(),
  policyList: () => trpc.admin.policies.list.invalidate(),
  logs: () => trpc.admin.logs.list.invalidate(),
  stats: () => trpc.admin.stats.invalidate(),
  /** A queue's rows and one opened request (a note changes nothing any list shows: `request` alone). */
  queue: (kind: ConsoleQueue, id: number) => Promise.all([trpc.admin[kind].list.invalidate(), stale.request(kind, id)]),
  request: (kind: ConsoleQueue, id: number) => trpc.admin[kind].get.invalidate({ id }),
  /** The overview's new and overdue counts (a status change can move them). */
  queueCounts: () => trpc.admin.queueCounts.invalidate(),
  /** The quote queue's decision figures: issuing a policy or a payment can make a request bought. */
  decisionCounts: () => trpc.admin.decisionCounts.invalidate(),
  rates: () => trpc.admin.rates.list.invalidate(),
};

/** A change whose success marks `after(answer, input)` stale; the screen does not wait for the refetches. */
function useChange<I, O>(mutationFn: (input: I) => Promise<O>, after: (answer: O, input: I) => Promise<unknown>[]) {
  return useMutation({ mutationFn, onSuccess: (answer: O, input: I) => void Promise.all(after(answer, input)) });
}

export const useCreateUser = () =>
  useChange((input: Admin['users']['create']) => trpcClient.admin.users.create.mutate(input), () => [stale.users(), stale.stats(), stale.logs()]);

// The policies list shows each policy's username, which an edit may change.
export const useUpdateUser = () =>
  useChange((input: Admin['users']['update']) => trpcClient.admin.users.update.mutate(input), () => [stale.users(), stale.policies(), stale.logs()]);

// An account holding policies is closed instead; either way its row and the policy list's names may change.
export const useDeleteUser = () =>
  useChange((input: Admin['users']['delete']) => trpcClient.admin.users.delete.mutate(input), () => [stale.users(), stale.policies(), stale.stats(), stale.logs()]);

export const useCreatePolicy = () =>
  useChange((input: Admin['policies']['create']) => trpcClient.admin.policies.create.mutate(input), () => [stale.policies(), stale.stats(), stale.logs()]);

// A changed status moves the Active Policies count.
export const useUpdatePolicy = () =>
  useChange((input: Admin['policies']['update']) => trpcClient.admin.policies.update.mutate(input), () => [stale.policies(), stale.stats(), stale.logs()]);

export const useDeletePolicy = () =>
  useChange((input: Admin['policies']['delete']) => trpcClient.admin.policies.delete.mutate(input), () => [stale.policies(), stale.stats(), stale.logs()]);

/** A cancellation or voiding moves a status (the Active Policies count) and adds a version (docs/product.md#cancelling-and-voiding). */
export const useCancelPolicy = () =>
  useChange((input: Admin['policies']['cancel']) => trpcClient.admin.policies.cancel.mutate(input), () => [stale.policies(), stale.stats(), stale.logs()]);

export const useVoidPolicy = () =>
  useChange((input: Admin['policies']['void']) => trpcClient.admin.policies.void.mutate(input), () => [stale.policies(), stale.stats(), stale.logs()]);

/** A new rate version: the list shows it (and the one it replaces as past), the log its entry. */
export const useCreateRateVersion = () =>
  useChange((input: Admin['rates']['create']) => trpcClient.admin.rates.create.mutate(input), () => [stale.rates(), stale.logs()]);

/** The documents or the invitation sent again: only the log shows it. */
export const useResendToCustomer = () => useChange((input: Admin['policies']['resend']) => trpcClient.admin.policies.resend.mutate(input), () => [stale.logs()]);

/** A change to a request or claim of queue K: its status (one of that queue's), its assignee, or both. */
export interface QueueItemUpdate<K extends ConsoleQueue> {
  id: number;
  status?: QueueStatusOf<K>;
  assigneeId?: number | null;
}

/** Each queue's own change and note: a claim's statuses are not a request's. */
const queueUpdates: { [K in ConsoleQueue]: (input: QueueItemUpdate<K>) => Promise<unknown> } = {
  quotes: (input) => trpcClient.admin.quotes.update.mutate(input),
  callbacks: (input) => trpcClient.admin.callbacks.update.mutate(input),
  claims: (input) => trpcClient.admin.claims.update.mutate(input),
};

/**
 * A request's or claim's status and assignee, either or both (docs/product.md#staff-queues). A claim closed or
 * reopened moves the Pending Claims count.
 */
export const useUpdateRequest = <K extends ConsoleQueue>(kind: K) =>
  useChange(
    (input: QueueItemUpdate<K>) => queueUpdates[kind](input),
    (_answer, input) => [stale.queue(kind, input.id), stale.queueCounts(), stale.logs(), ...(kind === 'claims' ? [stale.stats()] : [])],
  );

/** A staff note on a request or claim. */
export const useAddRequestNote = (kind: ConsoleQueue) =>
  useChange(
    (input: Admin[ConsoleQueue]['addNote']) => trpcClient.admin[kind].addNote.mutate(input),
    (_answer, input) => [stale.request(kind, Number(input.id)), stale.logs()],
  );

/** A quote request's price (docs/product.md#from-quote-to-cover): its status and offer move. */
export const useSendOffer = () =>
  useChange((input: Admin['quotes']['offer']) => trpcClient.admin.quotes.offer.mutate(input), (view) => [stale.queue('quotes', view.id), stale.queueCounts(), stale.logs()]);

/** Also a policy and perhaps an account: their lists and the statistics that count them. */
export const useIssuePolicy = () =>
  useChange(
    (input: Admin['quotes']['issuePolicy']) => trpcClient.admin.quotes.issuePolicy.mutate(input),
    (_issued, input) => [stale.queue('quotes', Number(input.id)), stale.queueCounts(), stale.decisionCounts(), stale.policyList(), stale.users(), stale.stats(), stale.logs()],
  );

/** An acceptance given by phone (docs/product.md#accepting-a-quote): the request's offer moves. */
export const useRecordAcceptance = () =>
  useChange((input: Admin['quotes']['recordAcceptance']) => trpcClient.admin.quotes.recordAcceptance.mutate(input), (view) => [stale.queue('quotes', view.id), stale.logs()]);

/** A payment (docs/product.md#payments): its policy's payments, and when it made the policy active, the lists and counts. */
export const useRecordPayment = () =>
  useChange(
    (input: Admin['policies']['recordPayment']) => trpcClient.admin.policies.recordPayment.mutate(input),
    // A payment makes the request a policy came from bought (the quote queue's decision figures).
    (answer) =>
      answer.activated
        ? [stale.policies(), stale.stats(), stale.decisionCounts(), stale.logs()]
        : [trpc.admin.policies.payments.invalidate({ id: answer.policy.id }), stale.decisionCounts(), stale.logs()],
  );

/** After the CSV report was fetched: the server logged it. */
export const reportGenerated = () => void stale.logs();

/** Try again on a banner: everything the console shows is read again (only what is on screen is fetched). */
export const reloadConsole = () => trpc.admin.invalidate();
