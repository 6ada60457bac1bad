// The quote wizard's schemas (docs/product.md#quote-wizard): every option of every list,
// every required field with its message, the money, postcode, phone, registration, time and cover-length
// rules at their boundaries, and the rules that need the clock against an injected now: each product's age
// range on the birthday and the day before, each product's shortest and longest cover exactly, one unit over
// and under, at month ends and across both UK clock changes, and a start now, earlier or later.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { productLabels, products } from '../../src-server/contract/products';
import {
  ageOn,
  answersForProduct,
  checkCoverAnswers,
  checkDriverAnswers,
  checkQuoteTimes,
  isUkLicenceNumber,
  normalisePostcode,
  normaliseRegistration,
  policyStartYearOptions,
  quoteMessages,
  quoteOptions,
  quotePersonalInput,
  quoteRequestInput,
  quoteVehicleInput,
  requestedStartOf,
  withCoverAnswers,
  withQuoteTimes,
  type QuoteTimesInput,
} from '../../src-server/contract/quote';
import { vehicleMakes, splitMakeModel } from '../../src-server/contract/vehicle-makes';
import { validLearner, validPersonal, validProductAnswers, validQuote, validVehicle } from '../fixtures/quote';

/** The first message for `field` when `body` is parsed, or undefined when it passes. */
function errorFor(schema: z.ZodType, body: unknown, field: string): string | undefined {
  const r = schema.safeParse(body);
  if (r.success) return undefined;
  return (z.flattenError(r.error).fieldErrors as Record<string, string[] | undefined>)[field]?.[0];
}

describe('option lists (exactly as documented)', () => {
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
      // The licence type is asked on step 1, every other choice on step 2; the no-claims bonus by the product (temporary here).
      const [schema, valid]: [z.ZodType, Record<string, string>] = Object.hasOwn(validPersonal, field)
        ? [quotePersonalInput, validPersonal]
        : field.startsWith('noClaims')
          ? [quoteRequestInput, validQuote]
          : [quoteVehicleInput, validVehicle];
      for (const { value } of quoteOptions[field]) expect(errorFor(schema, { ...valid, [field]: value }, field)).toBeUndefined();
      const message = errorFor(schema, { ...valid, [field]: '' }, field);
      expect(message).toMatch(/^Choose /);
      expect(errorFor(schema, { ...valid, [field]: 'Something else' }, field)).toBe(message);
      const first = quoteOptions[field][0]!.value;
      const recased = first === first.toUpperCase() ? first.toLowerCase() : first.toUpperCase();
      if (recased !== first) expect(errorFor(schema, { ...valid, [field]: recased }, field)).toBe(message);
      const { [field]: _omitted, ...missing } = valid;
      expect(errorFor(schema, missing, field)).toBe(message);
    },
  );

  it("keptOvernight has no invalid default: 'Garaged' is refused", () => {
    expect(errorFor(quoteVehicleInput, { ...validVehicle, keptOvernight: 'Garaged' }, 'keptOvernight')).toBe('Choose where the vehicle is kept overnight');
  });
});

