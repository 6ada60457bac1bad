// The console's changes, and what each makes out of date (docs/product.md#admin-console). Every change is audited,
// so the log is always among them; the statistics only when a count can move.
import { useMutation } from '@tanstack/react-query';
import { trpc, trpcClient, type RouterInputs } from '../../lib/trpc';

type Admin = RouterInputs['admin'];

const stale = {
  users: () => trpc.admin.users.list.invalidate(),
  /** The lists and one user's policies (the impersonation view). */
  policies: () => trpc.admin.policies.invalidate(),
  logs: () => trpc.admin.logs.list.invalidate(),
  stats: () => trpc.admin.stats.invalidate(),
  quotes: (id: number) => Promise.all([trpc.admin.quotes.list.invalidate(), trpc.admin.quotes.get.invalidate({ id })]),
  callbacks: (id: number) => Promise.all([trpc.admin.callbacks.list.invalidate(), trpc.admin.callbacks.get.invalidate({ id })]),
  /** The overview's new and overdue counts (a status change can move them). */
  queueCounts: () => trpc.admin.queueCounts.invalidate(),
  /** One opened request (a note changes nothing any list shows). */
  request: (kind: 'quotes' | 'callbacks', id: number) =>
    kind === 'quotes' ? trpc.admin.quotes.get.invalidate({ id }) : trpc.admin.callbacks.get.invalidate({ id }),
};

/** Runs after a change succeeded; the screen does not wait for the refetches. */
const refresh = (...parts: Promise<unknown>[]) => void Promise.all(parts);

export function useCreateUser() {
  return useMutation({
    mutationFn: (input: Admin['users']['create']) => trpcClient.admin.users.create.mutate(input),
    onSuccess: () => refresh(stale.users(), stale.stats(), stale.logs()),
  });
}

export function useUpdateUser() {
  return useMutation({
    mutationFn: (input: Admin['users']['update']) => trpcClient.admin.users.update.mutate(input),
    // The policies list shows each policy's username, which an edit may change.
    onSuccess: () => refresh(stale.users(), stale.policies(), stale.logs()),
  });
}

export function useDeleteUser() {
  return useMutation({
    mutationFn: (input: Admin['users']['delete']) => trpcClient.admin.users.delete.mutate(input),
    // The account's policies stay, without an owner ('N/A').
    onSuccess: () => refresh(stale.users(), stale.policies(), stale.stats(), stale.logs()),
  });
}

export function useCreatePolicy() {
  return useMutation({
    mutationFn: (input: Admin['policies']['create']) => trpcClient.admin.policies.create.mutate(input),
    onSuccess: () => refresh(stale.policies(), stale.stats(), stale.logs()),
  });
}

export function useUpdatePolicy() {
  return useMutation({
    mutationFn: (input: Admin['policies']['update']) => trpcClient.admin.policies.update.mutate(input),
    // A changed status moves the Active Policies count.
    onSuccess: () => refresh(stale.policies(), stale.stats(), stale.logs()),
  });
}

export function useDeletePolicy() {
  return useMutation({
    mutationFn: (input: Admin['policies']['delete']) => trpcClient.admin.policies.delete.mutate(input),
    onSuccess: () => refresh(stale.policies(), stale.stats(), stale.logs()),
  });
}

/** A request's status and assignee, either or both (docs/product.md#staff-queues). */
export function useUpdateRequest(kind: 'quotes' | 'callbacks') {
  return useMutation({
    mutationFn: async (input: Admin['quotes']['update']) => {
      await (kind === 'quotes' ? trpcClient.admin.quotes.update.mutate(input) : trpcClient.admin.callbacks.update.mutate(input));
    },
    onSuccess: (_answer, input) => refresh(stale[kind](Number(input.id)), stale.queueCounts(), stale.logs()),
  });
}

/** A staff note on a request. */
export function useAddRequestNote(kind: 'quotes' | 'callbacks') {
  return useMutation({
    mutationFn: (input: Admin['quotes']['addNote']) =>
      kind === 'quotes' ? trpcClient.admin.quotes.addNote.mutate(input) : trpcClient.admin.callbacks.addNote.mutate(input),
    onSuccess: (_answer, input) => refresh(stale.request(kind, Number(input.id)), stale.logs()),
  });
}

/** After the CSV report was fetched: the server logged it. */
export const reportGenerated = () => refresh(stale.logs());

/** Try again on a banner: everything the console shows is read again (only what is on screen is fetched). */
export const reloadConsole = () => trpc.admin.invalidate();
