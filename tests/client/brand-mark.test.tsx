// The top bar's mark is drawn in the page (src-client/components/brand-mark.tsx) and the tab's icon is
// public/favicon.svg: the same drawing twice, so this keeps them the same.
import { readFileSync } from 'node:fs';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { BrandMark } from '../../src-client/components/brand-mark';

/** Each shape of an SVG as its tag and attributes, in order, whatever the spacing, quoting or closing style. */
function shapes(svg: string): string[] {
  return [...svg.matchAll(/<(rect|path|circle)\b([^>]*?)\/?>/g)].map(([, tag, attrs]) => {
    const pairs = [...attrs!.matchAll(/([a-z-]+)="([^"]*)"/g)].map(([, k, v]) => `${k}=${v}`).sort();
    return `${tag} ${pairs.join(' ')}`;
  });
}

describe('the brand mark', () => {
  it('draws what the favicon draws, hidden from screen readers (the link beside it names the brand)', () => {
    const markup = renderToStaticMarkup(<BrandMark />);
    const favicon = readFileSync(new URL('../../public/favicon.svg', import.meta.url), 'utf8');
    expect(shapes(markup)).toEqual(shapes(favicon));
    expect(shapes(markup).length).toBeGreaterThan(0);
    expect(markup).toContain('aria-hidden="true"');
    expect(/viewBox="([^"]*)"/.exec(markup)?.[1]).toBe(/viewBox="([^"]*)"/.exec(favicon)?.[1]);
  });
});
