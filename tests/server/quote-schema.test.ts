// The quote wizard's schemas (SPEC.md §3/§5, DECISIONS.md "Quote wizard"): every option of every list,
// every required field with its message, the money, postcode, phone and registration rules at their
// boundaries, and the date rules against an injected today.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  ageOn,
  checkQuoteDates,
  normalisePostcode,
  normaliseRegistration,
  policyStartYearOptions,
  quoteMessages,
  quoteOptions,
  quotePersonalInput,
  quoteRequestInput,
  quoteVehicleInput,
  withQuoteDates,
} from '../../src-server/contract/quote';
import { validPersonal, validQuote, validVehicle } from '../fixtures/quote';

/** The first message for `field` when `body` is parsed, or undefined when it passes. */
function errorFor(schema: z.ZodType, body: unknown, field: string): string | undefined {
  const r = schema.safeParse(body);
  if (r.success) return undefined;
  return (z.flattenError(r.error).fieldErrors as Record<string, string[] | undefined>)[field]?.[0];
}

describe('option lists (SPEC.md §5, exactly as listed)', () => {
  const labels = (field: keyof typeof quoteOptions) => quoteOptions[field].map((o) => o.label);
  const values = (field: keyof typeof quoteOptions) => quoteOptions[field].map((o) => o.value);

  it('offers every listed choice, in order', () => {
    expect(labels('vehicleType')).toEqual(['Car', 'Commercial Vehicle']);
    expect(labels('vehicleOwner')).toEqual(['Private', 'Company']);
    expect(labels('annualMileage')).toEqual(['Under 5,000', '5,000 - 10,000', '10,000 - 15,000', '15,000 - 20,000', 'Over 20,000']);
    expect(labels('purchaseDate')).toEqual(['Less than 1 year', '1 to 5 years', 'More than 5 years']);
    expect(labels('keptOvernight')).toEqual(['Garage', 'Street', 'Driveway', 'Secure parking']);
    expect(labels('claimsPast5Years')).toEqual(['No', '1', '2', '3', 'More than 3']);
    expect(values('claimsPast5Years')).toEqual(['no', '1', '2', '3', 'more than 3']);
    expect(labels('drivingConvictions')).toEqual(['None', 'Yes']);
    expect(labels('otherConvictions')).toEqual(['No', 'Yes']);
    expect(values('disabilities')).toEqual(['no', 'yes']);
    expect(values('vehicleModified')).toEqual(['no', 'yes']);
    expect(labels('otherDrivers')).toEqual(['None', 'Yes']);
    expect(labels('coverType')).toEqual(['Comprehensive', 'Third Party Fire and Theft', 'Third Party']);
    expect(labels('noClaimsBonusYears')).toEqual([
      '0 years', '1 year', '2 years', '3 years', '4 years', '5 years', '6 years', '7 years', '8 years', '9 years', '9 years +',
    ]);
    expect(labels('noClaimsBonusProtected')).toEqual(['No', 'Yes']);
    expect(labels('usage')).toEqual([
      'Social Domestic and Pleasure',
      'Social Domestic and Pleasure plus Commute',
      'Social Domestic and Pleasure plus Commute plus Business',
      'Carriage on Own Goods',
      'Haulage',
      'Courier',
    ]);
    expect(values('policyStartDay')).toEqual(Array.from({ length: 31 }, (_, i) => String(i + 1)));
    expect(labels('policyStartMonth')[0]).toBe('January');
    expect(values('policyStartMonth')).toEqual(Array.from({ length: 12 }, (_, i) => String(i + 1)));
  });

  it("shows the repeated 'Alarm & Immobiliser' once", () => {
    expect(labels('security')).toEqual(['None', 'Alarm & Immobiliser', 'Immobiliser', 'Tracker']);
  });

  it('offers the current year plus the next nine as start years', () => {
    expect(policyStartYearOptions(2026).map((o) => o.value)).toEqual(['2026', '2027', '2028', '2029', '2030', '2031', '2032', '2033', '2034', '2035']);
  });

  it.each(Object.keys(quoteOptions).filter((f) => !f.startsWith('policyStart')) as Array<keyof typeof quoteOptions>)(
    '%s: accepts every option, refuses an unlisted value, a wrong letter case and a blank with its message',
    (field) => {
      for (const { value } of quoteOptions[field]) expect(errorFor(quoteVehicleInput, { ...validVehicle, [field]: value }, field)).toBeUndefined();
      const message = errorFor(quoteVehicleInput, { ...validVehicle, [field]: '' }, field);
      expect(message).toMatch(/^Choose /);
      expect(errorFor(quoteVehicleInput, { ...validVehicle, [field]: 'Something else' }, field)).toBe(message);
      const first = quoteOptions[field][0]!.value;
      const recased = first === first.toUpperCase() ? first.toLowerCase() : first.toUpperCase();
      if (recased !== first) expect(errorFor(quoteVehicleInput, { ...validVehicle, [field]: recased }, field)).toBe(message);
      const { [field]: _omitted, ...missing } = validVehicle;
      expect(errorFor(quoteVehicleInput, missing, field)).toBe(message);
    },
  );

  it("keptOvernight has no invalid default: 'Garaged' is refused", () => {
    expect(errorFor(quoteVehicleInput, { ...validVehicle, keptOvernight: 'Garaged' }, 'keptOvernight')).toBe('Choose where the vehicle is kept overnight');
  });
});

