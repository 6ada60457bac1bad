// Micro-benchmark for the certificate renderer. The target is p95 under 10 ms per render after warm-up,
// because certificates are rendered synchronously on the request path (download and e-mail). Run directly, it
// measures the other policy documents too (the schedule, the Statement of Fact, the summary), made the same way.
//
//   npx tsx tests/bench/pdf-bench.ts [iterations]

import { pathToFileURL } from 'node:url';
import { statementAnswers } from '../../src-server/contract/statement-of-fact';
import { renderCertificatePdf, type CertificateData } from '../../src-server/modules/policies/certificates/pdf';
import { renderSchedulePdf, type ScheduleData } from '../../src-server/modules/policies/documents/schedule-pdf';
import { renderStatementPdf } from '../../src-server/modules/policies/documents/statement-pdf';
import { renderSummaryPdf } from '../../src-server/modules/policies/documents/summary-pdf';
import { validQuote } from '../fixtures/quote';

const WARM_UP_RENDERS = 50;

/**
 * A realistic certificate, and the heaviest kind: a learner's (the longest limitations as to use, and the supervisor
 * named) that has ended (the NOT VALID line and the longer record line at the foot), with its QR code and short link. Each
 * render gets a new issuedAt and its own verification code, so nothing can be served from a cache.
 */
const sample: CertificateData = {
  policyNumber: 'KC-7Q4M2XHP',
  registration: 'AB12 CDE',
  carModel: 'Volkswagen Golf 1.5 TSI Life 5dr',
  holderName: 'Jane Alexandra Smith',
  driverName: 'Samuel James Smith',
  licenseNumber: 'SMITH751019J99AB',
  startDate: '2026-07-01',
  startTime: '09:00',
  endDate: '2026-07-08',
  endTime: '09:00',
  product: 'learner',
  use: 'social',
  supervisor: { name: 'Robert Michael Smith', age: 52, licenceYears: 30 },
  verifyUrl: 'https://www.kerbsidecover.example/verify/7Q4M2XHPAB3CDEFGHJK0',
  endedAt: Date.UTC(2026, 6, 8, 8, 0),
  issuedAt: Date.UTC(2026, 6, 9, 13, 5),
};

/** A different (valid Crockford) code per render: the QR code is encoded afresh each time, as in the server. */
const linkFor = (i: number) => `${sample.verifyUrl!.slice(0, -4)}${i.toString(32).toUpperCase().replace(/[ILOU]/g, 'X').padStart(4, '0').slice(-4)}`;

/** Nearest-rank percentile of an ascending array. */
function percentile(sorted: readonly number[], p: number): number {
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] ?? Number.NaN;
}

export async function benchCertificatePdf(iterations = 500): Promise<{ p50: number; p95: number; bytes: number }> {
  // Warm-up lets V8 optimise jsPDF's hot paths and fills the renderer's wrap cache, as in a running server.
  for (let i = 0; i < WARM_UP_RENDERS; i++) renderCertificatePdf({ ...sample, issuedAt: sample.issuedAt - i - 1, verifyUrl: linkFor(iterations + i) });

  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < iterations; i++) {
    const data = { ...sample, issuedAt: sample.issuedAt + i * 1000, verifyUrl: linkFor(i) };
    const start = performance.now();
    const pdf = renderCertificatePdf(data);
    times.push(performance.now() - start);
    bytes = pdf.byteLength;
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), bytes };
}

/** The heaviest schedule: a cancelled learner's policy with its payments and a refund. */
const schedule: ScheduleData = {
  ...sample,
  status: 'cancelled',
  startAt: Date.UTC(2026, 6, 1, 8, 0),
  endAt: Date.UTC(2026, 6, 8, 8, 0),
  endedAt: Date.UTC(2026, 6, 4, 8, 0),
  cancelsAt: null,
  cancelReason: 'The customer sold the car',
  premiumPence: 12_345,
  payments: [
    { at: Date.UTC(2026, 5, 30, 9, 0), method: 'card-by-phone', reference: 'AUTH 482913', amountPence: 12_345 },
    { at: Date.UTC(2026, 6, 4, 8, 0), method: 'card-by-phone', reference: 'REFUND 482913', amountPence: -5_000 },
  ],
};

/** p50 / p95 of the schedule, the Statement of Fact (from the wizard's answers) and the summary, each after warm-up. */
export function benchPolicyDocuments(iterations = 500): Record<'schedule' | 'statement' | 'summary', { p50: number; p95: number; bytes: number }> {
  const answers = statementAnswers(validQuote);
  const request = { reference: 'QR-7Q4M2X', createdAt: sample.issuedAt - 86_400_000, answers, acceptedAt: sample.issuedAt - 3_600_000, acceptedVia: 'online' as const, acceptedBy: 'jane.smith' };
  const renders = {
    schedule: (issuedAt: number) => renderSchedulePdf({ ...schedule, issuedAt }),
    statement: (issuedAt: number) => renderStatementPdf({ policyNumber: sample.policyNumber, policy: sample, request, issuedAt }),
    summary: (issuedAt: number) => renderSummaryPdf({ policyNumber: sample.policyNumber, product: sample.product, issuedAt }),
  };
  const measure = (render: (issuedAt: number) => Uint8Array) => {
    for (let i = 0; i < WARM_UP_RENDERS; i++) render(sample.issuedAt - i - 1);
    const times: number[] = [];
    let bytes = 0;
    for (let i = 0; i < iterations; i++) {
      const start = performance.now();
      bytes = render(sample.issuedAt + i * 1000).byteLength;
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    return { p50: percentile(times, 50), p95: percentile(times, 95), bytes };
  };
  return { schedule: measure(renders.schedule), statement: measure(renders.statement), summary: measure(renders.summary) };
}

function isDirectRun(): boolean {
  const entry = process.argv[1];
  return entry !== undefined && import.meta.url === pathToFileURL(entry).href;
}

if (isDirectRun()) {
  const requested = Number(process.argv[2]);
  const iterations = Number.isInteger(requested) && requested > 0 ? requested : 500;
  const { p50, p95, bytes } = await benchCertificatePdf(iterations);
  console.log(
    `certificate PDF: p50 ${p50.toFixed(2)} ms, p95 ${p95.toFixed(2)} ms, ${bytes} bytes (${iterations} renders)`,
  );
  for (const [name, r] of Object.entries(benchPolicyDocuments(iterations))) {
    console.log(`${name} PDF: p50 ${r.p50.toFixed(2)} ms, p95 ${r.p95.toFixed(2)} ms, ${r.bytes} bytes (${iterations} renders)`);
  }
}
