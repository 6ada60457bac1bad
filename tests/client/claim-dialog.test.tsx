// @vitest-environment jsdom
// An opened claim of the Claims queue (docs/product.md#staff-queues) with the server's tRPC answer given by the test and
// its photos answered at the fetch boundary: every answer shown, a map link from the phone's coordinates, thumbnails
// fetched with the bearer token and named 'Photo 2 of 3', the full-size dialog taking focus, stepping by keyboard,
// closing on Escape with focus back on its thumbnail, and every blob: URL revoked once off screen.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClaimDetailView } from '@server/contract/views';
import { clearSession, saveSession } from '../../src-client/lib/session';

/** Every tRPC helper the component touches, recorded: calls by dotted path. */
const calls = await vi.hoisted(async () => (await import('./recorded-trpc')).newRecordedCalls());
vi.mock('../../src-client/lib/trpc', async () => (await import('./recorded-trpc')).recordedTrpcModule(calls));

const { RequestDialog } = await import('../../src-client/features/admin/request-dialog');

const base64url = (value: object) => btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const TOKEN = `${base64url({ alg: 'HS256' })}.${base64url({ sub: '1', username: 'adam', isAdmin: true, isOwner: false, exp: Math.floor(Date.now() / 1000) + 3600 })}.sig`;

const CLAIM: ClaimDetailView = {
  id: 9,
  reference: 'CL-7QK2M9XA',
  status: 'new',
  name: 'Amelia Fletcher',
  email: 'amelia@example.test',
  phone: '07700900123',
  userId: 3,
  policyId: 12,
  policyNumber: 'KC-2026-000123',
  kind: 'accident',
  occurredAt: '2026-07-01T13:05:00.000Z',
  location: 'A38 northbound, near Bromsgrove',
  injuries: true,
  photoCount: 3,
  createdAt: '2026-07-01T13:20:00.000Z',
  updatedAt: '2026-07-01T13:20:00.000Z',
  dueAt: '2099-07-01T14:20:00.000Z',
  assignee: null,
  coordinates: { latitude: 52.33541, longitude: -2.05932, accuracy: 12 },
  description: 'Hit from behind at the lights.\nBoot will not close.',
  otherVehicles: [{ registration: 'WK68 TNX', driverName: 'Sam Driver', contact: null, insurer: 'Acme Insurance' }],
  witnesses: [],
  injuryDetails: 'Passenger with a sore neck',
  policeReference: null,
  photos: [1, 2, 3].map((position) => ({ position, width: 1600, height: 1200, takenAt: position === 1 ? '2026-07-01T13:06:00.000Z' : null })),
  notes: [],
};

/** What the photo fetches asked for, and the blob: URLs made and revoked. */
const fetched: { url: string; authorization: string | null }[] = [];
let made = 0;
const revoked: string[] = [];

beforeEach(() => {
  saveSession(TOKEN, true);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      fetched.push({ url: String(input), authorization: new Headers(init?.headers).get('authorization') });
      return new Response(new Uint8Array([0xff, 0xd8, 0xff, 0xd9]), { status: 200, headers: { 'Content-Type': 'image/jpeg' } });
    }),
  );
  vi.spyOn(URL, 'createObjectURL').mockImplementation(() => `blob:http://localhost/${++made}`);
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation((url: string) => void revoked.push(url));
});

afterEach(() => {
  cleanup();
  clearSession({ silent: true });
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  calls.list.length = 0;
  calls.answers.clear();
  fetched.length = 0;
  revoked.length = 0;
  made = 0;
});

function open(claim: ClaimDetailView = CLAIM) {
  calls.answers.set('trpc.admin.claims.get.queryOptions', (input) => ({ queryKey: ['get', input], queryFn: () => Promise.resolve(claim), retry: false }));
  calls.answers.set('trpc.admin.staff.queryOptions', () => ({ queryKey: ['staff'], queryFn: () => Promise.resolve([{ id: 5, username: 'sam' }]), retry: false }));
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const onClose = vi.fn();
  const view = render(
    <QueryClientProvider client={client}>
      <RequestDialog kind="claims" id={claim.id} reference={claim.reference} onClose={onClose} />
    </QueryClientProvider>,
  );
  return { ...view, onClose, dialog: screen.getByRole('dialog', { name: `Claim ${claim.reference}` }) };
}