describe('step 1: personal details', () => {
  it('starts with the product: temporary, learner or business, exactly, and asks for it clearly', () => {
    expect(Object.keys(quotePersonalInput.shape)[0]).toBe('product');
    for (const product of products) expect(quotePersonalInput.parse({ ...validPersonal, ...validProductAnswers, product }).product).toBe(product);
    for (const product of ['', 'Temporary', 'learner ', 'annual', 3]) {
      expect(errorFor(quotePersonalInput, { ...validPersonal, product }, 'product')).toBe('Choose which cover you want');
    }
    const { product: _p, ...without } = validPersonal;
    expect(errorFor(quotePersonalInput, without, 'product')).toBe('Choose which cover you want');
  });

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

describe('step 1: the driving licence (docs/product.md#step-1-personal-details)', () => {
  const learner = { ...validPersonal, product: 'learner', dateOfBirth: '2008-03-01', licenceType: 'Provisional UK', licenceNumber: 'FLETC053018A99AB', licenceYears: '0', supervisorName: 'Dan Fletcher', supervisorAge: '52', supervisorLicenceYears: '30' };
  const business = { ...validPersonal, product: 'business', occupation: 'Plumber', businessName: 'Fletcher Plumbing', businessNature: 'Domestic plumbing and heating' };

  it('offers full UK, provisional UK, EU and international licences', () => {
    expect(quoteOptions.licenceType.map((o) => o.value)).toEqual(['Full UK', 'Provisional UK', 'EU', 'International']);
  });

  it('stores a UK licence number typed in lower case with spaces as 16 upper-case characters', () => {
    expect(quotePersonalInput.parse({ ...validPersonal, licenceNumber: ' fletc 955170 a9 9ab ' }).licenceNumber).toBe('FLETC955170A99AB');
    expect(quotePersonalInput.parse({ ...validPersonal, licenceType: 'Provisional UK', licenceNumber: 'lee99701170j99xy' }).licenceNumber).toBe('LEE99701170J99XY');
  });

  it.each([
    ['FLETC955170A99A', 'one character short'],
    ['FLETC955170A99ABC', 'one character over'],
    ['12345955170A99AB', 'digits for the surname'],
    ['FLETC9551X0A99AB', 'a letter among the date digits'],
    ['FLETC913170A99AB', 'month 13'],
    ['FLETC963170A99AB', 'month 63 (13 for a woman)'],
    ['FLETC950170A99AB', 'month 00'],
    ['FLETC955320A99AB', 'day 32'],
    ['FLETC955170199AB', 'a digit for the first initial'],
    ['FLETC955170A9A12', 'digits for the check letters'],
    ['AB123456C', 'a National Insurance number'],
  ])('refuses a UK licence number of the wrong shape (%s: %s) with the format message', (licenceNumber) => {
    expect(isUkLicenceNumber(licenceNumber)).toBe(false);
    for (const licenceType of ['Full UK', 'Provisional UK']) {
      expect(errorFor(quotePersonalInput, { ...validPersonal, licenceType, licenceNumber }, 'licenceNumber')).toBe(quoteMessages.ukLicenceNumberShape);
      expect(errorFor(quoteRequestInput, { ...validQuote, licenceType, licenceNumber }, 'licenceNumber')).toBe(quoteMessages.ukLicenceNumberShape);
    }
  });

  it('takes an EU or international licence number as free text up to 40 characters, kept as typed', () => {
    for (const licenceType of ['EU', 'International']) {
      expect(quotePersonalInput.parse({ ...validPersonal, licenceType, licenceNumber: ' B072RRE2I55 ' }).licenceNumber).toBe('B072RRE2I55');
      expect(quotePersonalInput.parse({ ...validPersonal, licenceType, licenceNumber: 'X'.repeat(40) }).licenceNumber).toBe('X'.repeat(40));
      expect(errorFor(quotePersonalInput, { ...validPersonal, licenceType, licenceNumber: 'X'.repeat(41) }, 'licenceNumber')).toBe('Must be at most 40 characters');
      expect(errorFor(quotePersonalInput, { ...validPersonal, licenceType, licenceNumber: 'AB\n12' }, 'licenceNumber')).toBe(quoteMessages.licenceNumberInvalid);
    }
  });

  it('needs the licence number, its type and the whole years held, 0 to 80', () => {
    expect(errorFor(quotePersonalInput, { ...validPersonal, licenceNumber: '  ' }, 'licenceNumber')).toBe(quoteMessages.licenceNumberRequired);
    expect(errorFor(quotePersonalInput, { ...validPersonal, licenceType: '' }, 'licenceType')).toBe('Choose the type of driving licence you hold');
    for (const licenceYears of ['0', '80', 0, 80]) expect(errorFor(quotePersonalInput, { ...validPersonal, licenceYears }, 'licenceYears')).toBeUndefined();
    for (const licenceYears of ['', '81', '-1', '2.5', 'ten', undefined]) {
      expect(errorFor(quotePersonalInput, { ...validPersonal, licenceYears }, 'licenceYears')).toBe(quoteMessages.licenceYearsRequired);
    }
    expect(quotePersonalInput.parse(validPersonal).licenceYears).toBe(8);
  });

  it('asks a learner for a supervising driver of 21 or over, with a full licence for 3 years or more', () => {
    const parsed = quotePersonalInput.parse(learner);
    expect(parsed).toMatchObject({ supervisorName: 'Dan Fletcher', supervisorAge: 52, supervisorLicenceYears: 30 });
    expect(errorFor(quotePersonalInput, { ...learner, supervisorAge: '19' }, 'supervisorAge')).toBe('The supervising driver must be 21 or over');
    expect(errorFor(quoteRequestInput, { ...validQuote, ...learner, supervisorAge: '19' }, 'supervisorAge')).toBe('The supervising driver must be 21 or over');
    expect(errorFor(quotePersonalInput, { ...learner, supervisorAge: '20' }, 'supervisorAge')).toBe('The supervising driver must be 21 or over');
    expect(errorFor(quotePersonalInput, { ...learner, supervisorAge: '21', supervisorLicenceYears: '3' }, 'supervisorAge')).toBeUndefined();
    expect(errorFor(quotePersonalInput, { ...learner, supervisorLicenceYears: '2' }, 'supervisorLicenceYears')).toBe(quoteMessages.supervisorLicenceTooShort);
    expect(errorFor(quotePersonalInput, { ...learner, supervisorLicenceYears: '3' }, 'supervisorLicenceYears')).toBeUndefined();
    expect(errorFor(quotePersonalInput, { ...learner, supervisorName: '' }, 'supervisorName')).toBe(quoteMessages.supervisorNameRequired);
    expect(errorFor(quotePersonalInput, { ...learner, supervisorAge: '' }, 'supervisorAge')).toBe(quoteMessages.supervisorAgeRequired);
    expect(errorFor(quotePersonalInput, { ...learner, supervisorAge: 'old' }, 'supervisorAge')).toBe(quoteMessages.supervisorAgeRequired);
    expect(errorFor(quotePersonalInput, { ...learner, supervisorLicenceYears: undefined }, 'supervisorLicenceYears')).toBe(quoteMessages.supervisorLicenceYearsRequired);
  });

  it('asks business cover for the occupation and the business’s name and nature', () => {
    expect(quotePersonalInput.parse(business)).toMatchObject({ occupation: 'Plumber', businessName: 'Fletcher Plumbing' });
    for (const [field, message] of [
      ['occupation', quoteMessages.occupationRequired],
      ['businessName', quoteMessages.businessNameRequired],
      ['businessNature', quoteMessages.businessNatureRequired],
    ] as const) {
      expect(errorFor(quotePersonalInput, { ...business, [field]: ' ' }, field)).toBe(message);
      expect(errorFor(quoteRequestInput, { ...validQuote, ...business, [field]: '' }, field)).toBe(message);
    }
  });

  it('asks temporary cover for neither, and a request keeps only its own product’s answers', () => {
    expect(checkDriverAnswers({ ...validPersonal })).toEqual([]);
    const all = quoteRequestInput.parse({ ...validQuote, ...learner, ...business, product: 'business' });
    const kept = answersForProduct(all);
    expect(kept).toMatchObject({ occupation: 'Plumber', businessName: 'Fletcher Plumbing' });
    expect(kept).not.toHaveProperty('supervisorName');
    expect(kept).not.toHaveProperty('supervisorAge');
  });

  it('reports the licence, the supervisor and the other fields in one round', () => {
    const r = quotePersonalInput.safeParse({ ...learner, firstName: '', licenceNumber: 'NOT A LICENCE', supervisorAge: '19' });
    const errors = z.flattenError(r.error!).fieldErrors as Record<string, string[]>;
    expect(errors['firstName']?.[0]).toBe(quoteMessages.firstNameRequired);
    expect(errors['licenceNumber']?.[0]).toBe(quoteMessages.ukLicenceNumberShape);
    expect(errors['supervisorAge']?.[0]).toBe('The supervising driver must be 21 or over');
  });
});

describe('step 2: the vehicle’s make and model', () => {
  it('needs both, typed, with common makes offered', () => {
    expect(vehicleMakes).toEqual(expect.arrayContaining(['Ford', 'Vauxhall', 'Volkswagen', 'Land Rover']));
    expect(errorFor(quoteVehicleInput, { ...validVehicle, vehicleMake: '' }, 'vehicleMake')).toBe(quoteMessages.vehicleMakeRequired);
    expect(errorFor(quoteVehicleInput, { ...validVehicle, vehicleModel: ' ' }, 'vehicleModel')).toBe(quoteMessages.vehicleModelRequired);
    expect(quoteVehicleInput.parse({ ...validVehicle, vehicleMake: 'Reliant' }).vehicleMake).toBe('Reliant');
  });

  it('splits a policy’s vehicle into a listed make and the model, the longest make first', () => {
    expect(splitMakeModel('Ford Fiesta 1.0 Zetec')).toEqual({ make: 'Ford', model: 'Fiesta 1.0 Zetec' });
    expect(splitMakeModel('land rover  Defender')).toEqual({ make: 'Land Rover', model: 'Defender' });
    expect(splitMakeModel('Fordson Tractor')).toEqual({ make: '', model: 'Fordson Tractor' });
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

describe('step 2: the no-claims bonus, asked of every product but a learner’s (docs/product.md#step-2-your-vehicle)', () => {
  const { noClaimsBonusYears: _y, noClaimsBonusProtected: _p, ...withoutNoClaims } = validQuote;
  const learnerRequest = { ...withoutNoClaims, ...validLearner, dateOfBirth: '2008-03-01', licenceNumber: 'FLETC053018A99AB' };

  it('takes a learner’s request without the no-claims answers, and stores it without them', () => {
    const parsed = quoteRequestInput.parse(learnerRequest);
    expect(parsed.noClaimsBonusYears).toBeUndefined();
    const stored = JSON.parse(JSON.stringify(answersForProduct(parsed))) as Record<string, unknown>;
    expect(stored).not.toHaveProperty('noClaimsBonusYears');
    expect(stored).not.toHaveProperty('noClaimsBonusProtected');
    expect(stored).toMatchObject({ product: 'learner', supervisorName: 'Dan Fletcher', usage: validVehicle.usage });
    // Blank, as a form with them hidden sends them: the same.
    const blank = quoteRequestInput.parse({ ...learnerRequest, noClaimsBonusYears: '', noClaimsBonusProtected: '' });
    expect([blank.noClaimsBonusYears, blank.noClaimsBonusProtected]).toEqual([undefined, undefined]);
  });

  it('keeps no no-claims answers a learner’s request sends (typed before the product was changed), and refuses malformed ones', () => {
    const kept = answersForProduct(quoteRequestInput.parse({ ...learnerRequest, noClaimsBonusYears: '4', noClaimsBonusProtected: 'Yes' }));
    expect(kept).not.toHaveProperty('noClaimsBonusYears');
    expect(kept).not.toHaveProperty('noClaimsBonusProtected');
    expect(errorFor(quoteRequestInput, { ...learnerRequest, noClaimsBonusYears: 'lots' }, 'noClaimsBonusYears')).toBe('Choose your years of no claims bonus');
  });

  it.each(['temporary', 'business'])('needs both of %s cover, and keeps them', (product) => {
    const request = { ...withoutNoClaims, ...validProductAnswers, product };
    expect(errorFor(quoteRequestInput, request, 'noClaimsBonusYears')).toBe('Choose your years of no claims bonus');
    expect(errorFor(quoteRequestInput, { ...request, noClaimsBonusProtected: '' }, 'noClaimsBonusProtected')).toBe('Choose whether your no claims bonus is protected');
    const kept = answersForProduct(quoteRequestInput.parse({ ...request, noClaimsBonusYears: '9+', noClaimsBonusProtected: 'No' }));
    expect(kept).toMatchObject({ noClaimsBonusYears: '9+', noClaimsBonusProtected: 'No' });
  });

  it('on step 2 alone, by the product chosen on step 1: checkCoverAnswers and withCoverAnswers', () => {
    const { noClaimsBonusYears: _y2, noClaimsBonusProtected: _p2, ...vehicle } = validVehicle;
    expect(checkCoverAnswers(vehicle, 'learner')).toEqual([]);
    expect(checkCoverAnswers(vehicle, 'temporary').map((i) => i.field)).toEqual(['noClaimsBonusYears', 'noClaimsBonusProtected']);
    expect(checkCoverAnswers(vehicle, undefined)).toHaveLength(2);
    expect(withCoverAnswers(quoteVehicleInput, 'learner').safeParse(vehicle).success).toBe(true);
    expect(errorFor(withCoverAnswers(quoteVehicleInput, 'business'), vehicle, 'noClaimsBonusProtected')).toBe('Choose whether your no claims bonus is protected');
  });
});

describe('step 2: when cover starts and how long it runs', () => {
  it.each(['00:00', '09:00', '13:05', '23:59', ' 17:30 '])('takes the start time %j (HH:MM, 24-hour)', (policyStartTime) => {
    expect(quoteVehicleInput.parse({ ...validVehicle, policyStartTime }).policyStartTime).toBe(policyStartTime.trim());
  });
  it.each(['24:00', '9:00', '09:60', '0900', '09:00 AM', '9am', '09:00:00'])('refuses the start time %j', (policyStartTime) => {
    expect(errorFor(quoteVehicleInput, { ...validVehicle, policyStartTime }, 'policyStartTime')).toBe(quoteMessages.startTimeInvalid);
  });
  it('needs a start time', () => {
    expect(errorFor(quoteVehicleInput, { ...validVehicle, policyStartTime: ' ' }, 'policyStartTime')).toBe(quoteMessages.startTimeRequired);
    const { policyStartTime: _t, ...without } = validVehicle;
    expect(errorFor(quoteVehicleInput, without, 'policyStartTime')).toBe(quoteMessages.startTimeRequired);
  });

  it.each([['3', 3], [3, 3], [' 12 ', 12], ['0', 0], ['99999', 99999]])('reads the cover length %j as the whole number %d (its limits are the clock rules’)', (durationValue, n) => {
    expect(quoteVehicleInput.parse({ ...validVehicle, durationValue }).durationValue).toBe(n);
  });
  it.each([['', quoteMessages.durationValueRequired], [null, quoteMessages.durationValueRequired], ['1.5', quoteMessages.durationValueInvalid], [1.5, quoteMessages.durationValueInvalid], ['-1', quoteMessages.durationValueInvalid], ['three', quoteMessages.durationValueInvalid], ['1e2', quoteMessages.durationValueInvalid], ['100000', quoteMessages.durationValueInvalid]])(
    'refuses the cover length %j: %s',
    (durationValue, message) => {
      expect(errorFor(quoteVehicleInput, { ...validVehicle, durationValue }, 'durationValue')).toBe(message);
    },
  );

  it('offers hours, days, weeks and months as the unit', () => {
    expect(quoteOptions.durationUnit).toEqual([
      { value: 'hours', label: 'Hours' },
      { value: 'days', label: 'Days' },
      { value: 'weeks', label: 'Weeks' },
      { value: 'months', label: 'Months' },
    ]);
    expect(errorFor(quoteVehicleInput, { ...validVehicle, durationUnit: 'years' }, 'durationUnit')).toBe('Choose hours, days, weeks or months');
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
    expect(fields).toEqual(
      expect.arrayContaining(['product', 'firstName', 'postcode', 'vehicleType', 'value', 'usage', 'policyStartYear', 'policyStartTime', 'durationValue', 'durationUnit']),
    );
    expect(fields).not.toContain('bestQuotedPremium');
  });
});


describe('the rules that need the clock', () => {
  // 1 July 2026, 13:00:30 BST: the API harness's day, half a minute into the minute.
  const NOW = Date.UTC(2026, 6, 1, 12, 0, 30);
  const TODAY = '2026-07-01';
  /** Temporary car cover for a driver of 36, from 09:00 on 10 July 2026 for 3 days, as the server has it parsed. */
  const base = {
    product: 'temporary',
    dateOfBirth: '1990-05-17',
    policyStartDay: 10,
    policyStartMonth: 7,
    policyStartYear: 2026,
    policyStartTime: '09:00',
    durationValue: 3,
    durationUnit: 'days',
  } satisfies QuoteTimesInput;
  const check = (change: QuoteTimesInput, now = NOW) => checkQuoteTimes({ ...base, ...change }, now);
  const startOn = (date: string, time = '09:00') => {
    const [y, m, d] = date.split('-').map(Number);
    return { policyStartYear: y, policyStartMonth: m, policyStartDay: d, policyStartTime: time };
  };
  const lasting = (durationValue: number, durationUnit: string) => ({ durationValue, durationUnit });
  const ageIssue = (product: (typeof products)[number]) => [{ field: 'dateOfBirth', message: `${productLabels[product]} is for drivers aged ${product === 'learner' ? '17 to 50' : '18 to 75'}` }];
  const lengthIssue = (message: string) => [{ field: 'durationValue', message }];

  it('passes the fixture as sent, parsed or as typed', () => {
    expect(check({})).toEqual([]);
    expect(checkQuoteTimes(quoteRequestInput.parse(validQuote), NOW)).toEqual([]);
    expect(checkQuoteTimes(validQuote, NOW)).toEqual([]);
  });

  it('counts whole years of age', () => {
    expect(ageOn('2009-07-01', TODAY)).toBe(17);
    expect(ageOn('2009-07-02', TODAY)).toBe(16);
    expect(ageOn('2008-02-29', '2026-02-28')).toBe(17);
  });

  describe.each([
    ['temporary', 18, 75, 'Temporary car cover is for drivers aged 18 to 75'],
    ['learner', 17, 50, 'Learner driver cover is for drivers aged 17 to 50'],
    ['business', 18, 75, 'Business use cover is for drivers aged 18 to 75'],
  ] as const)('%s cover: drivers aged %d to %d', (product, min, max, message) => {
    const bornOn = (yearsAgo: number, day: '01' | '02') => `${2026 - yearsAgo}-07-${day}`;
    it(`takes a driver who turns ${min} today, not one who turns ${min} tomorrow`, () => {
      expect(check({ product, dateOfBirth: bornOn(min, '01') })).toEqual([]);
      expect(check({ product, dateOfBirth: bornOn(min, '02') })).toEqual([{ field: 'dateOfBirth', message }]);
    });
    it(`takes a driver who turns ${max + 1} tomorrow, not one who turns ${max + 1} today`, () => {
      expect(check({ product, dateOfBirth: bornOn(max + 1, '02') })).toEqual([]);
      expect(check({ product, dateOfBirth: bornOn(max + 1, '01') })).toEqual([{ field: 'dateOfBirth', message }]);
    });
  });

  it('refuses a learner aged 66 with the product’s age message', () => {
    expect(check({ product: 'learner', dateOfBirth: '1960-03-14' })).toEqual(ageIssue('learner'));
    expect(check({ product: 'temporary', dateOfBirth: '1960-03-14' })).toEqual([]);
  });

  it('keeps the date of birth in the past and realistic, whatever the product', () => {
    for (const product of [...products, undefined]) {
      expect(check({ product, dateOfBirth: TODAY })).toEqual([{ field: 'dateOfBirth', message: quoteMessages.dateOfBirthFuture }]);
      expect(check({ product, dateOfBirth: '2030-01-01' })).toEqual([{ field: 'dateOfBirth', message: quoteMessages.dateOfBirthFuture }]);
      expect(check({ product, dateOfBirth: '1900-01-01' })).toEqual([{ field: 'dateOfBirth', message: quoteMessages.tooOld }]);
    }
  });

  it('before a product is chosen, needs a driver of 17 or over (the youngest any product takes)', () => {
    expect(check({ product: undefined, dateOfBirth: '2009-07-01' })).toEqual([]);
    expect(check({ product: '', dateOfBirth: '2009-07-02' })).toEqual([{ field: 'dateOfBirth', message: quoteMessages.tooYoung }]);
  });

  it('takes a start date from today to the end of the ninth year ahead', () => {
    expect(check(startOn('2026-07-02', '00:00'))).toEqual([]);
    expect(check(startOn('2035-12-31'))).toEqual([]);
    expect(check(startOn('2026-06-30', '23:59'))).toEqual([{ field: 'policyStartDay', message: quoteMessages.startDatePast }]);
    expect(check(startOn('2036-01-01'))).toEqual([{ field: 'policyStartYear', message: quoteMessages.startYearOutOfRange }]);
    expect(check(startOn('2025-12-01'))).toEqual([{ field: 'policyStartYear', message: quoteMessages.startYearOutOfRange }]);
  });

  it('refuses an impossible date and accepts 29 February in a leap year only', () => {
    expect(check(startOn('2026-09-31'))).toEqual([{ field: 'policyStartDay', message: quoteMessages.startDateInvalid }]);
    expect(check(startOn('2027-02-30'))).toEqual([{ field: 'policyStartDay', message: quoteMessages.startDateInvalid }]);
    expect(check(startOn('2027-02-29'))).toEqual([{ field: 'policyStartDay', message: quoteMessages.startDateInvalid }]);
    expect(check(startOn('2028-02-29'))).toEqual([]);
  });

  it('starts now or later in UK time: the current minute counts, the one before has passed (BST)', () => {
    // NOW is 13:00:30 on the UK clock (BST), 12:00:30 UTC.
    expect(check(startOn(TODAY, '13:00'))).toEqual([]);
    expect(check(startOn(TODAY, '13:01'))).toEqual([]);
    expect(check(startOn(TODAY, '12:59'))).toEqual([{ field: 'policyStartTime', message: 'Choose a start time that has not passed yet' }]);
    expect(check(startOn(TODAY, '12:00'))).toEqual([{ field: 'policyStartTime', message: quoteMessages.startTimePast }]);
    expect(check(startOn(TODAY, '13:00'), Date.UTC(2026, 6, 1, 12, 0, 59, 999))).toEqual([]);
    expect(check(startOn(TODAY, '13:00'), Date.UTC(2026, 6, 1, 12, 1))).toEqual([{ field: 'policyStartTime', message: quoteMessages.startTimePast }]);
  });

  it('reads today and now on the UK clock, not UTC', () => {
    // 23:30 UTC on 1 July is 00:30 BST on 2 July: 1 July has gone, and so has 00:29.
    const late = Date.UTC(2026, 6, 1, 23, 30);
    expect(check(startOn(TODAY, '23:45'), late)).toEqual([{ field: 'policyStartDay', message: quoteMessages.startDatePast }]);
    expect(check(startOn('2026-07-02', '00:30'), late)).toEqual([]);
    expect(check(startOn('2026-07-02', '00:29'), late)).toEqual([{ field: 'policyStartTime', message: quoteMessages.startTimePast }]);
    // In winter the UK clock is UTC (GMT).
    const winter = Date.UTC(2026, 11, 10, 9, 30);
    expect(check(startOn('2026-12-10', '09:30'), winter)).toEqual([]);
    expect(check(startOn('2026-12-10', '09:29'), winter)).toEqual([{ field: 'policyStartTime', message: quoteMessages.startTimePast }]);
  });

  it('turns the start into an instant on the UK wall clock', () => {
    expect(requestedStartOf(startOn('2026-07-10', '09:00'))).toBe(Date.UTC(2026, 6, 10, 8, 0));
    expect(requestedStartOf(startOn('2026-12-10', '09:00'))).toBe(Date.UTC(2026, 11, 10, 9, 0));
    // The hour skipped when the clocks go forward moves forward by an hour (docs/product.md#time).
    expect(requestedStartOf(startOn('2027-03-28', '01:30'))).toBe(Date.UTC(2027, 2, 28, 1, 30));
    expect(requestedStartOf(startOn('2026-09-31'))).toBeUndefined();
    expect(requestedStartOf({ ...startOn('2026-07-10'), policyStartTime: '9:00' })).toBeUndefined();
  });

  describe('each product’s shortest and longest cover, from a start in summer (no clock change)', () => {
    const temporary = (value: number, unit: string) => check({ product: 'temporary', ...lasting(value, unit) });
    const learner = (value: number, unit: string) => check({ product: 'learner', ...lasting(value, unit) });
    const business = (value: number, unit: string) => check({ product: 'business', ...lasting(value, unit) });
    const TEMPORARY = lengthIssue('Temporary car cover runs from 1 hour to 30 days');
    const LEARNER = lengthIssue('Learner driver cover runs from 1 day to 5 months');
    const BUSINESS = lengthIssue('Business use cover runs from 1 day to 30 days');

    it('temporary: 1 hour to 30 days', () => {
      expect(temporary(1, 'hours')).toEqual([]);
      expect(temporary(0, 'hours')).toEqual(TEMPORARY);
      expect(temporary(30, 'days')).toEqual([]);
      expect(temporary(31, 'days')).toEqual(TEMPORARY);
      expect(temporary(720, 'hours')).toEqual([]);
      expect(temporary(721, 'hours')).toEqual(TEMPORARY);
      expect(temporary(4, 'weeks')).toEqual([]);
      expect(temporary(5, 'weeks')).toEqual(TEMPORARY);
      // 10 July to 10 August is 31 days.
      expect(temporary(1, 'months')).toEqual(TEMPORARY);
    });

    it('learner: 1 day to 5 months', () => {
      expect(learner(1, 'days')).toEqual([]);
      expect(learner(24, 'hours')).toEqual([]);
      expect(learner(23, 'hours')).toEqual(LEARNER);
      expect(learner(0, 'days')).toEqual(LEARNER);
      expect(learner(5, 'months')).toEqual([]);
      expect(learner(6, 'months')).toEqual(LEARNER);
      // 10 July to 10 December is 153 days (21 weeks and 6 days).
      expect(learner(153, 'days')).toEqual([]);
      expect(learner(154, 'days')).toEqual(LEARNER);
      expect(learner(21, 'weeks')).toEqual([]);
      expect(learner(22, 'weeks')).toEqual(LEARNER);
    });

    it('business: 1 day to 30 days', () => {
      expect(business(1, 'days')).toEqual([]);
      expect(business(23, 'hours')).toEqual(BUSINESS);
      expect(business(30, 'days')).toEqual([]);
      expect(business(31, 'days')).toEqual(BUSINESS);
      expect(business(1, 'weeks')).toEqual([]);
      expect(business(1, 'months')).toEqual(BUSINESS);
    });
  });

  it('measures months to the same day of the month, or the month’s last day', () => {
    const learnerFrom = (date: string, value: number, unit: string) => check({ product: 'learner', ...startOn(date), ...lasting(value, unit) });
    const LEARNER = lengthIssue('Learner driver cover runs from 1 day to 5 months');
    // 31 January + 5 months = 30 June (June has no 31st): 150 days.
    expect(learnerFrom('2027-01-31', 5, 'months')).toEqual([]);
    expect(learnerFrom('2027-01-31', 150, 'days')).toEqual([]);
    expect(learnerFrom('2027-01-31', 151, 'days')).toEqual(LEARNER);
    // 30 September + 5 months = 28 February 2027: 151 days.
    expect(learnerFrom('2026-09-30', 151, 'days')).toEqual([]);
    expect(learnerFrom('2026-09-30', 152, 'days')).toEqual(LEARNER);
    // A month of business cover (at most 30 days) is as long as the month it starts in: 28 days from 1 February,
    // exactly 30 from 1 April, 31 from 1 January; from 31 January it ends on 28 February.
    const businessFrom = (date: string) => check({ product: 'business', ...startOn(date), ...lasting(1, 'months') });
    expect(businessFrom('2027-02-01')).toEqual([]);
    expect(businessFrom('2027-04-01')).toEqual([]);
    expect(businessFrom('2027-01-31')).toEqual([]);
    expect(businessFrom('2027-01-01')).toEqual(lengthIssue('Business use cover runs from 1 day to 30 days'));
  });

  it('measures days on the UK wall clock across the GMT/BST changes, hours as real hours', () => {
    const TEMPORARY = lengthIssue('Temporary car cover runs from 1 hour to 30 days');
    const LEARNER = lengthIssue('Learner driver cover runs from 1 day to 5 months');
    const from = (product: string, date: string, value: number, unit: string) => check({ product, ...startOn(date), ...lasting(value, unit) });
    // Clocks go forward on 28 March 2027: 30 days from 20 March are 719 hours, and 1 day from 27 March is 23.
    expect(from('temporary', '2027-03-20', 30, 'days')).toEqual([]);
    expect(from('temporary', '2027-03-20', 719, 'hours')).toEqual([]);
    expect(from('temporary', '2027-03-20', 720, 'hours')).toEqual(TEMPORARY);
    expect(from('learner', '2027-03-27', 23, 'hours')).toEqual([]);
    expect(from('learner', '2027-03-27', 22, 'hours')).toEqual(LEARNER);
    // Clocks go back on 25 October 2026: 30 days from 10 October are 721 hours, and 1 day from 24 October is 25.
    expect(from('temporary', '2026-10-10', 721, 'hours')).toEqual([]);
    expect(from('temporary', '2026-10-10', 722, 'hours')).toEqual(TEMPORARY);
    expect(from('learner', '2026-10-24', 25, 'hours')).toEqual([]);
    expect(from('learner', '2026-10-24', 24, 'hours')).toEqual(LEARNER);
  });

  it('measures from now while the start is not a real one, and not at all without a product or a well-formed length', () => {
    expect(check({ ...startOn('2026-09-31'), ...lasting(31, 'days') })).toEqual([
      { field: 'policyStartDay', message: quoteMessages.startDateInvalid },
      ...lengthIssue('Temporary car cover runs from 1 hour to 30 days'),
    ]);
    expect(check({ policyStartTime: 'soon', ...lasting(2, 'days') })).toEqual([]);
    expect(check({ product: 'annual', ...lasting(99, 'months') })).toEqual([]);
    expect(check({ durationValue: 1.5, durationUnit: 'days' })).toEqual([]);
    expect(check({ durationValue: 31, durationUnit: 'fortnights' })).toEqual([]);
  });

  it('reports every clock rule at once, each at its field', () => {
    expect(check({ product: 'learner', dateOfBirth: '1960-03-14', ...startOn(TODAY, '08:00'), ...lasting(6, 'months') })).toEqual([
      ...ageIssue('learner'),
      { field: 'policyStartTime', message: quoteMessages.startTimePast },
      ...lengthIssue('Learner driver cover runs from 1 day to 5 months'),
    ]);
  });

  describe('in a form', () => {
    const personal = withQuoteTimes(quotePersonalInput, () => NOW);
    const fieldErrors = (schema: z.ZodType, body: unknown) => {
      const r = schema.safeParse(body);
      return r.success ? {} : (z.flattenError(r.error).fieldErrors as Record<string, string[]>);
    };

    it('shows the product’s age message in the same round as every other field’s', () => {
      const errors = fieldErrors(personal, { ...validPersonal, ...validProductAnswers, product: 'learner', dateOfBirth: '1960-03-14', firstName: '', postcode: '12345', email: 'nope' });
      expect(errors).toEqual({
        firstName: ['First name is required'],
        email: ['Enter a valid email address'],
        postcode: [quoteMessages.postcodeInvalid],
        dateOfBirth: ['Learner driver cover is for drivers aged 17 to 50'],
      });
      // With the product missing too, the general age rule still answers beside it.
      expect(fieldErrors(personal, { ...validPersonal, product: '', dateOfBirth: '2015-01-01', phone: '' })).toEqual({
        product: ['Choose which cover you want'],
        phone: [quoteMessages.phoneRequired],
        dateOfBirth: [quoteMessages.tooYoung],
      });
      expect(fieldErrors(personal, validPersonal)).toEqual({});
    });

    it('does so on a form left otherwise blank, as a first submit sends it', () => {
      const blank = Object.fromEntries(Object.keys(validPersonal).map((k) => [k, '']));
      const errors = fieldErrors(personal, { ...blank, product: 'learner', dateOfBirth: '1960-03-14' });
      expect(Object.keys(errors).sort()).toEqual([
        'address',
        'dateOfBirth',
        'email',
        'firstName',
        'lastName',
        'licenceNumber',
        'licenceType',
        'licenceYears',
        'phone',
        'postcode',
        'supervisorAge',
        'supervisorLicenceYears',
        'supervisorName',
      ]);
      expect(errors['dateOfBirth']).toEqual(['Learner driver cover is for drivers aged 17 to 50']);
      const vehicleBlank = Object.fromEntries(Object.keys(validVehicle).map((k) => [k, '']));
      const step2 = fieldErrors(withQuoteTimes(quoteVehicleInput, () => NOW, { product: 'temporary' }), { ...vehicleBlank, ...lasting(31, 'days') });
      expect(step2['durationValue']).toEqual(['Temporary car cover runs from 1 hour to 30 days']);
      expect(step2['regNumber']).toEqual([quoteMessages.regNumberRequired]);
    });

    it('measures step 2’s cover length against step 1’s product, beside step 2’s other messages, reading the clock each time', () => {
      let now = NOW;
      const vehicle = withQuoteTimes(quoteVehicleInput, () => now, { product: 'business' });
      expect(fieldErrors(vehicle, { ...validVehicle, ...lasting(2, 'hours'), regNumber: '', policyStartTime: '' })).toEqual({
        regNumber: [quoteMessages.regNumberRequired],
        policyStartTime: [quoteMessages.startTimeRequired],
        durationValue: ['Business use cover runs from 1 day to 30 days'],
      });
      expect(fieldErrors(vehicle, { ...validVehicle, policyStartDay: '31', policyStartMonth: '2' })).toEqual({ policyStartDay: [quoteMessages.startDateInvalid] });
      expect(fieldErrors(vehicle, validVehicle)).toEqual({});
      now = Date.UTC(2026, 6, 10, 8, 1);
      expect(fieldErrors(vehicle, validVehicle)).toEqual({ policyStartTime: [quoteMessages.startTimePast] });
    });
  });
});
