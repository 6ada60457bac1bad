// docs/api.md's route and procedure tables, written from the operation table (src-server/api/table.ts) so they cannot
// drift from it (docs/api.md#rest-routes). Each table sits between markers:
//   <!-- generated: routes account.login account.register … -->  a REST table: the operations those tRPC names (or
//                                                                 the groups they begin) hold, in the marker's order;
//   <!-- generated: procedures -->                                 the tRPC table: every procedure, in the table's order;
// each ended by <!-- /generated -->. The table gives the rows and the facts (method, path, tier, kind); the Input and
// Answer (Output) cells are the words a person wrote, kept by the row's route or procedure, and a new row's words
// start from its definition (schema fields, summary, description, errors). Only src-server/api/ is imported, so the
// script holds wherever the features live. `npm run docs:api` writes docs/api.md; tests/server/api-tables.test.ts
// fails when it differs.
import { z } from 'zod';
import { operationsOf, type Operation, type OperationTable } from '../src-server/api/operation';
import { operations } from '../src-server/api/table';

const BLOCK = /<!-- generated: (routes|procedures)((?: [\w.]+)*) -->\n([\s\S]*?)<!-- \/generated -->/g;

interface Named {
  name: string;
  op: Operation;
}

/** A row's cells not made from the table: its Input, and its Answer (a procedure's Output). */
interface RowWords {
  input?: string | undefined;
  answer?: string | undefined;
}
/** The words of a table's rows by their key (`GET /api/health`, `account.login`). */
type Words = Map<string, RowWords>;

/** A table row's cells: `\|` inside a cell is part of it (GitHub's rule for a pipe in a cell). */
function cellsOf(line: string): string[] {
  return line
    .trim()
    .replace(/^\|/, '')
    .replace(/(?<!\\)\|$/, '')
    .split(/(?<!\\)\|/)
    .map((cell) => cell.trim());
}

const unquoted = (cell: string) => cell.replace(/`/g, '');

/**
 * The kept words of every table of a kind in `markdown`, whichever block they are in now (a row may move between
 * them): by procedure name, or by a route's method and path (`GET /api/health`) and by its path alone.
 */
export function wordsOf(markdown: string, kind: 'routes' | 'procedures'): Words {
  const words: Words = new Map();
  const onePath = new Map<string, RowWords | undefined>();
  for (const [, blockKind, , body] of markdown.matchAll(BLOCK)) {
    if (blockKind !== kind) continue;
    const lines = body!.split('\n').filter((line) => line.trim().startsWith('|'));
    const header = lines[0] ? cellsOf(lines[0]).map((cell) => cell.toLowerCase()) : [];
    /** The cell under a header; a table without the column (or a row short of it) has no words there. */
    const cell = (cells: string[], name: string) => (header.includes(name) ? cells[header.indexOf(name)] || undefined : undefined);
    for (const line of lines.slice(2)) {
      const cells = cellsOf(line);
      const kept = { input: cell(cells, 'input'), answer: cell(cells, kind === 'routes' ? 'answer' : 'output') };
      if (kind === 'procedures') {
        words.set(unquoted(cell(cells, 'procedure') ?? ''), kept);
        continue;
      }
      // A route's words are found by its method and path, or by its path alone when one row has it (a method changed).
      const path = unquoted(cell(cells, 'path') ?? '');
      words.set(`${cell(cells, 'method')} ${path}`, kept);
      onePath.set(path, onePath.has(path) ? undefined : kept);
    }
  }
  for (const [path, kept] of onePath) if (kept) words.set(path, kept);
  return words;
}

const escaped = (text: string) => text.replace(/(?<!\\)\|/g, '\\|');
const restKey = ({ rest }: Operation) => `${rest.method.toUpperCase()} /api${rest.path}`;

/** `a`, `b?`: an object schema's fields, `?` on those that may be left out. */
function fieldsOf(schema: z.ZodType | undefined): string | undefined {
  if (!(schema instanceof z.ZodObject)) return undefined;
  const shape = schema.shape as Record<string, z.ZodType>;
  return Object.entries(shape)
    .map(([key, field]) => `\`${key}${field.safeParse(undefined).success ? '?' : ''}\``)
    .join(', ');
}

/** A schema as the tables name it: a view by its id (`PolicyView`), a list of one as `PolicyView[]`, else its fields. */
function shapeOf(schema: z.ZodType | undefined): string {
  if (!schema) return 'a file';
  const id = schema.meta()?.id;
  if (typeof id === 'string') return `\`${id}\``;
  if (schema instanceof z.ZodArray) return `${shapeOf(schema.element as z.ZodType)}[]`;
  if (schema instanceof z.ZodObject) {
    const shape = schema.shape as Record<string, z.ZodType>;
    return `\`{ ${Object.entries(shape).map(([key, field]) => (typeof field.meta()?.id === 'string' ? `${key}: ${String(field.meta()?.id)}` : key)).join(', ')} }\``;
  }
  return 'JSON';
}

