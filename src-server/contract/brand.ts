// Every company fact the product shows lives here. Phones in Ofcom's drama range and reserved `.example` domains
// on purpose: a demonstration brand, nothing here may reach a real person.

export const brand = {
  name: 'Kerbside Cover',
  shortName: 'Kerbside',
  legalName: 'Kerbside Cover Ltd',
  tagline: 'Temporary car insurance, learner cover and business use, from an hour to a month.',
  companyNumber: '00000000',
  /** Placeholder until the FCA authorisation is granted: obviously not a real FRN. */
  firmReferenceNumber: 'FRN 000000 (placeholder)',
  regulatorStatement:
    'Authorised and regulated by the Financial Conduct Authority. Firm Reference Number 000000 (placeholder).',
  address: {
    lines: ['Kerbside House', '1 Example Street'],
    town: 'London',
    postcode: 'EC1A 1AA',
    country: 'United Kingdom',
  },
  /** The insurer that underwrites the cover Kerbside Cover arranges (named on certificates). */
  insurerName: 'Example Underwriting Insurance Ltd',
  phones: {
    support: '020 7946 0000',
    claims: '020 7946 0001',
    windscreen: '020 7946 0002',
    motorLegal: '020 7946 0003',
    keys: '020 7946 0004',
  },
  emails: {
    support: 'support@kerbsidecover.example',
    claims: 'claims@kerbsidecover.example',
    policies: 'policies@kerbsidecover.example',
    payments: 'payments@kerbsidecover.example',
    quotes: 'quotes@kerbsidecover.example',
    complaints: 'complaints@kerbsidecover.example',
    /** Data protection requests (UK GDPR rights), named in the privacy policy. */
    privacy: 'privacy@kerbsidecover.example',
    noReply: 'no-reply@kerbsidecover.example',
  },
  openingHours: 'Monday to Friday 8am to 8pm, Saturday 9am to 5pm; claims line 24 hours a day, 7 days a week',
  complaints: { finalResponseWeeks: 8, ombudsman: 'Financial Ombudsman Service' },
} as const;

export function brandAddressOneLine(): string {
  const a = brand.address;
  return [...a.lines, a.town, a.postcode].join(', ');
}

/** The `tel:` link for a number in brand.phones, in international form: '020 7946 0000' -> 'tel:+442079460000'. */
export function brandTelHref(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return `tel:${digits.startsWith('0') ? `+44${digits.slice(1)}` : `+${digits}`}`;
}
