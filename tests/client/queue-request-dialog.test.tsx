// @vitest-environment jsdom
// An opened request of the staff queues (docs/product.md#staff-queues) with the server's tRPC answers given by the
// test: status and assignee saved together with only what changed sent, under the API's field names; the choices
// following the request as it is read again unless staff changed them; notes checked by the contract's rule before
// anything is sent; and the dialog kept open while a note is still being written.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CallbackRequestDetailView } from '@server/contract/views';

/** Every tRPC helper the component touches, recorded: calls by dotted path. */
const calls = await vi.hoisted(async () => (await import('./recorded-trpc')).newRecordedCalls());
vi.mock('../../src-client/lib/trpc', async () => (await import('./recorded-trpc')).recordedTrpcModule(calls));

const { RequestDialog } = await import('../../src-client/features/admin/request-dialog');

afterEach(() => {
  cleanup();
  calls.list.length = 0;
  calls.answers.clear();
});

const REQUEST: CallbackRequestDetailView = {
  id: 4,
  reference: 'CB-4K2M9QXA',
  status: 'new',
  name: 'Amelia Fletcher',
  email: 'amelia@example.test',
  phone: '07700 900123',
  createdAt: '2026-07-01T11:00:00.000Z',
  updatedAt: '2026-07-01T11:00:00.000Z',
  dueAt: '2099-07-02T11:00:00.000Z',
  assignee: null,
  reasonForContact: 'quotes',
  insuranceType: null,
  callbackDate: null,
  notes: [],
};

/** Opens the request as the server has it in `stored` (read again whenever the test refetches). */
function open(stored: { current: CallbackRequestDetailView }) {
  calls.answers.set('trpc.admin.callbacks.get.queryOptions', (input) => ({ queryKey: ['get', input], queryFn: () => Promise.resolve(stored.current), retry: false }));
  calls.answers.set('trpc.admin.staff.queryOptions', () => ({ queryKey: ['staff'], queryFn: () => Promise.resolve([{ id: 5, username: 'sam' }]), retry: false }));
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={client}>
      <RequestDialog kind="callbacks" id={stored.current.id} reference={stored.current.reference} onClose={onClose} />
    </QueryClientProvider>,
  );
  return { client, onClose, dialog: screen.getByRole('dialog', { name: `Callback request ${stored.current.reference}` }) };
}

const sent = (path: string) => calls.list.filter((c) => c.path === `client.admin.callbacks.${path}.mutate`).map((c) => c.input);

describe('status and assignee', () => {
  it('carry the API field names, close at once with nothing changed, and send only what changed', async () => {
    const { dialog, onClose } = open({ current: REQUEST });
    const status = await within(dialog).findByLabelText('Status');
    const assignee = within(dialog).getByLabelText('Assigned to');
    expect([status.getAttribute('name'), assignee.getAttribute('name'), within(dialog).getByLabelText('Add a note').getAttribute('name')]).toEqual(['status', 'assigneeId', 'text']);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(sent('update')).toEqual([]);

    await within(assignee).findByRole('option', { name: 'sam' });
    await userEvent.selectOptions(assignee, 'sam');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(2));
    expect(sent('update')).toEqual([{ id: 4, assigneeId: 5 }]);
  });

  it('send Nobody as null, and stay open while a note is still being written', async () => {
    const stored: { current: CallbackRequestDetailView } = { current: { ...REQUEST, assignee: { id: 5, username: 'sam' } } };
    const { dialog, onClose, client } = open(stored);
    const assignee = await within(dialog).findByLabelText('Assigned to');
    expect(assignee).toHaveProperty('value', '5');
    await userEvent.type(within(dialog).getByLabelText('Add a note'), 'Rang twice');
    await userEvent.selectOptions(assignee, 'Nobody');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(sent('update')).toEqual([{ id: 4, assigneeId: null }]));
    expect(onClose).not.toHaveBeenCalled();
    expect(assignee).toHaveProperty('value', '');

    // Read again as saved: nothing more to send.
    stored.current = { ...stored.current, assignee: null };
    await client.invalidateQueries();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(sent('update')).toHaveLength(1);
  });

  it('follow the request as it is read again, except a choice staff changed', async () => {
    const stored = { current: REQUEST };
    const { dialog, client } = open(stored);
    const assignee = await within(dialog).findByLabelText('Assigned to');
    await within(assignee).findByRole('option', { name: 'sam' });
    await userEvent.selectOptions(assignee, 'sam');
    stored.current = { ...REQUEST, status: 'quoted' };
    await client.invalidateQueries();
    await waitFor(() => expect(within(dialog).getByLabelText('Status')).toHaveProperty('value', 'quoted'));
    expect(assignee).toHaveProperty('value', '5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(sent('update')).toEqual([{ id: 4, assigneeId: 5 }]));
  });
});

describe('notes', () => {
  it('are checked by the contract before anything is sent, then sent trimmed and the box emptied', async () => {
    const { dialog } = open({ current: REQUEST });
    const box = await within(dialog).findByLabelText('Add a note');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add note' }));
    expect(await within(dialog).findByText('Note is required')).toBeTruthy();
    await userEvent.type(box, 'bell\u0007');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add note' }));
    expect(await within(dialog).findByText('Note must not contain control characters (line breaks are fine)')).toBeTruthy();
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(sent('addNote')).toEqual([]);

    await userEvent.clear(box);
    await userEvent.type(box, '  Called, no answer.{Enter}Try again at 3pm.  ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add note' }));
    await waitFor(() => expect(sent('addNote')).toEqual([{ id: 4, text: 'Called, no answer.\nTry again at 3pm.' }]));
    await waitFor(() => expect(box).toHaveProperty('value', ''));
    expect(within(dialog).queryByText(/Note must not/)).toBeNull();
  });
});
