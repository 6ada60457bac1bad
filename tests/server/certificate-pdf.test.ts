import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { brand, brandAddressOneLine } from '../../src-server/contract/brand';
import { productLimitations, products, useLimitations, vehicleUses } from '../../src-server/contract/products';
import {
  CERTIFICATE_HEADINGS,
  CERTIFICATE_TITLE,
  CERTIFICATION_STATEMENT,
  DRIVING_CONDITION,
  NOT_VALID_EXPLANATION,
  VERIFY_PROMPT,
  formatIssuedAt,
  formatUkDateTime,
  renderCertificatePdf,
  toWinAnsi,
  type CertificateData,
} from '../../src-server/modules/policies/certificates/pdf';
import { drawnRects, expandedPdf, latin1, objectsOnly, pageText, qrMatrixFrom, readingOrder, streams, withoutStrings } from './pdf-reader';

// ---------------------------------------------------------------------------------------------------------
// A deliberately small PDF reader: enough to check what jsPDF writes, independent of the renderer's code.

const count = (text: string, re: RegExp): number => (text.match(new RegExp(re.source, 'g')) ?? []).length;

function expectInOrder(haystack: string, needles: readonly string[]): void {
  let from = 0;
  for (const needle of needles) {
    const at = haystack.indexOf(needle, from);
    expect(at, `"${needle}" should appear after position ${from}`).toBeGreaterThanOrEqual(0);
    from = at + needle.length;
  }
}

// ---------------------------------------------------------------------------------------------------------

const sample: CertificateData = {
  policyNumber: 'KC-7Q4M2XHP',
  registration: 'AB12 CDE',
  carModel: 'Ford Fiesta 1.0 EcoBoost Titanium',
  holderName: 'Jane Smith',
  driverName: 'Sam Smith',
  licenseNumber: 'SMITH751019J99AB',
  startDate: '2026-07-01',
  startTime: '09:00',
  endDate: '2026-07-08',
  endTime: '17:30',
  product: 'temporary',
  use: null,
  supervisor: null,
  verifyUrl: 'https://kerbside.example/verify/7Q4M2XHPAB3CDEFGHJK0',
  endedAt: null,
  issuedAt: Date.UTC(2026, 5, 30, 13, 5), // 14:05 BST
};

/** The QR code's module matrix as the qrcode library encodes `text` (one byte-mode segment, error correction M; rows of 0/1). */
function qrMatrixOf(text: string): number[][] {
  const { size, data } = QRCode.create([{ data: new TextEncoder().encode(text), mode: 'byte' }], { errorCorrectionLevel: 'M' }).modules;
  return Array.from({ length: size }, (_, row) => Array.from(data.subarray(row * size, (row + 1) * size)));
}

const NEVER_HIRE = 'The policy does not cover use for hire or reward, racing, pacemaking, speed testing or any purpose in connection with the motor trade.';

const footerStart = `Arranged by ${brand.legalName}, ${brandAddressOneLine()}`;