describe('step 1: personal details', () => {
  it('accepts the valid details and normalises phone and postcode', () => {
    const parsed = quotePersonalInput.parse(validPersonal);
    expect(parsed.phone).toBe('07700900123');
    expect(parsed.postcode).toBe('LS1 4DY');
  });

  it.each([
    ['firstName', 'First name is required'],
    ['lastName', 'Last name is required'],
    ['email', 'Email is required'],
    ['phone', 'Phone number is required'],
    ['dateOfBirth', 'Date of birth is required'],
    ['address', 'Address is required'],
    ['postcode', 'Postcode is required'],
  ])('%s is required: blank, spaces only or missing gives "%s"', (field, message) => {
    expect(errorFor(quotePersonalInput, { ...validPersonal, [field]: '' }, field)).toBe(message);
    expect(errorFor(quotePersonalInput, { ...validPersonal, [field]: '   ' }, field)).toBe(message);
    const { [field as keyof typeof validPersonal]: _omitted, ...missing } = validPersonal;
    expect(errorFor(quotePersonalInput, missing, field)).toBe(message);
  });

  it('checks the e-mail format', () => {
    expect(errorFor(quotePersonalInput, { ...validPersonal, email: 'not-an-email' }, 'email')).toBe('Enter a valid email address');
  });

  it('limits names to 50 characters and the address to 200, and refuses line breaks', () => {
    expect(errorFor(quotePersonalInput, { ...validPersonal, firstName: 'A'.repeat(50) }, 'firstName')).toBeUndefined();
    expect(errorFor(quotePersonalInput, { ...validPersonal, firstName: 'A'.repeat(51) }, 'firstName')).toBe('Must be at most 50 characters');
    expect(errorFor(quotePersonalInput, { ...validPersonal, address: 'x'.repeat(200) }, 'address')).toBeUndefined();
    expect(errorFor(quotePersonalInput, { ...validPersonal, address: 'x'.repeat(201) }, 'address')).toBe('Must be at most 200 characters');
    expect(errorFor(quotePersonalInput, { ...validPersonal, lastName: 'Smith\nBcc: x' }, 'lastName')).toBe(quoteMessages.nameInvalid);
    expect(errorFor(quotePersonalInput, { ...validPersonal, address: '1 Road\r\nTown' }, 'address')).toBe(quoteMessages.addressInvalid);
  });

  it.each(['07700 900123', '+44 7700 900123', '020 7946 0000', '(020) 7946 0000', '+44 (0)20 7946 0000'])('accepts the UK phone number %s', (phone) => {
    expect(errorFor(quotePersonalInput, { ...validPersonal, phone }, 'phone')).toBeUndefined();
  });
  it.each(['12345', '+1 202 555 0100', '07700 9001234567', 'call me'])('refuses the phone number %s', (phone) => {
    expect(errorFor(quotePersonalInput, { ...validPersonal, phone }, 'phone')).toBe(quoteMessages.phoneInvalid);
  });

  it.each([
    ['SW1A 1AA', 'SW1A 1AA'],
    ['sw1a1aa', 'SW1A 1AA'],
    ['M1 1AE', 'M1 1AE'],
    ['B33 8TH', 'B33 8TH'],
    ['CR2 6XH', 'CR2 6XH'],
    ['DN55 1PT', 'DN55 1PT'],
    ['W1A 0AX', 'W1A 0AX'],
    ['EC1A 1BB', 'EC1A 1BB'],
    [' ls1  4dy ', 'LS1 4DY'],
    ['GIR 0AA', 'GIR 0AA'],
  ])('accepts the postcode %s as %s', (input, normalised) => {
    expect(normalisePostcode(input)).toBe(normalised);
    expect(quotePersonalInput.parse({ ...validPersonal, postcode: input }).postcode).toBe(normalised);
  });
  it.each(['12345', 'SW1A', 'SW1A 1A', 'QW1 1AA', 'SW1A 1AAA', 'LS1 4CY', 'ZZ99 9ZZZ', '<b>LS1</b>'])('refuses the postcode %s', (postcode) => {
    expect(errorFor(quotePersonalInput, { ...validPersonal, postcode }, 'postcode')).toBe(quoteMessages.postcodeInvalid);
  });

  it('refuses a date of birth that is not a real date', () => {
    for (const dateOfBirth of ['1990-02-30', '31/12/1990', '1990-13-01', 'yesterday']) {
      expect(errorFor(quotePersonalInput, { ...validPersonal, dateOfBirth }, 'dateOfBirth')).toBe(quoteMessages.dateOfBirthInvalid);
    }
  });
});

