// The PDF engine's door (docs/performance.md#the-certificate-pdf): jsPDF set up and patched once (flate.ts, the
// streams compressed by node:zlib) and the layout every policy document shares (kit.ts). Each document's own layout
// (certificate, schedule, statement, summary) is the policies module's.
export * from './kit';
