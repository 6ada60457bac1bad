// Every citation of a documentation section (`docs/<file>.md#<anchor>` in code and comments, `<file>.md#<anchor>`
// and `#<anchor>` links in the docs and the README) names a heading that exists: a section renamed or removed
// fails here, with every citation it leaves dangling. Anchors are GitHub's: the heading's text in lower case,
// punctuation removed, spaces turned into hyphens, `-1`, `-2`… after repeats.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** This file: its citations are made-up examples for the checker's own tests. */
const SELF = relative(ROOT, fileURLToPath(import.meta.url));
/** Where citations are looked for: the code (and its comments) of these folders, the README and the docs. */
const CODE_FOLDERS = ['src-server', 'src-client', 'tests', 'scripts'];
const CODE_FILE = /\.(ts|tsx|mts|js|mjs|cjs)$/;

/** GitHub's anchor for a heading's text (as github-slugger makes it from the rendered heading). */
function slug(heading: string): string {
  const text = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1') // a link reads as its text
    .replace(/<[^>]+>/g, ''); // inline HTML is not part of the text
  return text
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** The anchors of a Markdown text's headings (not the `#` lines of its code blocks), repeats numbered as GitHub does. */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fence: string | undefined;
  for (const line of markdown.split('\n')) {
    const opening = /^\s*(```+|~~~+)/.exec(line);
    if (opening) {
      const marker = opening[1]!;
      if (fence === undefined) fence = marker;
      else if (marker.startsWith(fence)) fence = undefined;
      continue;
    }
    if (fence !== undefined) continue;
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const base = slug(heading[1]!);
    const times = seen.get(base) ?? 0;
    seen.set(base, times + 1);
    anchors.add(times === 0 ? base : `${base}-${times}`);
  }
  for (const match of markdown.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(match[1]!);
  return anchors;
}

interface Citation {
  /** Where it is written: the file (from the repository's root) and line. */
  at: string;
  /** The cited document, from the repository's root: `docs/api.md`. */
  document: string;
  anchor: string;
}

/**
 * The section citations in `text`, the file `file` (from the repository's root). A bare `<name>.md#…` names the docs
 * folder's file (the docs cite one another so, and the README's link texts name them so) unless only the root has
 * one (README.md); a Markdown file's `](#…)` links name its own headings.
 */
function citationsIn(file: string, text: string, exists: (document: string) => boolean): Citation[] {
  const found: Citation[] = [];
  const lines = text.split('\n');
  lines.forEach((line, i) => {
    const at = `${file}:${i + 1}`;
    for (const m of line.matchAll(/(?<![\w/.-])((?:docs\/)?)([\w-]+)\.md#([\w-]+)/g)) {
      const [, prefix, name, anchor] = m as unknown as [string, string, string, string];
      const inDocs = `docs/${name}.md`;
      const document = prefix || exists(inDocs) || !exists(`${name}.md`) ? inDocs : `${name}.md`;
      found.push({ at, document, anchor });
    }
    if (file.endsWith('.md')) for (const m of line.matchAll(/\]\(#([\w-]+)\)/g)) found.push({ at, document: file, anchor: m[1]! });
  });
  return found;
}

/** The citations whose document (`read` from its path) or heading does not exist, each as one line saying where. */
function brokenCitations(citations: Citation[], read: (document: string) => string | undefined): string[] {
  const anchors = new Map<string, Set<string> | undefined>();
  const broken: string[] = [];
  for (const { at, document, anchor } of citations) {
    if (!anchors.has(document)) {
      const text = read(document);
      anchors.set(document, text === undefined ? undefined : anchorsOf(text));
    }
    const known = anchors.get(document);
    if (!known) broken.push(`${at}: ${document}#${anchor}: no such document`);
    else if (!known.has(anchor)) broken.push(`${at}: ${document}#${anchor}: no such heading`);
  }
  return broken;
}

function filesUnder(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && CODE_FILE.test(entry.name))
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)));
}

function readDocument(document: string): string | undefined {
  try {
    return readFileSync(join(ROOT, document), 'utf8');
  } catch {
    return undefined;
  }
}

const exists = (document: string) => readDocument(document) !== undefined;

describe('documentation section citations', () => {
  const docs = readdirSync(join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`);
  const files = [...CODE_FOLDERS.flatMap(filesUnder).filter((file) => file !== SELF), 'README.md', ...docs];
  const citations = files.flatMap((file) => citationsIn(file, readFileSync(join(ROOT, file), 'utf8'), exists));

  it('finds the citations (hundreds of them, in code, the README and every doc)', () => {
    expect(citations.length).toBeGreaterThan(300);
    const citing = new Set(citations.map((c) => c.at.split('/')[0]!.replace(/:.*/, '')));
    for (const place of ['src-server', 'src-client', 'tests', 'README.md', 'docs']) expect(citing, place).toContain(place);
  });

  it('every cited section exists as a heading of the cited document', () => {
    expect(brokenCitations(citations, readDocument)).toEqual([]);
  });
});

describe('the checker', () => {
  it('makes GitHub’s anchors', () => {
    expect(slug('E-mail confirmation')).toBe('e-mail-confirmation');
    expect(slug('Which way to reach a libSQL server')).toBe('which-way-to-reach-a-libsql-server');
    expect(slug('Embedded file (default)')).toBe('embedded-file-default');
    expect(slug("The dashboard's first load")).toBe('the-dashboards-first-load');
    expect(slug('Admin: audit log, queues and report')).toBe('admin-audit-log-queues-and-report');
    expect(slug('Step 1: Personal Details')).toBe('step-1-personal-details');
    expect(slug('`npm run bench` and [its table](x.md)')).toBe('npm-run-bench-and-its-table');
  });

  it('numbers repeated headings and skips code blocks', () => {
    const anchors = anchorsOf('# Top\n## Notes\n```sh\n# not a heading\n```\n## Notes\n');
    expect([...anchors]).toEqual(['top', 'notes', 'notes-1']);
  });

  it('reports a citation of a heading or a document that does not exist, where it is written', () => {
    const documents: Record<string, string> = { 'docs/a.md': '# A\n## Known section\nSee [below](#known-section), [gone](#gone).\n' };
    const has = (d: string) => d in documents;
    const citations = [
      ...citationsIn('src-server/x.ts', '// ok (docs/a.md#known-section)\n// renamed (docs/a.md#old-section)\n// docs/b.md#any', has),
      ...citationsIn('docs/a.md', documents['docs/a.md']!, has),
    ];
    expect(brokenCitations(citations, (d) => documents[d])).toEqual([
      'src-server/x.ts:2: docs/a.md#old-section: no such heading',
      'src-server/x.ts:3: docs/b.md#any: no such document',
      'docs/a.md:3: docs/a.md#gone: no such heading',
    ]);
  });
});
