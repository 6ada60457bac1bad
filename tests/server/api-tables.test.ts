// docs/api.md's route and procedure tables are the operation table's (docs/api.md#rest-routes): the file must be what
// `npm run docs:api` writes, every operation must have its row, and the writer keeps the words a person wrote.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { operationsOf, type Operation } from '../../src-server/api/operation';
import { defineRoute } from '../../src-server/api/openapi-route';
import { requestOf } from '../../src-server/api/rest';
import { operations } from '../../src-server/api/table';
import { renderApiTables, wordsOf } from '../../scripts/api-tables';

const DOC = readFileSync(fileURLToPath(new URL('../../docs/api.md', import.meta.url)), 'utf8');
const all = [...operationsOf(operations)];

/** The rows of the generated blocks of a kind, as their first cells: `GET /api/health`, `account.login`. */
function rowsOf(markdown: string, kind: 'routes' | 'procedures'): string[] {
  const blocks = [...markdown.matchAll(/<!-- generated: (\w+)[^>]*-->\n([\s\S]*?)<!-- \/generated -->/g)].filter(([, k]) => k === kind);
  return blocks.flatMap(([, , body]) =>
    body!
      .split('\n')
      .filter((line) => line.startsWith('|'))
      .slice(2)
      .map((line) => {
        const cells = line.split(' | ').map((cell) => cell.replace(/^\| /, '').replace(/`/g, ''));
        return kind === 'routes' ? `${cells[0]} ${cells[1]}` : cells[0]!;
      }),
  );
}

/** Every schema the contract exports, by its name there (`loginInput`): what an Input cell names. */
const contractNames = new Map<unknown, string>();
for (const exports of Object.values(import.meta.glob<Record<string, unknown>>('../../src-server/contract/*.ts', { eager: true }))) {
  for (const [name, value] of Object.entries(exports)) if (value instanceof z.ZodType && !contractNames.has(value)) contractNames.set(value, name);
}

/** The names of the contract's schemas an operation parses with: its input, its route's parts, and those inside them. */
function schemaNamesOf(op: Operation): Set<string> {
  const found = new Set<string>();
  const seen = new Set<unknown>();
  const visit = (value: unknown): void => {
    if (value instanceof z.ZodType) {
      if (seen.has(value)) return;
      seen.add(value);
      const name = contractNames.get(value);
      if (name) found.add(name);
      // A schema's definition holds the schemas it is made of (an object's shape, a list's element, a union's options).
      Object.values(value.def as object).forEach(visit);
    } else if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === 'object') Object.values(value).forEach(visit);
  };
  [op.input, op.rest.request?.params, op.rest.request?.query, op.rest.request?.body].forEach(visit);
  return found;
}

/** The views (`.meta({ id })`) a schema answers, itself and every one inside it. */
function viewsOf(schema: z.ZodType | undefined): Set<string> {
  if (!schema) return new Set();
  const json = JSON.stringify(z.toJSONSchema(schema, { unrepresentable: 'any', io: 'output' }));
  const ids = [...json.matchAll(/"\$ref":"#\/\$defs\/(\w+)"|"id":"(\w+)"/g)].map((m) => m[1] ?? m[2]!);
  const own = schema.meta()?.id;
  return new Set(typeof own === 'string' ? [own, ...ids] : ids);
}

describe('docs/api.md tables', () => {
  it('are what `npm run docs:api` writes from the operation table', () => {
    expect(DOC, 'docs/api.md differs from the operation table: run `npm run docs:api` and commit the file').toBe(renderApiTables(DOC));
  });

  it('give every REST route a row once, and every tRPC procedure', () => {
    const routes = all.map(([, op]) => `${op.rest.method.toUpperCase()} /api${op.rest.path}`);
    expect(rowsOf(DOC, 'routes').toSorted()).toEqual(routes.toSorted());
    expect(rowsOf(DOC, 'procedures')).toEqual(all.filter(([, op]) => op.trpc !== false).map(([name]) => name));
    // The operation the hand-kept tables had lost.
    expect(rowsOf(DOC, 'routes')).toContain('GET /api/user/policies/{policyNumber}/renewal');
    expect(rowsOf(DOC, 'procedures')).toContain('quotes.renewal');
  });

  it("name in a route's Answer only statuses its OpenAPI document lists", () => {
    const routes = wordsOf(DOC, 'routes');
    const unlisted = all.flatMap(([name, op]) => {
      const listed = Object.keys(defineRoute(op, requestOf(op)).responses);
      const named = (routes.get(`${op.rest.method.toUpperCase()} /api${op.rest.path}`)?.answer ?? '').match(/\b(?:20[01]|4(?:0[0-59]|1[35]|29)|50[03])\b/g) ?? [];
      return [...new Set(named)].filter((status) => !listed.includes(status)).map((status) => `${name}: ${status}`);
    });
    // A status the words give that the route's errors leave out (or the reverse of a change): fix the one that is wrong.
    expect(unlisted).toEqual([]);
  });

  it("name in an Input only the contract's schemas the operation parses with", () => {
    const routes = wordsOf(DOC, 'routes');
    const procedures = wordsOf(DOC, 'procedures');
    const known = new Set(contractNames.values());
    const strays = all.flatMap(([name, op]) => {
      const parsed = schemaNamesOf(op);
      const cells = [routes.get(`${op.rest.method.toUpperCase()} /api${op.rest.path}`)?.input, procedures.get(name)?.input];
      // A name in code quotes that the contract has, or that is written as its inputs are named (one renamed since).
      const named = cells.flatMap((cell) => [...(cell ?? '').matchAll(/`(\w+)`/g)].map((m) => m[1]!));
      const schemas = named.filter((word) => known.has(word) || /^[a-z]\w*(?:Input|Query|Params?|Body)$/.test(word));
      return [...new Set(schemas)].filter((schema) => !parsed.has(schema)).map((schema) => `${name}: ${schema}`);
    });
    expect(strays).toEqual([]);
  });

  it('name in an Answer or an Output only the views the operation answers', () => {
    const routes = wordsOf(DOC, 'routes');
    const procedures = wordsOf(DOC, 'procedures');
    const answered = new Map(all.map(([name, op]) => [name, viewsOf(op.output ?? op.reply ?? op.rest.answer?.schema)]));
    const views = new Set([...answered.values()].flatMap((ids) => [...ids]));
    const strays = all.flatMap(([name, op]) => {
      const cells = [routes.get(`${op.rest.method.toUpperCase()} /api${op.rest.path}`)?.answer, procedures.get(name)?.answer];
      const named = cells.flatMap((cell) => cell?.match(/\b[A-Z]\w+\b/g) ?? []).filter((word) => views.has(word));
      return [...new Set(named)].filter((view) => !answered.get(name)!.has(view)).map((view) => `${name}: ${view}`);
    });
    expect(strays).toEqual([]);
  });
});

describe('renderApiTables', () => {
  const renewalRow = DOC.split('\n').find((line) => line.startsWith('| GET | `/api/user/policies/{policyNumber}/renewal` |'))!;

  it('writes back a missing row, from the definition', () => {
    const without = DOC.replace(`${renewalRow}\n`, '');
    expect(without).not.toBe(DOC);
    const written = renderApiTables(without);
    expect(written).not.toBe(without);
    expect(written).toContain(
      "| GET | `/api/user/policies/{policyNumber}/renewal` | customer | path `policyNumber` | 200 The quote wizard filled in from one of the caller's own policies: ",
    );
  });

  it('writes the method, the path, the tier and the kind from the table, whatever the file says', () => {
    const wrong = DOC.replace('| POST | `/api/login` | public |', '| PUT | `/api/login` | customer |').replace(
      '| `account.logout` | mutation | customer |',
      '| `account.logout` | query | public |',
    );
    expect(wrong).not.toBe(DOC);
    const written = renderApiTables(wrong);
    expect(written).toContain('| POST | `/api/login` | public | `loginInput`');
    expect(written).not.toContain('| PUT | `/api/login` |');
    expect(written).toContain('| `account.logout` | mutation | customer |');
  });

  it('keeps the Input and Answer words a person wrote, in whichever section the row is', () => {
    const edited = DOC.replace(renewalRow, renewalRow.replace('| 200 [`RenewalDraftView`]', '| 200 (words written by hand) [`RenewalDraftView`]'));
    expect(renderApiTables(edited)).toContain('(words written by hand)');
  });

  it('refuses a file where an operation is in no section, or a marker names none', () => {
    const unplaced = DOC.replace('<!-- generated: routes policies quotes.renewal -->', '<!-- generated: routes policies -->');
    expect(() => renderApiTables(unplaced)).toThrow(/no <!-- generated: routes … --> marker names quotes\.renewal:/);
    const unknown = DOC.replace('<!-- generated: routes verify -->', '<!-- generated: routes verify renewals -->');
    expect(() => renderApiTables(unknown)).toThrow(/"renewals" names no operation/);
    const twice = DOC.replace('<!-- generated: routes verify -->', '<!-- generated: routes verify quotes.renewal -->');
    expect(() => renderApiTables(twice)).toThrow(/quotes\.renewal named by more than one routes marker/);
  });
});