describe('renderCertificatePdf: file structure', () => {
  const bytes = renderCertificatePdf(sample);
  const pdf = latin1(bytes);

  it('is a PDF with exactly one A4 portrait page', () => {
    expect(pdf.startsWith('%PDF-')).toBe(true);
    expect(pdf.trimEnd().endsWith('%%EOF')).toBe(true);
    expect(count(pdf, /\/Type\s*\/Page(?!s)/)).toBe(1);
    expect(pdf).toMatch(/\/Count 1\b/);
    const box = /\/MediaBox \[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/.exec(pdf);
    expect(Number(box?.[1])).toBeCloseTo(595.28, 1);
    expect(Number(box?.[2])).toBeCloseTo(841.89, 1);
  });

  it('uses only the standard Helvetica fonts and embeds no images or font files', () => {
    const fonts = [...pdf.matchAll(/\/BaseFont\s*\/([\w-]+)/g)].map((m) => m[1]);
    expect(new Set(fonts)).toEqual(new Set(['Helvetica', 'Helvetica-Bold']));
    expect(pdf).not.toMatch(/\/FontFile|\/Subtype\s*\/Image/);
  });

  it('stays a few kilobytes, whatever the field lengths', () => {
    expect(bytes.length).toBeLessThan(5_000);
    const long = 'Wolfeschlegelsteinhausenbergerdorff '.repeat(20);
    const worst = renderCertificatePdf({ ...sample, holderName: long, driverName: long, carModel: long, registration: long });
    expect(worst.length).toBeLessThan(9_000);
  });

  it('sets the document title, author and creation date', () => {
    expect(pdf).toContain(`/Title (Certificate ${sample.policyNumber})`);
    expect(pdf).toContain(`/Author (${brand.legalName})`);
    expect(pdf).toMatch(/\/CreationDate \(D:2026063\d/);
  });

  it('gives identical bytes for the same certificate and different ones for a new issue', () => {
    expect(Buffer.from(renderCertificatePdf(sample)).equals(Buffer.from(bytes))).toBe(true);
    const reissued = renderCertificatePdf({ ...sample, issuedAt: sample.issuedAt + 60_000 });
    expect(Buffer.from(reissued).equals(Buffer.from(bytes))).toBe(false);
  });
});

describe('renderCertificatePdf: content', () => {
  it('shows the title, the six numbered sections and the certification in order, with the data', () => {
    const text = readingOrder(renderCertificatePdf(sample));
    const [h1, h2, h3, h4, h5, h6] = CERTIFICATE_HEADINGS;
    expectInOrder(text, [
      CERTIFICATE_TITLE,
      'Certificate number: KC-7Q4M2XHP',
      h1, 'AB12 CDE', 'Ford Fiesta 1.0 EcoBoost Titanium',
      h2, 'Jane Smith',
      h3, '09:00 on 1 July 2026 (UK time)',
      h4, '17:30 on 8 July 2026 (UK time)',
      h5, 'Sam Smith (licence number SMITH751019J99AB)', DRIVING_CONDITION,
      h6, ...productLimitations.temporary,
      CERTIFICATION_STATEMENT,
      `Authorised insurer: ${brand.insurerName}`,
      footerStart,
      brand.regulatorStatement,
      brand.phones.support,
      'Issued 14:05 on 30 June 2026 (UK time)',
    ]);
  });

  it('uses the standard UK wording for use, driving entitlement and certification', () => {
    const text = readingOrder(renderCertificatePdf(sample));
    for (const phrase of [
      'social, domestic and pleasure purposes',
      'commuting',
      'hire or reward',
      'racing, pacemaking, speed testing',
      'in connection with the motor trade',
      'holds a licence to drive the vehicle',
      'not disqualified',
      'Great Britain, Northern Ireland, the Isle of Man, the Island of Guernsey, the Island of Jersey and the Island of Alderney',
    ]) {
      expect(text).toContain(phrase);
    }
  });

  it('shows the vehicle description when there is no registration', () => {
    const text = readingOrder(renderCertificatePdf({ ...sample, registration: null }));
    expectInOrder(text, [CERTIFICATE_HEADINGS[0], 'Ford Fiesta 1.0 EcoBoost Titanium', CERTIFICATE_HEADINGS[1]]);
    expect(text).not.toContain('AB12 CDE');
  });

  it('puts the broker, address, regulator and support phone in the footer, below everything else', () => {
    const shown = pageText(renderCertificatePdf(sample));
    const footer = shown.find((t) => t.text.startsWith('Arranged by'));
    expect(footer?.text).toBe(footerStart);
    const body = shown.filter((t) => t.y > (footer?.y ?? 0));
    expect(body.map((t) => t.text)).toContain(CERTIFICATE_TITLE);
    expect(body.some((t) => t.text.includes(brand.insurerName))).toBe(true);
    const below = shown.filter((t) => t.y < (footer?.y ?? 0)).map((t) => t.text).join(' ');
    expect(below).toContain(brand.regulatorStatement);
    expect(below).toContain(brand.phones.support);
  });

  it('prints cover times exactly as given, with no time-zone shift', () => {
    // 01:30 on the spring-forward Sunday does not exist as a clock time; it must still not move.
    const text = readingOrder(renderCertificatePdf({ ...sample, startDate: '2026-03-29', startTime: '01:30' }));
    expect(text).toContain('01:30 on 29 March 2026 (UK time)');
  });
});

/** The colour operators in the page's content, with their operands. */
function colourOperators(bytes: Uint8Array): Array<{ op: string; values: number[] }> {
  const content = withoutStrings(expandedPdf(bytes));
  return [...content.matchAll(/((?:[-\d.]+\s+){1,4})(rg|RG|g|G|k|K|sc|SC|scn|SCN)\b/g)].map((m) => ({
    op: m[2]!,
    values: m[1]!.trim().split(/\s+/).map(Number),
  }));
}

/** Black: grey 0, RGB 0 0 0, or CMYK 0 0 0 1. */
const isBlack = ({ op, values }: { op: string; values: number[] }): boolean =>
  /^k$/i.test(op) ? values.join(' ') === '0 0 0 1' : values.every((v) => v === 0);

describe('renderCertificatePdf: cover that has ended', () => {
  const ended = (endedAt: number, more: Partial<CertificateData> = {}) => renderCertificatePdf({ ...sample, endedAt, ...more });

  it("says 'NOT VALID - cover ended …' across the top, above the title, with the moment in UK summer time (BST)", () => {
    const bytes = ended(Date.UTC(2026, 6, 8, 16, 30), { issuedAt: Date.UTC(2026, 6, 9, 13, 5) });
    const text = readingOrder(bytes);
    expect(text.startsWith(`NOT VALID - cover ended Wed 8 Jul 2026, 17:30 BST ${NOT_VALID_EXPLANATION} ${CERTIFICATE_TITLE}`)).toBe(true);
    // Drawn large and bold inside a heavy box the width of the text column.
    const shown = pageText(bytes);
    const banner = shown.find((t) => t.text.startsWith('NOT VALID'))!;
    expect(banner.y).toBe(Math.max(...shown.map((t) => t.y)));
    const box = drawnRects(bytes).stroked.find((r) => r.y < banner.y && r.y + r.h > banner.y);
    expect(box?.w).toBeCloseTo(595.28 - 100, 0);
    expect(withoutStrings(expandedPdf(bytes))).toMatch(/\/F2 16 Tf/);
    expect(latin1(bytes)).toContain(`/Title (Certificate ${sample.policyNumber} - NOT VALID)`);
  });

  it('names GMT for a winter end, and tells apart the two 01:30s of the night the clocks go back', () => {
    expect(readingOrder(ended(Date.UTC(2026, 0, 15, 9, 30)))).toContain('NOT VALID - cover ended Thu 15 Jan 2026, 09:30 GMT');
    expect(readingOrder(ended(Date.UTC(2026, 9, 25, 0, 30)))).toContain('NOT VALID - cover ended Sun 25 Oct 2026, 01:30 BST');
    expect(readingOrder(ended(Date.UTC(2026, 9, 25, 1, 30)))).toContain('NOT VALID - cover ended Sun 25 Oct 2026, 01:30 GMT');
  });

  it("says at the foot that it was printed as a record, never 'Issued' as if the cover were current", () => {
    const text = readingOrder(ended(Date.UTC(2026, 6, 8, 16, 30), { issuedAt: Date.UTC(2026, 11, 1, 10, 0) }));
    expect(text).toContain('Printed Tue 1 Dec 2026, 10:00 GMT as a record of cover that ended Wed 8 Jul 2026, 17:30 BST; not valid as evidence of insurance.');
    expect(text).not.toContain('Issued');
    // The record is otherwise the whole certificate, in the legal order.
    expectInOrder(text, [CERTIFICATE_TITLE, ...CERTIFICATE_HEADINGS, CERTIFICATION_STATEMENT]);
  });

  it('leaves a certificate of cover in force or to come unmarked', () => {
    const bytes = renderCertificatePdf(sample);
    expect(readingOrder(bytes)).not.toMatch(/NOT VALID|record/);
    expect(drawnRects(bytes).stroked).toEqual([]);
    expect(readingOrder(bytes)).toContain('Issued 14:05 on 30 June 2026 (UK time)');
  });

  it('is black on white, ended or not: every colour set is black, and nothing is filled but the QR code', () => {
    for (const bytes of [renderCertificatePdf(sample), ended(Date.UTC(2026, 6, 8, 16, 30))]) {
      const colours = colourOperators(bytes);
      expect(colours.length).toBeGreaterThan(0);
      expect(colours.filter((c) => !isBlack(c))).toEqual([]);
      expect(qrMatrixFrom(drawnRects(bytes).filled)).toEqual(qrMatrixOf(sample.verifyUrl!));
      expect(latin1(bytes)).not.toMatch(/\/Subtype\s*\/Image/);
    }
  });
});

describe('renderCertificatePdf: limitations as to use follow the product', () => {
  /** Section 6 as read: from its heading to the certification. */
  const section6 = (bytes: Uint8Array): string => {
    const text = readingOrder(bytes);
    return text.slice(text.indexOf(CERTIFICATE_HEADINGS[5]) + CERTIFICATE_HEADINGS[5].length, text.indexOf(CERTIFICATION_STATEMENT)).trim();
  };

  it.each(products)('prints the %s product’s lines, and only those', (product) => {
    expect(section6(renderCertificatePdf({ ...sample, product }))).toBe(productLimitations[product].join(' '));
  });

  it('names a provisional licence and supervision for a learner, the business for business use, commuting for temporary cover', () => {
    const learner = section6(renderCertificatePdf({ ...sample, product: 'learner' }));
    expect(learner).toContain('holds a provisional driving licence');
    expect(learner).toContain('is supervised as the law requires');
    expect(learner).toContain('social, domestic and pleasure purposes only');
    expect(learner).not.toMatch(/business|commuting/);
    expect(section6(renderCertificatePdf({ ...sample, product: 'business' }))).toContain('in connection with the policyholder’s business');
    const temporary = section6(renderCertificatePdf({ ...sample, product: 'temporary' }));
    expect(temporary).toContain('commuting to and from a permanent place of work');
    expect(temporary).not.toMatch(/business|provisional/);
    for (const product of products) expect(section6(renderCertificatePdf({ ...sample, product }))).toContain('does not cover use for hire or reward');
  });

  it.each(vehicleUses)('states the use the request asked for (%s) within business cover, and no other', (use) => {
    const shown = section6(renderCertificatePdf({ ...sample, product: 'business', use }));
    expect(shown).toBe(useLimitations('business', use).join(' '));
    expect(shown).toContain('does not cover use for hire or reward');
  });

  it('never states a use wider than the product covers: temporary cover stops at commuting, a learner’s at social use', () => {
    expect(section6(renderCertificatePdf({ ...sample, product: 'temporary', use: 'social' }))).toBe(
      'Use for social, domestic and pleasure purposes only. ' + NEVER_HIRE,
    );
    expect(section6(renderCertificatePdf({ ...sample, product: 'temporary', use: 'business' }))).toBe(productLimitations.temporary.join(' '));
    expect(section6(renderCertificatePdf({ ...sample, product: 'learner', use: 'business' }))).toBe(productLimitations.learner.join(' '));
  });

  it('names a learner’s supervising driver in section 5 as a condition of use, and nobody for another product', () => {
    const supervisor = { name: 'Dan Fletcher', age: 52, licenceYears: 30 };
    const section5 = (bytes: Uint8Array): string => {
      const text = readingOrder(bytes);
      return text.slice(text.indexOf(CERTIFICATE_HEADINGS[4]) + CERTIFICATE_HEADINGS[4].length, text.indexOf(CERTIFICATE_HEADINGS[5])).trim();
    };
    expect(section5(renderCertificatePdf({ ...sample, product: 'learner', supervisor }))).toBe(
      `Sam Smith (licence number SMITH751019J99AB) Only while supervised by Dan Fletcher ${DRIVING_CONDITION}`,
    );
    expect(section5(renderCertificatePdf({ ...sample, product: 'temporary', supervisor }))).not.toContain('Dan Fletcher');
    // None recorded (a learner's policy staff set up): the law's rule in section 6 stands alone.
    expect(section5(renderCertificatePdf({ ...sample, product: 'learner' }))).not.toContain('supervised');
    // A hostile name is cut to its room and kept on the page.
    const long = section5(renderCertificatePdf({ ...sample, product: 'learner', supervisor: { ...supervisor, name: `Ω\u0000${'x'.repeat(5000)}` } }));
    expect(long).toContain('Only while supervised by');
    expect(long.length).toBeLessThan(800);
  });

  it('refuses a product it does not know rather than print no limitations', () => {
    expect(() => renderCertificatePdf({ ...sample, product: 'racing' as never })).toThrow(RangeError);
  });
});

describe('renderCertificatePdf: QR code and short link', () => {
  it('draws the QR code of the short link as squares: the matrix read back from the page is the encoding of the link', () => {
    const bytes = renderCertificatePdf(sample);
    const { filled } = drawnRects(bytes);
    expect(qrMatrixFrom(filled)).toEqual(qrMatrixOf(sample.verifyUrl!));
    // Whole quarter-point modules, so the squares meet exactly; about 30 mm across, at the top right.
    const left = Math.min(...filled.map((r) => r.x));
    const right = Math.max(...filled.map((r) => r.x + r.w));
    const top = Math.max(...filled.map((r) => r.y + r.h));
    const bottom = Math.min(...filled.map((r) => r.y));
    expect(right).toBeCloseTo(595.28 - 50, 1);
    expect(top).toBeCloseTo(841.89 - 50, 1);
    expect(right - left).toBeGreaterThanOrEqual(75);
    expect(right - left).toBe(top - bottom);
    // Clear of the text below it by more than the 4-module quiet zone.
    const heading1 = pageText(bytes).find((t) => t.text === CERTIFICATE_HEADINGS[0])!;
    expect(bottom - heading1.y).toBeGreaterThan(4 * filled[0]!.h);
  });

  it('prints the short link in full under the title, with how to use it', () => {
    const text = readingOrder(renderCertificatePdf(sample));
    expectInOrder(text, [CERTIFICATE_TITLE, `Certificate number: ${sample.policyNumber}`, VERIFY_PROMPT, sample.verifyUrl!, CERTIFICATE_HEADINGS[0]]);
    // A long public address wraps onto a second line rather than being cut.
    const longUrl = `https://a-rather-long-public-address.kerbside-cover-brokers.example/verify/${'7Q4M2XHPAB3CDEFGHJK0'}`;
    const lines = pageText(renderCertificatePdf({ ...sample, verifyUrl: longUrl })).map((t) => t.text);
    const at = lines.indexOf(VERIFY_PROMPT);
    expect(lines.slice(at + 1, at + 3).join('')).toBe(longUrl);
  });

  it('draws neither where a policy has no verification code', () => {
    const bytes = renderCertificatePdf({ ...sample, verifyUrl: null });
    expect(drawnRects(bytes).filled).toEqual([]);
    expect(readingOrder(bytes)).not.toContain(VERIFY_PROMPT);
  });

  it('keeps an ended learner certificate with every value at its longest on one page, the certification and insurer in full', () => {
    const long = 'W'.repeat(300);
    const bytes = renderCertificatePdf({
      ...sample,
      product: 'learner',
      endedAt: Date.UTC(2026, 6, 8, 16, 30),
      holderName: long,
      driverName: long,
      carModel: long,
      registration: long,
      licenseNumber: long,
      verifyUrl: `https://a-rather-long-public-address.kerbside-cover-brokers.example/verify/7Q4M2XHPAB3CDEFGHJK0`,
    });
    expect(count(latin1(bytes), /\/Type\s*\/Page(?!s)/)).toBe(1);
    const shown = pageText(bytes);
    const footerY = shown.find((t) => t.text.startsWith('Arranged by'))!.y;
    const text = readingOrder(bytes);
    expectInOrder(text, ['NOT VALID', CERTIFICATE_TITLE, ...CERTIFICATE_HEADINGS, ...productLimitations.learner, CERTIFICATION_STATEMENT, `Authorised insurer: ${brand.insurerName}`, 'Arranged by']);
    expect(shown.filter((t) => t.y > footerY).map((t) => t.text)).toContain(`Authorised insurer: ${brand.insurerName}`);
    expect(Math.min(...shown.map((t) => t.y))).toBeGreaterThan(0);
    expect(qrMatrixFrom(drawnRects(bytes).filled).length).toBeGreaterThan(0);
  });
});

describe('renderCertificatePdf: awkward input', () => {
  it('keeps 300-character names on one page, above the footer, shortened with an ellipsis', () => {
    const huge = { ...sample, holderName: 'W'.repeat(300), driverName: 'Maximilian '.repeat(28), carModel: 'M'.repeat(300) };
    const bytes = renderCertificatePdf(huge);
    expect(count(latin1(bytes), /\/Type\s*\/Page(?!s)/)).toBe(1);
    const shown = pageText(bytes);
    const footerY = shown.find((t) => t.text.startsWith('Arranged by'))?.y ?? Infinity;
    const body = shown.filter((t) => t.y > footerY);
    expect(body.map((t) => t.text)).toContain(`Authorised insurer: ${brand.insurerName}`);
    expect(Math.max(...shown.map((t) => t.y))).toBeLessThan(841.89);
    expect(Math.min(...shown.map((t) => t.y))).toBeGreaterThan(0);
    expect(readingOrder(bytes)).toMatch(/W+… 3\. Effective date/);
  });

  it('draws text Helvetica cannot show as "?" instead of throwing', () => {
    const name = 'Zoë Łukasz 山田 🚗';
    const bytes = renderCertificatePdf({ ...sample, holderName: name, driverName: name, carModel: 'Škoda Octavia “vRS” – €' });
    const text = readingOrder(bytes);
    expect(text).toContain('Zoë ?ukasz ?? ?');
    expect(text).toContain('Škoda Octavia “vRS” – €');
  });

  it('shows hostile strings as literal text without adding objects, operators or actions', () => {
    const hostile: CertificateData = {
      ...sample,
      policyNumber: 'KC-) /JS (x',
      registration: '\\) Tj (',
      carModel: 'endstream endobj 99 0 obj << /S /JavaScript /JS (app.alert(1)) >> endobj',
      holderName: '<script>alert(1)</script>',
      driverName: ') Tj /JS (',
      licenseNumber: '%PDF-1.7 \u0000 %%EOF',
    };
    const benign = renderCertificatePdf(sample);
    const bytes = renderCertificatePdf(hostile);
    const text = readingOrder(bytes);
    expect(text).toContain('\\) Tj (');
    expect(text).toContain(hostile.carModel);
    expect(text).toContain('<script>alert(1)</script>');
    expect(text).toContain(') Tj /JS ( (licence number %PDF-1.7 ? %%EOF)');

    // Compressed content streams keep customer text out of the raw bytes that mail scanners inspect.
    const raw = latin1(bytes);
    expect(count(withoutStrings(objectsOnly(bytes)), /\/JS\b/)).toBe(0);
    expect(raw).not.toContain('JavaScript');
    expect(count(raw, /endstream/)).toBe(streams(bytes).length);

    const code = withoutStrings(expandedPdf(bytes));
    expect(count(code, /\/JS\b/)).toBe(0);
    expect(count(code, /\/JavaScript\b/)).toBe(0);
    expect(count(code, /\/S\s*\//)).toBe(0);
    expect(count(raw, /%%EOF/)).toBe(1);
    expect(count(raw, /^%PDF-/m)).toBe(1);

    // Same structure as a benign certificate: same objects, and only the expected text operators.
    const benignCode = withoutStrings(expandedPdf(benign));
    expect(count(code, /\d+ 0 obj\b/)).toBe(count(benignCode, /\d+ 0 obj\b/));
    expect(count(code, /\bTj\b/)).toBe(pageText(bytes).length);
    expect(raw).toContain('/Title (Certificate KC-\\) /JS \\(x)');
  });

  it('rejects impossible cover dates instead of printing them', () => {
    expect(() => renderCertificatePdf({ ...sample, endDate: '2026-02-30' })).toThrow(RangeError);
    expect(() => renderCertificatePdf({ ...sample, startTime: '24:00' })).toThrow(RangeError);
    expect(() => renderCertificatePdf({ ...sample, startDate: '1/7/2026' })).toThrow(RangeError);
  });
});

describe('text and date helpers', () => {
  it('toWinAnsi keeps WinAnsi, composes accents and replaces the rest with "?"', () => {
    expect(toWinAnsi('Zoë Łukasz 山田 🚗')).toBe('Zoë ?ukasz ?? ?');
    expect(toWinAnsi('Ze\u0301 “quoted” – € …')).toBe('Zé “quoted” – € …');
    expect(toWinAnsi('a\u0000b\u0085c\u007fd')).toBe('a?b?c?d');
    expect(toWinAnsi('line\nbreak\ttab')).toBe('line break tab');
  });

  it('formats UK dates and times', () => {
    expect(formatUkDateTime('2026-07-01', '09:00')).toBe('09:00 on 1 July 2026 (UK time)');
    expect(formatUkDateTime('2026-12-31', '23:59')).toBe('23:59 on 31 December 2026 (UK time)');
    expect(formatIssuedAt(Date.UTC(2026, 0, 15, 9, 30))).toBe('09:30 on 15 January 2026 (UK time)');
    expect(formatIssuedAt(Date.UTC(2026, 6, 1, 23, 30))).toBe('00:30 on 2 July 2026 (UK time)');
  });
});
