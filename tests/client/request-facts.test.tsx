// @vitest-environment jsdom
// The console's view of a quote request (docs/product.md#staff-queues) shows the wizard's answers on insuring by its
// own labels (issue 33): the driving licence, the vehicle's make and model, a learner's supervising driver.
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { QuoteRequestDetailView } from '@server/contract/views';
import { QuoteRequestFacts } from '../../src-client/features/admin/request-facts';

afterEach(cleanup);

const REQUEST: QuoteRequestDetailView = {
  id: 7,
  reference: 'QR-7K2M9QXA',
  status: 'new',
  firstName: 'Amelia',
  lastName: 'Fletcher',
  email: 'amelia@example.test',
  phone: '07700900123',
  postcode: 'LS1 4DY',
  createdAt: '2026-07-01T11:00:00.000Z',
  updatedAt: '2026-07-01T11:00:00.000Z',
  dueAt: '2026-07-02T11:00:00.000Z',
  assignee: null,
  product: 'learner',
  offer: null,
  policyNumber: null,
  decision: null,
  decisionRule: null,
  decisionReason: null,
  rateVersionId: null,
  details: {
    product: 'learner',
    licenceType: 'Provisional UK',
    licenceNumber: 'FLETC053018A99AB',
    licenceYears: 0,
    supervisorName: 'Dan Fletcher',
    supervisorAge: 52,
    supervisorLicenceYears: 30,
    vehicleType: 'Car',
    regNumber: 'AB12 CDE',
    vehicleMake: 'Vauxhall',
    vehicleModel: 'Corsa 1.2 SXi',
  },
  requestedStart: null,
  duration: null,
  policyId: null,
  notes: [],
};

function fact(list: HTMLElement, label: string): string | null {
  const term = within(list).getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent ?? null;
}

describe('a quote request’s facts', () => {
  it('name the licence, the supervising driver and the vehicle as the wizard asked them', () => {
    render(<QuoteRequestFacts request={REQUEST} />);
    const answers = screen.getByLabelText('Vehicle and other answers');
    expect(fact(answers, 'Driving licence type')).toBe('Provisional UK');
    expect(fact(answers, 'Driving licence number')).toBe('FLETC053018A99AB');
    expect(fact(answers, 'Years you have held this licence')).toBe('0');
    expect(fact(answers, 'Supervising driver’s full name')).toBe('Dan Fletcher');
    expect(fact(answers, 'Supervising driver’s age')).toBe('52');
    expect(fact(answers, 'Years the supervising driver has held a full licence')).toBe('30');
    expect(fact(answers, 'Vehicle make')).toBe('Vauxhall');
    expect(fact(answers, 'Vehicle model')).toBe('Corsa 1.2 SXi');
  });

  it('show the phone number grouped, stored as digits, with the digits dialled', () => {
    render(<QuoteRequestFacts request={REQUEST} />);
    const link = within(screen.getByLabelText('The request')).getByRole('link', { name: '07700 900123' });
    expect(link.getAttribute('href')).toBe('tel:07700900123');
  });

  it('open for a request from before the wizard asked them', () => {
    render(<QuoteRequestFacts request={{ ...REQUEST, product: null, details: { vehicleType: 'Car', regNumber: 'AB12 CDE' } }} />);
    const answers = screen.getByLabelText('Vehicle and other answers');
    expect(fact(answers, 'Registration number')).toBe('AB12 CDE');
    expect(within(answers).queryByText('Driving licence number')).toBeNull();
  });
});
