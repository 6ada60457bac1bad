import { describe, expect, it } from 'vitest';
import { brand, brandAddressOneLine } from '../../src-server/contract/brand';
import {
  CERTIFICATE_HEADINGS,
  CERTIFICATE_TITLE,
  CERTIFICATION_STATEMENT,
  DRIVING_CONDITION,
  LIMITATIONS_OF_USE,
  formatIssuedAt,
  formatUkDateTime,
  renderCertificatePdf,
  toWinAnsi,
  type CertificateData,
} from '../../src-server/features/certificates/pdf';
import { expandedPdf, latin1, objectsOnly, pageText, readingOrder, streams, withoutStrings } from './pdf-reader';

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
  issuedAt: Date.UTC(2026, 5, 30, 13, 5), // 14:05 BST
};

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
    expect(bytes.length).toBeLessThan(4_000);
    const long = 'Wolfeschlegelsteinhausenbergerdorff '.repeat(20);
    const worst = renderCertificatePdf({ ...sample, holderName: long, driverName: long, carModel: long, registration: long });
    expect(worst.length).toBeLessThan(8_000);
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
      h6, LIMITATIONS_OF_USE,
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
      'by the policyholder in person',
      'hire or reward',
      'racing, pace-making, speed testing',
      'commercial travelling',
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
