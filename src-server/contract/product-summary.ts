// The product summary of each product, in the style of an Insurance Product Information Document (IPID): the same
// questions in the same order, one page per product (docs/product.md#policy-documents). Fixed wording: the limitations
// as to use come from contract/products.ts, the ages and lengths from its rules, the broker's facts from brand.ts.
import { brand } from './brand';
import { IPT_RATE_TEXT } from './premium';
import { productLabels, productLimitations, products, type Product } from './products';
import { productAgeMessage, productDurationMessage } from './quote';

/** The IPID's questions, as its headings. */
export const summaryHeadings = {
  what: 'What is this type of insurance?',
  insured: 'What is insured?',
  notInsured: 'What is not insured?',
  restrictions: 'Are there any restrictions on cover?',
  where: 'Where am I covered?',
  obligations: 'What are my obligations?',
  pay: 'When and how do I pay?',
  term: 'When does the cover start and end?',
  cancel: 'How do I cancel the contract?',
} as const;
export type SummarySection = keyof typeof summaryHeadings;

export const SUMMARY_INTRO =
  'This document is a summary of the main features and exclusions of the cover. Complete information about your cover is ' +
  'given in your Policy Schedule, your Certificate of Motor Insurance and your Statement of Fact.';

const NEVER = 'Use for hire or reward, racing, pacemaking, speed testing, or any purpose in connection with the motor trade.';

/** What every product shares, per question; each product adds its own lines. */
const shared: Record<Exclude<SummarySection, 'what'>, readonly string[]> = {
  insured: [
    'Injury to other people and damage to their property caused by the insured vehicle: the cover the law requires (third party).',
    'Fire and theft of the vehicle (Third Party Fire and Theft, Comprehensive); accidental damage to it (Comprehensive).',
  ],
  notInsured: [
    'Anyone driving who is not named on the Certificate of Motor Insurance, or who holds no valid licence for the vehicle.',
    'Driving under the influence of alcohol or drugs; wear and tear, breakdown and loss of value.',
    NEVER,
    'The excess: the first part of a claim for damage to the vehicle.',
  ],
  restrictions: [],
  where: [
    'Great Britain, Northern Ireland, the Isle of Man and the Channel Islands.',
    'Abroad: the minimum cover each EU country’s law requires.',
  ],
  obligations: [
    'Answer our questions fully and accurately, and check your Statement of Fact: tell us at once if anything in it is wrong or changes.',
    'Keep the vehicle roadworthy, taxed and with a valid MOT where one is needed.',
    `Report any accident or loss as soon as you can on our 24-hour claims line, ${brand.phones.claims}, and do not admit liability.`,
  ],
  pay: [
    `One payment for the whole cover before it starts, by card over the phone or bank transfer; the price includes Insurance Premium Tax at ${IPT_RATE_TEXT}.`,
  ],
  term: [
    'From the date and time on your Certificate of Motor Insurance, once your quote is accepted and paid for, to the end shown there; it does not renew by itself.',
  ],
  cancel: [
    `Call us on ${brand.phones.support} or e-mail ${brand.emails.policies} with your policy number and when you would like cover to end.`,
    'Cover of less than a month may have no cooling-off period; we tell you any refund before we cancel.',
  ],
};

export interface ProductSummary {
  product: Product;
  title: string;
  sections: ReadonlyArray<{ heading: string; lines: readonly string[] }>;
}

/** What each product adds to the shared answers. */
const own: Record<Product, { what: string; insured?: string[]; notInsured?: string[]; obligations?: string[] }> = {
  temporary: {
    what: 'Short-term motor insurance for one named driver of one car, for social, domestic and pleasure use and commuting, from one hour to 30 days.',
  },
  learner: {
    what: 'Short-term motor insurance for a learner driver practising in a car, from one day to five months, alongside the owner’s own policy.',
    insured: ['A claim under this policy leaves the car owner’s own no claims bonus untouched.'],
    notInsured: ['Driving unsupervised, including after passing the driving test: cover for the learner ends when they pass.'],
    obligations: ['Display L plates (D plates in Wales) whenever the learner drives.'],
  },
  business: {
    what: 'Short-term motor insurance for one named driver of one vehicle, for social, domestic and pleasure use, commuting and the policyholder’s business, from one day to 30 days.',
    notInsured: ['Carrying goods or passengers for payment, including courier and delivery work.'],
  },
};

function summaryOf(product: Product): ProductSummary {
  const p = own[product];
  const lines = (section: Exclude<SummarySection, 'what' | 'restrictions'>, extra: readonly string[] = []) => [...shared[section], ...extra];
  const restrictions = [productAgeMessage(product) + '.', productDurationMessage(product) + '.', ...productLimitations[product]];
  const sections: [SummarySection, readonly string[]][] = [
    ['what', [p.what]],
    ['insured', lines('insured', p.insured)],
    ['notInsured', lines('notInsured', p.notInsured)],
    ['restrictions', restrictions],
    ['where', lines('where')],
    ['obligations', lines('obligations', p.obligations)],
    ['pay', lines('pay')],
    ['term', lines('term')],
    ['cancel', lines('cancel')],
  ];
  return { product, title: productLabels[product], sections: sections.map(([key, l]) => ({ heading: summaryHeadings[key], lines: l })) };
}

/** The summary of each product: static, made once. */
export const productSummaries: Record<Product, ProductSummary> = Object.fromEntries(products.map((p) => [p, summaryOf(p)])) as Record<Product, ProductSummary>;
