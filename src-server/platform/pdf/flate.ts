// The certificate's streams compressed by node:zlib instead of jsPDF's FlateEncode, which rebuilds the bytes as a
// string one char at a time: the garbage that set a render's p95 (docs/performance.md#the-certificate-pdf). jsPDF has
// no per-document hook, so the global filter is replaced for the plain Flate chain only; the policy documents (platform/pdf/kit.ts) use it.
import { deflateSync } from 'node:zlib';
import type { jsPDF } from 'jspdf';

type ProcessDataByFilters = (data: string | undefined, filters: string | readonly string[] | undefined) => { data: string; reverseChain: string };

const isFlateOnly = (filters: string | readonly string[] | undefined): boolean => {
  const chain = typeof filters === 'string' ? [filters] : (filters ?? []);
  return chain.length === 1 && (chain[0] === 'FlateEncode' || chain[0] === '/FlateEncode');
};

/** FlateEncode as jsPDF does it, by node:zlib; other chains by `original`. */
export function flateByZlib(original: ProcessDataByFilters): ProcessDataByFilters {
  return (data, filters) => {
    if (!isFlateOnly(filters)) return original(data, filters);
    // 'latin1' keeps each char's low byte, as jsPDF's copy into a Uint8Array does.
    const compressed = deflateSync(Buffer.from(data ?? '', 'latin1'));
    return { data: compressed.toString('latin1'), reverseChain: '/FlateDecode' };
  };
}

const installed = Symbol.for('kerbside.pdfFlateByZlib');

/** Puts flateByZlib in place of jsPDF's filter function, once per process. */
export function useZlibForFlate(pdf: typeof jsPDF): void {
  const api = pdf.API as unknown as { processDataByFilters?: ProcessDataByFilters; [installed]?: true };
  if (api[installed] || typeof api.processDataByFilters !== 'function') return;
  api.processDataByFilters = flateByZlib(api.processDataByFilters.bind(api));
  api[installed] = true;
}