describe('step 2: your vehicle', () => {
  it('accepts the valid vehicle and normalises registration and money', () => {
    const parsed = quoteVehicleInput.parse(validVehicle);
    expect(parsed.regNumber).toBe('AB12 CDE');
    expect(parsed.value).toBe(4500.5);
    expect(parsed.bestQuotedPremium).toBeUndefined();
    expect(parsed).toMatchObject({ policyStartDay: 10, policyStartMonth: 7, policyStartYear: 2026 });
  });

  it.each([
    ['0', 0],
    ['0.01', 0.01],
    ['4500', 4500],
    ['4500.5', 4500.5],
    ['4,500.99', 4500.99],
    ['£12000', 12000],
    [12.34, 12.34],
    ['5000000', 5_000_000],
  ])('value %j is money: %d', (value, expected) => {
    expect(quoteVehicleInput.parse({ ...validVehicle, value }).value).toBe(expected);
  });

  it.each([
    ['', quoteMessages.valueRequired],
    [null, quoteMessages.valueRequired],
    ['-0.01', quoteMessages.moneyNegative],
    [-1, quoteMessages.moneyNegative],
    ['0.001', quoteMessages.moneyPence],
    ['12.345', quoteMessages.moneyPence],
    ['1e5', quoteMessages.moneyInvalid],
    ['abc', quoteMessages.moneyInvalid],
    [Number.NaN, quoteMessages.moneyInvalid],
    [Number.POSITIVE_INFINITY, quoteMessages.moneyInvalid],
    ['5000000.01', 'Enter an amount up to £5,000,000'],
    [true, quoteMessages.moneyInvalid],
  ])('value %j is refused: %s', (value, message) => {
    expect(errorFor(quoteVehicleInput, { ...validVehicle, value }, 'value')).toBe(message);
  });

  it('bestQuotedPremium is optional money (min 0, pence at most)', () => {
    expect(quoteVehicleInput.parse({ ...validVehicle, bestQuotedPremium: '' }).bestQuotedPremium).toBeUndefined();
    const { bestQuotedPremium: _b, ...without } = validVehicle;
    expect(quoteVehicleInput.parse(without).bestQuotedPremium).toBeUndefined();
    expect(quoteVehicleInput.parse({ ...validVehicle, bestQuotedPremium: '0' }).bestQuotedPremium).toBe(0);
    expect(quoteVehicleInput.parse({ ...validVehicle, bestQuotedPremium: '389.99' }).bestQuotedPremium).toBe(389.99);
    expect(errorFor(quoteVehicleInput, { ...validVehicle, bestQuotedPremium: '-5' }, 'bestQuotedPremium')).toBe(quoteMessages.moneyNegative);
    expect(errorFor(quoteVehicleInput, { ...validVehicle, bestQuotedPremium: '1.005' }, 'bestQuotedPremium')).toBe(quoteMessages.moneyPence);
    expect(errorFor(quoteVehicleInput, { ...validVehicle, bestQuotedPremium: '100000.01' }, 'bestQuotedPremium')).toBe('Enter an amount up to £100,000');
  });

  it.each([['AB12 CDE', 'AB12 CDE'], ['ab12cde', 'AB12CDE'], ['  a1 ', 'A1'], ['K 1', 'K 1'], ['1  ABC', '1 ABC']])('accepts the registration %j as %j', (input, out) => {
    expect(normaliseRegistration(input)).toBe(out);
  });
  it.each(['A', 'AB12 CDEF', 'AB-12-CDE', '<script>', '   '])('refuses the registration %j', (regNumber) => {
    expect(errorFor(quoteVehicleInput, { ...validVehicle, regNumber }, 'regNumber')).toBe(
      regNumber.trim() === '' ? quoteMessages.regNumberRequired : quoteMessages.regNumberInvalid,
    );
  });

  it('policy start day 1-31 and month 1-12, as whole numbers', () => {
    expect(errorFor(quoteVehicleInput, { ...validVehicle, policyStartDay: '31' }, 'policyStartDay')).toBeUndefined();
    expect(errorFor(quoteVehicleInput, { ...validVehicle, policyStartDay: '0' }, 'policyStartDay')).toBe(quoteMessages.startDayRequired);
    expect(errorFor(quoteVehicleInput, { ...validVehicle, policyStartDay: '32' }, 'policyStartDay')).toBe(quoteMessages.startDayRequired);
    expect(errorFor(quoteVehicleInput, { ...validVehicle, policyStartDay: '1.5' }, 'policyStartDay')).toBe(quoteMessages.startDayRequired);
    expect(errorFor(quoteVehicleInput, { ...validVehicle, policyStartMonth: '12' }, 'policyStartMonth')).toBeUndefined();
    expect(errorFor(quoteVehicleInput, { ...validVehicle, policyStartMonth: '13' }, 'policyStartMonth')).toBe(quoteMessages.startMonthRequired);
    expect(errorFor(quoteVehicleInput, { ...validVehicle, policyStartMonth: '' }, 'policyStartMonth')).toBe(quoteMessages.startMonthRequired);
    expect(errorFor(quoteVehicleInput, { ...validVehicle, policyStartYear: '' }, 'policyStartYear')).toBe(quoteMessages.startYearRequired);
  });
});

