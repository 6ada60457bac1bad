// The facts a request is judged and priced on (contract/rates.ts rateFacts), read from its parsed answers.
import type { RateFact } from '../../../contract/rates';
import type { Product } from '../../../contract/products';
import { ageOn } from '../../../contract/quote';
import { epochToUkLocal } from '../../../contract/time';

export type Facts = Record<RateFact, string | number | undefined>;

/** The answers pricing reads: a whole request (contract/quote.ts QuoteRequest) has them all. */
export interface PricedAnswers {
  product: Product;
  dateOfBirth: string;
  licenceType: string;
  licenceYears?: number | undefined;
  vehicleType: string;
  vehicleOwner: string;
  value?: number | undefined;
  annualMileage: string;
  keptOvernight: string;
  security: string;
  claimsPast5Years: string;
  drivingConvictions: string;
  otherConvictions: string;
  disabilities: string;
  vehicleModified: string;
  otherDrivers: string;
  coverType: string;
  usage: string;
  postcode: string;
}

/** 'no' -> 0, '2' -> 2, 'more than 3' -> 4. */
function claimsCount(answer: string): number {
  if (answer === 'no') return 0;
  if (answer === 'more than 3') return 4;
  const n = Number(answer);
  return Number.isInteger(n) ? n : 0;
}

/** 'SW1A 1AA' -> { area: 'SW', district: 'SW1A' }. */
export function postcodeParts(postcode: string): { area: string; district: string } {
  const compact = postcode.replace(/\s+/g, '').toUpperCase();
  const district = compact.length > 3 ? compact.slice(0, -3) : compact;
  return { area: /^[A-Z]{1,2}/.exec(district)?.[0] ?? '', district };
}

export function factsOf(answers: PricedAnswers, hours: number, now: number): Facts {
  return {
    product: answers.product,
    age: ageOn(answers.dateOfBirth, epochToUkLocal(now).date),
    licenceType: answers.licenceType,
    licenceYears: answers.licenceYears,
    vehicleType: answers.vehicleType,
    vehicleOwner: answers.vehicleOwner,
    // Whole pounds: the bands and rules speak pounds.
    vehicleValue: answers.value === undefined ? undefined : Math.floor(answers.value),
    annualMileage: answers.annualMileage,
    keptOvernight: answers.keptOvernight,
    security: answers.security,
    claims: claimsCount(answers.claimsPast5Years),
    drivingConvictions: answers.drivingConvictions,
    otherConvictions: answers.otherConvictions,
    disabilities: answers.disabilities,
    vehicleModified: answers.vehicleModified,
    otherDrivers: answers.otherDrivers,
    coverType: answers.coverType,
    usage: answers.usage,
    postcodeArea: postcodeParts(answers.postcode).area,
    hours,
  };
}