describe('an opened claim', () => {
  it('shows every answer, with a map link built from the coordinates', async () => {
    const { dialog } = open();
    const facts = await within(dialog).findByLabelText('The claim');
    const text = facts.textContent ?? '';
    for (const part of ['Received', 'Amelia Fletcher', '07700 900123', 'KC-2026-000123', 'Accident', '1 Jul 2026, 02:05 PM (UK time)', 'A38 northbound', 'Boot will not close.', 'Passenger with a sore neck', 'Registration: WK68 TNX; Driver\'s name: Sam Driver; Insurer: Acme Insurance']) {
      expect(text).toContain(part);
    }
    expect(within(facts).getByText('Yes').tagName).toBe('STRONG');
    const map = within(facts).getByRole('link', { name: /Show on a map/ });
    expect(map.getAttribute('href')).toBe('https://www.openstreetmap.org/?mlat=52.33541&mlon=-2.05932#map=17/52.33541/-2.05932');
    // The status and notes are the other queues' own form and notes, under the API's field names.
    expect(within(dialog).getByLabelText('Status').getAttribute('name')).toBe('status');
    expect(within(within(dialog).getByLabelText('Status')).getByRole('option', { name: 'With the insurer' })).toHaveProperty('value', 'passed-to-insurer');
  });

  it('fetches the thumbnails with the bearer token and names each photo by its place', async () => {
    const { dialog } = open();
    const thumbs = await within(dialog).findAllByRole('img', { name: /^Photo \d of 3$/ });
    expect(thumbs.map((t) => t.getAttribute('alt'))).toEqual(['Photo 1 of 3', 'Photo 2 of 3', 'Photo 3 of 3']);
    expect(thumbs.every((t) => t.getAttribute('src')?.startsWith('blob:'))).toBe(true);
    expect(fetched.map((f) => f.url)).toEqual([1, 2, 3].map((n) => `/api/admin/claims/9/photos/${n}?size=thumb`));
    expect(fetched.every((f) => f.authorization === `Bearer ${TOKEN}`)).toBe(true);
  });

  it('opens a photo full size with focus inside, steps by the arrow keys, and Escape hands focus back to its thumbnail', async () => {
    const { dialog } = open();
    const second = await within(dialog).findByRole('button', { name: 'Photo 2 of 3' });
    await userEvent.click(second);
    const viewer = await screen.findByRole('dialog', { name: 'Photo 2 of 3' });
    expect(viewer.contains(document.activeElement)).toBe(true);
    expect(await within(viewer).findByRole('img', { name: 'Photo 2 of 3' })).toBeTruthy();
    await waitFor(() => expect(fetched.at(-1)?.url).toBe('/api/admin/claims/9/photos/2?size=full'));

    await userEvent.keyboard('{ArrowRight}');
    expect(await screen.findByRole('dialog', { name: 'Photo 3 of 3' })).toBeTruthy();
    await waitFor(() => expect(fetched.at(-1)?.url).toBe('/api/admin/claims/9/photos/3?size=full'));
    // Round from the last photo to the first, and back.
    await userEvent.keyboard('{ArrowRight}');
    expect(await screen.findByRole('dialog', { name: 'Photo 1 of 3' })).toBeTruthy();
    expect(screen.getByText(/taken 1 Jul 2026, 02:06 PM \(UK time\)/)).toBeTruthy();
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(await screen.findByRole('dialog', { name: 'Photo 2 of 3' })).toBeTruthy();

    // Escape closes the photo alone: the claim stays open, its thumbnail focused again.
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /^Photo/ })).toBeNull());
    expect(screen.getByRole('dialog', { name: 'Claim CL-7QK2M9XA' })).toBeTruthy();
    expect(document.activeElement).toBe(second);
  });

  it('hands focus to the thumbnail of the photo last shown, and revokes every blob: URL once off screen', async () => {
    const { dialog, unmount } = open();
    await within(dialog).findAllByRole('img', { name: /^Photo \d of 3$/ });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Photo 1 of 3' }));
    const viewer = await screen.findByRole('dialog', { name: 'Photo 1 of 3' });
    await userEvent.click(within(viewer).getByRole('button', { name: 'Next photo' }));
    await screen.findByRole('dialog', { name: 'Photo 2 of 3' });
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Photo 2 of 3' })).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Photo 2 of 3' })));

    unmount();
    expect(made).toBeGreaterThanOrEqual(5);
    expect(new Set(revoked).size).toBe(made);
  });
});
