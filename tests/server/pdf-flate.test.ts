import { deflateSync, inflateSync } from 'node:zlib';
import { jsPDF } from 'jspdf';
import { describe, expect, it, vi } from 'vitest';
import '../../src-server/modules/policies/certificates/pdf';
import { flateByZlib, useZlibForFlate } from '../../src-server/platform/pdf/flate';

/** What jsPDF's FlateEncode compresses: each char's low byte (it copies the chars into a Uint8Array). */
const lowBytes = (text: string): Buffer => Buffer.from(Array.from({ length: text.length }, (_, i) => text.charCodeAt(i) & 0xff));
const bytesOf = (binary: string): Buffer => Buffer.from(binary, 'latin1');

// Every byte value, a char above U+00FF (its low byte, as jsPDF keeps it) and a PDF content operator.
const content = `${Array.from({ length: 256 }, (_, i) => String.fromCharCode(i)).join('')}\u20ac BT /F1 10 Tf (Jane) Tj ET\n`;

describe('flateByZlib: FlateEncode as jsPDF does it, by node:zlib', () => {
  const original = vi.fn(() => ({ data: 'from jsPDF', reverseChain: '/Other' }));
  const filter = flateByZlib(original);

  it('deflates each char’s low byte in the zlib format that /FlateDecode names', () => {
    for (const chain of [['FlateEncode'], ['/FlateEncode'], 'FlateEncode']) {
      const { data, reverseChain } = filter(content, chain);
      expect(reverseChain).toBe('/FlateDecode');
      expect(inflateSync(bytesOf(data)).equals(lowBytes(content))).toBe(true);
      // A binary string: one char per byte of the compressed stream.
      expect([...data].every((c) => c.charCodeAt(0) <= 0xff)).toBe(true);
    }
    expect(inflateSync(bytesOf(filter(undefined, ['FlateEncode']).data)).length).toBe(0);
    expect(original).not.toHaveBeenCalled();
  });

  it('hands any other chain to jsPDF’s own', () => {
    for (const chain of [['ASCIIHexEncode'], ['FlateEncode', 'ASCII85Encode'], [], undefined]) {
      expect(filter('abc', chain)).toEqual({ data: 'from jsPDF', reverseChain: '/Other' });
    }
    expect(original).toHaveBeenCalledTimes(4);
  });
});

describe('useZlibForFlate', () => {
  it('is in place once the certificate renderer is loaded, and installs only once', () => {
    const api = jsPDF.API as unknown as { processDataByFilters: (d: string, f: string[]) => { data: string; reverseChain: string } };
    const installed = api.processDataByFilters;
    expect(bytesOf(installed(content, ['FlateEncode']).data).equals(deflateSync(lowBytes(content)))).toBe(true);
    useZlibForFlate(jsPDF);
    expect(api.processDataByFilters).toBe(installed);
  });
});