describe('the whole request', () => {
  it('is step 1 plus step 2, and keeps unknown fields out', () => {
    const parsed = quoteRequestInput.parse({ ...validQuote, isAdmin: true, status: 'closed' });
    expect(parsed).not.toHaveProperty('isAdmin');
    expect(parsed).not.toHaveProperty('status');
    expect(Object.keys(parsed)).toEqual(expect.arrayContaining([...Object.keys(validPersonal), ...Object.keys(validVehicle)]));
  });

  it('reports every wrong field at once', () => {
    const r = quoteRequestInput.safeParse({});
    expect(r.success).toBe(false);
    const fields = Object.keys(z.flattenError(r.error!).fieldErrors);
    expect(fields).toEqual(expect.arrayContaining(['firstName', 'postcode', 'vehicleType', 'value', 'usage', 'policyStartYear']));
    expect(fields).not.toContain('bestQuotedPremium');
  });
});

describe('date rules against today', () => {
  const TODAY = '2026-07-01';
  const start = (d: number, m: number, y: number) => ({ policyStartDay: d, policyStartMonth: m, policyStartYear: y });

  it('counts whole years of age', () => {
    expect(ageOn('2009-07-01', TODAY)).toBe(17);
    expect(ageOn('2009-07-02', TODAY)).toBe(16);
    expect(ageOn('2008-02-29', '2026-02-28')).toBe(17);
  });

  it('needs a driver of 17 or over, born in the past', () => {
    expect(checkQuoteDates({ dateOfBirth: '2009-07-01' }, TODAY)).toEqual([]);
    expect(checkQuoteDates({ dateOfBirth: '2009-07-02' }, TODAY)).toEqual([{ field: 'dateOfBirth', message: quoteMessages.tooYoung }]);
    expect(checkQuoteDates({ dateOfBirth: TODAY }, TODAY)).toEqual([{ field: 'dateOfBirth', message: quoteMessages.dateOfBirthFuture }]);
    expect(checkQuoteDates({ dateOfBirth: '2030-01-01' }, TODAY)).toEqual([{ field: 'dateOfBirth', message: quoteMessages.dateOfBirthFuture }]);
    expect(checkQuoteDates({ dateOfBirth: '1900-01-01' }, TODAY)).toEqual([{ field: 'dateOfBirth', message: quoteMessages.tooOld }]);
  });

  it('takes a start date from today to the end of the ninth year ahead', () => {
    expect(checkQuoteDates(start(1, 7, 2026), TODAY)).toEqual([]);
    expect(checkQuoteDates(start(31, 12, 2035), TODAY)).toEqual([]);
    expect(checkQuoteDates(start(30, 6, 2026), TODAY)).toEqual([{ field: 'policyStartDay', message: quoteMessages.startDatePast }]);
    expect(checkQuoteDates(start(1, 1, 2036), TODAY)).toEqual([{ field: 'policyStartYear', message: quoteMessages.startYearOutOfRange }]);
    expect(checkQuoteDates(start(1, 12, 2025), TODAY)).toEqual([{ field: 'policyStartYear', message: quoteMessages.startYearOutOfRange }]);
  });

  it('refuses an impossible date and accepts 29 February in a leap year only', () => {
    expect(checkQuoteDates(start(31, 9, 2026), TODAY)).toEqual([{ field: 'policyStartDay', message: quoteMessages.startDateInvalid }]);
    expect(checkQuoteDates(start(30, 2, 2027), TODAY)).toEqual([{ field: 'policyStartDay', message: quoteMessages.startDateInvalid }]);
    expect(checkQuoteDates(start(29, 2, 2027), TODAY)).toEqual([{ field: 'policyStartDay', message: quoteMessages.startDateInvalid }]);
    expect(checkQuoteDates(start(29, 2, 2028), TODAY)).toEqual([]);
  });

  it('adds them to a form schema at the field they concern', () => {
    const schema = withQuoteDates(quoteVehicleInput, TODAY);
    expect(errorFor(schema, { ...validVehicle, policyStartDay: '31', policyStartMonth: '2' }, 'policyStartDay')).toBe(quoteMessages.startDateInvalid);
    expect(errorFor(schema, validVehicle, 'policyStartDay')).toBeUndefined();
    expect(errorFor(withQuoteDates(quotePersonalInput, TODAY), { ...validPersonal, dateOfBirth: '2015-01-01' }, 'dateOfBirth')).toBe(quoteMessages.tooYoung);
  });
});
