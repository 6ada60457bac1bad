// @vitest-environment jsdom
// The policy card against a fake clock (docs/product.md#dashboard): the countdown label and value, the progress bar's
// value, a refresh every second, and the switch to 'Expired' / 100 at the end; all in UK time.
import { act, cleanup, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PolicyView } from '@server/contract/views';
import { PolicyCard, POLICY_NUMBER_MISSING } from '../../src-client/features/policies/policy-card';
import { useNow } from '../../src-client/lib/use-now';

// The card's links ('Make a claim' to /claims, 'Buy again' to the wizard, 'Contact us' to /support); outside a router
// they are plain anchors, the search parameters in their href.
vi.mock('@tanstack/react-router', () => ({
  Link: ({ to, search, children, ...rest }: { to: string; search?: Record<string, string>; children: ReactNode }) => (
    <a href={search ? `${to}?${new URLSearchParams(search).toString()}` : to} {...rest}>
      {children}
    </a>
  ),
}));

const policy: PolicyView = {
  id: 1,
  policyNumber: 'KC7XQ2M9PA',
  userId: 5,
  username: 'sam',
  holderName: 'Sam Okafor',
  carModel: 'Ford Fiesta',
  driverName: 'Sam Okafor',
  licenseNumber: 'OKAFO801015S99AB',
  registration: 'AB12 CDE',
  // 1 Jul 2026 09:00 BST (08:00Z) to 3 Jul 2026 09:00 BST (08:00Z)
  startDate: '2026-07-01',
  startTime: '09:00',
  endDate: '2026-07-03',
  endTime: '09:00',
  status: 'active',
  product: 'temporary',
  premium: null,
};

function LiveCard({ p = policy, customerActions, paid }: { p?: PolicyView; customerActions?: boolean; paid?: number }) {
  const now = useNow();
  return <PolicyCard policy={p} now={now} paid={paid} cacheFor={5} {...(customerActions === undefined ? {} : { customerActions })} />;
}

