// @vitest-environment jsdom
// The console's policy badge and its closing rule for forms (docs/product.md#admin-console): the stored status
// as a coloured badge, 'Starts {date}' for confirmed cover still to come (the contract's cover rule, UK dates),
// and 'Discard changes?' before a changed form closes, with focus moved in and back.
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PolicyStatus } from '@server/contract/schemas';
import { ukLocalToEpoch } from '@server/contract/time';
import { StatusBadge } from '../../src-client/features/admin/badges';
import { Modal, useDiscardGuard } from '../../src-client/components/dialog';
import { formatUkDate } from '../../src-client/features/admin/format';

afterEach(cleanup);

const times = { startDate: '2026-07-10', startTime: '09:00', endDate: '2026-07-20', endTime: '23:59' };
const before = ukLocalToEpoch('2026-07-01', '12:00');
const during = ukLocalToEpoch('2026-07-12', '12:00');

describe('StatusBadge', () => {
  it.each([
    ['active', 'Active', 'bg-green-100'],
    ['pending', 'Pending', 'bg-yellow-100'],
    ['expired', 'Expired', 'bg-red-100'],
    ['cancelled', 'Cancelled', 'bg-slate-100'],
  ] as const)('%s cover in its window reads %s', (status: PolicyStatus, label, tone) => {
    render(<StatusBadge policy={{ ...times, status }} now={during} />);
    expect(screen.getByText(label, { exact: true }).className).toContain(tone);
  });

  it('confirmed cover that has not started says when it starts (UK date), never Active', () => {
    render(<StatusBadge policy={{ ...times, status: 'active' }} now={before} />);
    expect(screen.getByText('Starts 10 Jul 2026')).toBeTruthy();
    expect(screen.queryByText('Active')).toBeNull();
  });

  it('the stored status wins: pending or cancelled cover to come shows its status', () => {
    render(<StatusBadge policy={{ ...times, status: 'pending' }} now={before} />);
    render(<StatusBadge policy={{ ...times, status: 'cancelled' }} now={before} />);
    expect(screen.getByText('Pending')).toBeTruthy();
    expect(screen.getByText('Cancelled')).toBeTruthy();
    expect(screen.queryByText(/^Starts/)).toBeNull();
  });

  it('the start is read as UK time: 00:30 BST on 10 Jul is 23:30 UTC on 9 Jul', () => {
    const policy = { ...times, startTime: '00:30', status: 'active' as const };
    render(<StatusBadge policy={policy} now={Date.UTC(2026, 6, 9, 23, 0)} />);
    expect(screen.getByText('Starts 10 Jul 2026')).toBeTruthy();
    cleanup();
    render(<StatusBadge policy={policy} now={Date.UTC(2026, 6, 9, 23, 31)} />);
    expect(screen.getByText('Active')).toBeTruthy();
  });
});

describe('formatUkDate', () => {
  it('writes the same short months in every browser', () => {
    expect(formatUkDate('2026-09-05')).toBe('5 Sep 2026');
    expect(formatUkDate('2027-01-31')).toBe('31 Jan 2027');
    expect(formatUkDate('not a date')).toBe('not a date');
  });
});

/** A one-field form in a guarded Modal, as the console's dialogs use it. */
function GuardedForm({ onClose }: { onClose: () => void }) {
  const guard = useDiscardGuard(onClose);
  const [value, setValue] = useState('');
  return (
    <>
      <Modal title="Edit thing" onClose={guard.requestClose}>
        <label htmlFor="name">Name</label>
        <input
          id="name"
          value={value}
          onChange={(e) => {
            setValue(e.target.value);
            guard.setDirty(e.target.value !== '');
          }}
        />
        <button type="button" onClick={guard.requestClose}>
          Cancel
        </button>
      </Modal>
      {guard.prompt}
    </>
  );
}

function Page({ onClose }: { onClose: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      {open ? (
        <GuardedForm
          onClose={() => {
            onClose();
            setOpen(false);
          }}
        />
      ) : null}
    </>
  );
}

describe('useDiscardGuard', () => {
  it('an unchanged form closes at once on Escape, Cancel and the close button', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(<Page onClose={onClose} />);
    for (const close of [() => user.keyboard('{Escape}'), () => user.click(screen.getByRole('button', { name: 'Cancel' })), () => user.click(screen.getByRole('button', { name: 'Close' }))]) {
      await user.click(screen.getByRole('button', { name: 'Open' }));
      expect(screen.getByLabelText('Name')).toBe(document.activeElement);
      await close();
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(screen.queryByRole('alertdialog')).toBeNull();
    }
    expect(onClose).toHaveBeenCalledTimes(3);
  });

  it('a changed form asks first: Keep editing (or Escape) goes back to the field, Discard closes', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(<Page onClose={onClose} />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.type(screen.getByLabelText('Name'), 'abc');

    await user.keyboard('{Escape}');
    const ask = screen.getByRole('alertdialog', { name: 'Discard changes?' });
    expect(ask.getAttribute('aria-modal')).toBe('true');
    expect(screen.getByRole('button', { name: 'Keep editing' })).toBe(document.activeElement);
    // Only the question answers the keyboard: Escape keeps editing, it does not ask again underneath.
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByLabelText('Name')).toBe(document.activeElement);
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('abc');

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'Keep editing' }));
    expect(screen.getByRole('dialog', { name: 'Edit thing' })).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Close' }));
    await user.click(screen.getByRole('button', { name: 'Discard' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Open' })).toBe(document.activeElement);
  });
});
