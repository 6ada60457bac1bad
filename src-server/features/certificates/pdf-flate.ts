// The certificate's streams compressed by node:zlib instead of jsPDF's own FlateEncode.
//
// Why: jsPDF (4.2) compresses each stream with fflate and then turns the compressed bytes back into a string one
// byte at a time (`bytes.reduce((s, b) => s + String.fromCharCode(b), '')`): a few thousand one-character
// concatenations per certificate. That chain is the largest share of what a render would leave behind past a minor
// garbage collection (~80 of ~210 KB a render, V8's sampling heap profiler), and the collections it brings on set a
// render's p95: 9-11 ms with it against a p50 of 3-4 ms, 4-6 ms with this (docs/performance.md#the-certificate-pdf).
// zlib's deflate is native, writes the same zlib format that /FlateDecode names, and its bytes become one string.
//
// jsPDF calls its filters through the global `jsPDF.API.processDataByFilters` (no per-document hook), so this
// replaces that function in this process, for the one chain compress: true asks for; any other chain still goes
// to jsPDF's own. The server's only jsPDF user is the certificate renderer (pdf.ts).
import { deflateSync } from 'node:zlib';
import type { jsPDF } from 'jspdf';

type ProcessDataByFilters = (data: string | undefined, filters: string | readonly string[] | undefined) => { data: string; reverseChain: string };

const isFlateOnly = (filters: string | readonly string[] | undefined): boolean => {
  const chain = typeof filters === 'string' ? [filters] : (filters ?? []);
  return chain.length === 1 && (chain[0] === 'FlateEncode' || chain[0] === '/FlateEncode');
};

/**
 * FlateEncode as jsPDF does it (each char's low byte, deflated in the zlib format, as a binary string), by
 * node:zlib; other chains by `original`.
 */
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