const label = () => screen.getByTestId('countdown-label');
const timer = () => screen.getByTestId('countdown');
const bar = () => screen.getByRole('progressbar');
const tick = (ms: number) => act(() => vi.advanceTimersByTime(ms));

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('PolicyCard', () => {
  it('before the start: counts down to the start at 0%, refreshing every second', () => {
    vi.setSystemTime(new Date('2026-07-01T06:29:58Z')); // 07:29:58 BST, 1 h 30 min 2 s before the start
    render(<LiveCard />);
    expect(label().textContent).toBe('Policy starts in');
    expect(timer().textContent).toBe('01h 30m 02s');
    expect(bar().getAttribute('aria-valuenow')).toBe('0');
    expect(screen.getByText('Starts soon')).toBeTruthy();

    tick(1000);
    expect(timer().textContent).toBe('01h 30m 01s');
    tick(999);
    expect(timer().textContent).toBe('01h 30m 01s');
    tick(1);
    expect(timer().textContent).toBe('01h 30m 00s');
  });

  it('crosses the start: the label turns to "Policy ends in"', () => {
    vi.setSystemTime(new Date('2026-07-01T07:59:59Z'));
    render(<LiveCard />);
    expect(label().textContent).toBe('Policy starts in');
    expect(timer().textContent).toBe('00h 00m 01s');

    tick(1000); // exactly at the start
    expect(label().textContent).toBe('Policy ends in');
    expect(timer().textContent).toBe('2d 00h 00m 00s');
    expect(bar().getAttribute('aria-valuenow')).toBe('0');
    expect(screen.getByText('Active')).toBeTruthy();
  });

  it('mid-way: half the period elapsed; the screen-reader summary moves by the hour, not the second', () => {
    vi.setSystemTime(new Date('2026-07-02T08:00:00Z'));
    render(<LiveCard />);
    expect(label().textContent).toBe('Policy ends in');
    expect(timer().textContent).toBe('1d 00h 00m 00s');
    expect(bar().getAttribute('aria-valuenow')).toBe('50');
    expect(bar().getAttribute('aria-valuemin')).toBe('0');
    expect(bar().getAttribute('aria-valuemax')).toBe('100');
    const summary = screen.getByText(/^Policy ends in \d/);
    expect(summary.getAttribute('aria-live')).toBe('polite');
    expect(summary.textContent).toBe('Policy ends in 1 day');
    // The ticking number is not announced.
    expect(timer().getAttribute('role')).toBe('timer');
    expect(timer().getAttribute('aria-live')).toBe('off');

    tick(1000);
    expect(timer().textContent).toBe('23h 59m 59s');
    expect(summary.textContent).toBe('Policy ends in 23 hours, 59 minutes');
    tick(1000);
    expect(summary.textContent).toBe('Policy ends in 23 hours, 59 minutes');
  });

  it('crosses the end: "Expired" and 100', () => {
    vi.setSystemTime(new Date('2026-07-03T07:59:58Z'));
    render(<LiveCard />);
    expect(timer().textContent).toBe('00h 00m 02s');
    expect(Number(bar().getAttribute('aria-valuenow'))).toBeGreaterThan(99);
    expect(Number(bar().getAttribute('aria-valuenow'))).toBeLessThan(100);

    tick(1000); // 1 s before the end
    expect(label().textContent).toBe('Policy ends in');
    expect(timer().textContent).toBe('00h 00m 01s');

    tick(1000); // exactly at the end
    expect(label().textContent).toBe('Expired');
    expect(bar().getAttribute('aria-valuenow')).toBe('100');
    expect(screen.queryByRole('timer')).toBeNull();
    expect(timer().textContent).toMatch(/Cover ended .*3 Jul 2026, 09:00 BST/);
  });

  it('BST to GMT: a policy over the October change counts real hours (25 on the day)', () => {
    // 25 Oct 2026 00:00 BST (24 Oct 23:00Z) to 26 Oct 00:00 GMT (26 Oct 00:00Z): 25 hours.
    const p = { ...policy, startDate: '2026-10-25', startTime: '00:00', endDate: '2026-10-26', endTime: '00:00' };
    vi.setSystemTime(new Date('2026-10-25T00:30:00Z')); // 01:30 BST, the first 01:30
    render(<LiveCard p={p} />);
    expect(timer().textContent).toBe('23h 30m 00s');
    expect(bar().getAttribute('aria-valuenow')).toBe('6');

    tick(60 * 60 * 1000); // 01:30 GMT, the second 01:30: still an hour later in real time
    expect(timer().textContent).toBe('22h 30m 00s');
    expect(bar().getAttribute('aria-valuenow')).toBe('10');
    expect(screen.getByText(/Sun, 25 Oct 2026, 00:00 BST/)).toBeTruthy();
    expect(screen.getByText(/Mon, 26 Oct 2026, 00:00 GMT/)).toBeTruthy();
  });

  it('GMT to BST: a policy ending 01:30 on 29 Mar 2026 (that hour is skipped) ends at 01:30Z', () => {
    const p = { ...policy, startDate: '2026-03-28', startTime: '23:30', endDate: '2026-03-29', endTime: '01:30' };
    vi.setSystemTime(new Date('2026-03-29T01:29:59Z'));
    render(<LiveCard p={p} />);
    expect(label().textContent).toBe('Policy ends in');
    expect(timer().textContent).toBe('00h 00m 01s');
    tick(1000);
    expect(label().textContent).toBe('Expired');
    expect(bar().getAttribute('aria-valuenow')).toBe('100');
  });

  it("shows the details, the missing number text, 'Make a claim' to /claims and 'Contact us' to /support", () => {
    vi.setSystemTime(new Date('2026-07-02T08:00:00Z'));
    render(<LiveCard p={{ ...policy, policyNumber: '' }} />);
    expect(screen.getByText(POLICY_NUMBER_MISSING)).toBeTruthy();
    expect(screen.getByText('Ford Fiesta (AB12 CDE)')).toBeTruthy();
    expect(screen.getAllByText('Sam Okafor')).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'Make a claim' }).getAttribute('href')).toBe('/claims');
    expect(screen.getByRole('link', { name: 'Contact us' }).getAttribute('href')).toBe('/support');
  });

  it("shows the premium and what was paid, 'Buy again' to the wizard filled in from the policy, and 'Call us' as a tel: link", () => {
    vi.setSystemTime(new Date('2026-07-02T08:00:00Z'));
    render(<LiveCard p={{ ...policy, premium: 80 }} paid={30} />);
    const valueOf = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(valueOf('Premium')).toBe('£80.00');
    expect(valueOf('Premium paid')).toBe('£30.00');
    expect(screen.getByRole('link', { name: 'Buy again: KC7XQ2M9PA' }).getAttribute('href')).toBe('/request-quote-step1?renew=KC7XQ2M9PA');
    expect(screen.getByRole('link', { name: /^Call us/ }).getAttribute('href')).toBe('tel:+442079460000');
  });

  it('says a premium not recorded, and nothing paid while that is not known; a void policy offers no Buy again', () => {
    vi.setSystemTime(new Date('2026-07-02T08:00:00Z'));
    render(<LiveCard p={{ ...policy, status: 'void' }} />);
    expect(screen.getByText('Premium', { selector: 'dt' }).nextElementSibling?.textContent).toBe('Not recorded');
    expect(screen.queryByText('Premium paid', { selector: 'dt' })).toBeNull();
    expect(screen.queryByRole('link', { name: /Buy again/ })).toBeNull();
  });

  it('without the customer’s actions (staff impersonating) there is no Make a claim, Buy again, Call us or Contact us', () => {
    vi.setSystemTime(new Date('2026-07-02T08:00:00Z'));
    render(<LiveCard customerActions={false} />);
    expect(screen.getByText('Ford Fiesta (AB12 CDE)')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Make a claim' })).toBeNull();
    expect(screen.queryByRole('link', { name: /Buy again/ })).toBeNull();
    expect(screen.queryByRole('link', { name: /Call us/ })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Contact us' })).toBeNull();
  });

  it('stops ticking when it leaves the page', () => {
    vi.setSystemTime(new Date('2026-07-02T08:00:00Z'));
    const { unmount } = render(<LiveCard />);
    expect(vi.getTimerCount()).toBe(1);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