/** A new route's Input cell: the parts it parses, each with its fields. */
function restInput({ op }: Named): string {
  const { request, method } = op.rest;
  const parts = request ?? (op.input ? { [method === 'get' ? 'query' : 'body']: op.input } : {});
  const described = (['params', 'query', 'body'] as const)
    .filter((part) => parts[part])
    .map((part) => `${part === 'params' ? 'path' : part} ${fieldsOf(parts[part]) ?? 'JSON'}`);
  return described.length ? described.join('; ') : 'none';
}

/** A new route's Answer cell: its success status with its summary and description, then the errors it names. */
function restAnswer({ op }: Named): string {
  const { status, summary, description, errors } = op.rest;
  const text = [`${status ?? 200} ${summary}`, description].filter(Boolean).join(': ');
  return [text, ...(errors ?? []).map(String)].join('; ');
}

function procedureInput({ op }: Named): string {
  return op.input ? (op.input.meta()?.id ? shapeOf(op.input) : `\`{ ${(fieldsOf(op.input) ?? 'JSON').replace(/`/g, '')} }\``) : 'none';
}

function procedureOutput({ op }: Named): string {
  return `${shapeOf(op.output ?? op.reply)}, as \`${restKey(op)}\``;
}

/** Whether the selector (a tRPC name, or the start of one at a dot) names the operation. */
const selects = (selector: string, name: string) => name === selector || name.startsWith(`${selector}.`);

function routesTable(selectors: string[], all: Named[], words: Words, placed: Map<string, number>): string {
  const rows = selectors.flatMap((selector) => {
    const chosen = all.filter(({ name }) => selects(selector, name));
    if (!chosen.length) throw new Error(`docs/api.md: the marker's "${selector}" names no operation of src-server/api/table.ts`);
    return chosen;
  });
  const lines = rows.map((named) => {
    const { name, op } = named;
    placed.set(name, (placed.get(name) ?? 0) + 1);
    const kept = words.get(restKey(op)) ?? words.get(`/api${op.rest.path}`);
    const input = kept?.input ?? escaped(restInput(named));
    const answer = kept?.answer ?? escaped(restAnswer(named));
    return `| ${op.rest.method.toUpperCase()} | \`/api${op.rest.path}\` | ${op.tier} | ${input} | ${answer} |`;
  });
  return ['| Method | Path | Who | Input | Answer |', '| --- | --- | --- | --- | --- |', ...lines].join('\n');
}

function proceduresTable(all: Named[], words: Words): string {
  const lines = all
    .filter(({ op }) => op.trpc !== false)
    .map((named) => {
      const { name, op } = named;
      const kept = words.get(name);
      const input = kept?.input ?? escaped(procedureInput(named));
      const output = kept?.answer ?? escaped(procedureOutput(named));
      return `| \`${name}\` | ${String(op.trpc)} | ${op.tier} | ${input} | ${output} |`;
    });
  return ['| Procedure | Kind | Tier | Input | Output |', '| --- | --- | --- | --- | --- |', ...lines].join('\n');
}

/**
 * `markdown` (docs/api.md) with every generated block written again from the operation table. Throws when an
 * operation is in no routes block or in two, or a marker names no operation: the doc must place each route once.
 */
export function renderApiTables(markdown: string, table: OperationTable = operations): string {
  const all: Named[] = [...operationsOf(table)].map(([name, op]) => ({ name, op }));
  const routeWords = wordsOf(markdown, 'routes');
  const procedureWords = wordsOf(markdown, 'procedures');
  const placed = new Map<string, number>();
  const written = markdown.replace(BLOCK, (_, kind: string, selectorText: string) => {
    const selectors = selectorText.trim().split(/\s+/).filter(Boolean);
    const rows = kind === 'routes' ? routesTable(selectors, all, routeWords, placed) : proceduresTable(all, procedureWords);
    // The blank line ends the table: a line straight after a table is another row of it (GitHub's tables), the marker too.
    return `<!-- generated: ${kind}${selectorText} -->\n${rows}\n\n<!-- /generated -->`;
  });
  const unplaced = all.filter(({ name }) => !placed.has(name)).map(({ name }) => name);
  if (unplaced.length) {
    throw new Error(`docs/api.md: no <!-- generated: routes … --> marker names ${unplaced.join(', ')}: add each to the marker of its section`);
  }
  const twice = [...placed].filter(([, times]) => times > 1).map(([name]) => name);
  if (twice.length) throw new Error(`docs/api.md: ${twice.join(', ')} named by more than one routes marker (or twice in one)`);
  return written;
}
