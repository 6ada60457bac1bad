// The text rule (docs/product.md#text-fields): no text field holds control characters or bidi controls; staff
// notes keep line breaks and nothing else. A NUL stored in a name was shown whole by the customer API but cut
// short by the admin API, the CSV and the PDF; a right-to-left override made a name read differently from what
// was stored. Two halves: every string in every input schema (every tRPC procedure's and every contract
// input, query and path parameter, which the REST routes parse with) carries the contract's one rule; and the
// routes answer 400 with the field's message and write nothing.
import { TRPCError } from '@trpc/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as accountContract from '../../src-server/contract/account';
import * as callbackContract from '../../src-server/contract/callback';
import * as myDataContract from '../../src-server/contract/my-data';
import * as offerContract from '../../src-server/contract/offer';
import * as passwordResetContract from '../../src-server/contract/password-reset';
import * as queueContract from '../../src-server/contract/queues';
import * as quoteContract from '../../src-server/contract/quote';
import * as schemaContract from '../../src-server/contract/schemas';
import { messages } from '../../src-server/contract/messages';
import { TEXT_RULE } from '../../src-server/contract/text';
import * as verifyContract from '../../src-server/contract/verify';
import * as viewContract from '../../src-server/contract/views';
import { appRouter } from '../../src-server/api/trpc';
import { validQuote } from '../fixtures/quote';
import { createHarness, json, validPolicy, type ErrorBody, type Harness } from './harness';
import { addPolicy, expectJson } from './answers';

/** Every character the rule refuses, by kind (docs/product.md#text-fields). */
const FORBIDDEN: Record<string, string> = {
  NUL: '\u0000',
  'start of heading': '\u0001',
  tab: '\t',
  'vertical tab': '\u000b',
  'form feed': '\u000c',
  escape: '\u001b',
  'unit separator': '\u001f',
  DEL: '\u007f',
  'next line (C1)': '\u0085',
  'CSI (C1)': '\u009b',
  'application program command (C1)': '\u009f',
  'arabic letter mark': '\u061c',
  'left-to-right mark': '\u200e',
  'right-to-left mark': '\u200f',
  'line separator': '\u2028',
  'paragraph separator': '\u2029',
  'left-to-right embedding': '\u202a',
  'right-to-left embedding': '\u202b',
  'pop directional formatting': '\u202c',
  'left-to-right override': '\u202d',
  'right-to-left override': '\u202e',
  'left-to-right isolate': '\u2066',
  'right-to-left isolate': '\u2067',
  'first strong isolate': '\u2068',
  'pop directional isolate': '\u2069',
  'zero width space': '\u200b',
  'word joiner': '\u2060',
  'invisible times': '\u2062',
  'byte order mark': '\ufeff',
};
/** Refused in names (a person's, a username) besides: characters that show as nothing or as a blank. */
const NOT_IN_NAMES: Record<string, string> = {
  'soft hyphen': '\u00ad',
  'Hangul filler': '\u3164',
  'halfwidth Hangul filler': '\uffa0',
  'Hangul choseong filler': '\u115f',
  'Mongolian vowel separator': '\u180e',
};
/** The fields that hold a person's name or a username. */
const NAME_FIELDS = new Set(['firstName', 'lastName', 'name', 'holderName', 'driverName', 'username', 'supervisorName']);
/** Refused in a single-line field, kept in a multi-line one. */
const LINE_BREAKS: Record<string, string> = { LF: '\n', 'CR LF': '\r\n', CR: '\r' };

/**
 * Strings the rule does not apply to, and why (docs/product.md#text-fields): fields by name, and the sign-in's
 * identifier. Everything else must carry it.
 */
const EXEMPT: Record<string, string> = {
  password: 'a secret: hashed, never stored, shown or exported as text; any character a password manager makes is taken',
  website: 'the honeypot: never stored; a 400 would tell a bot which field gave it away',
  code: 'a verification code: any string is answered as not found, exactly like an unknown code (docs/api.md); a second-factor code: only digits or letters pass its own check',
  challenge: "the sign-in's second-factor challenge: looked up by its hash, never stored or shown; any other string answers 401 as an expired one",
  // The claim report's machine-made fields (contract/claim.ts): each a fixed format whose own check refuses every
  // character the rule refuses, with the field's message; none holds text a person typed.
  clientId: "the report's id, made on the phone: a UUID",
  occurredAt: 'an ISO 8601 instant the phone makes from its date and time pickers',
  takenAt: 'an ISO 8601 instant the phone reads from the photo',
  data: "a photo's bytes as base64",
  currentPassword: 'a secret typed to prove who is asking: checked against the hash, never stored, shown or exported',
};
const LOGIN_IDENTIFIER = schemaContract.loginInput.shape.username;
const exempt = (entry: StringEntry) => entry.path.at(-1)! in EXEMPT || entry.node === LOGIN_IDENTIFIER;
/** The multi-line fields: staff notes, the reasons for a change, a cancellation or a voiding, and a claim's accounts. */
const MULTI_LINE = new Set(['text', 'reason', 'description', 'injuryDetails']);

interface StringEntry {
  source: string;
  path: string[];
  node: z.ZodType;
}

type Def = { type: string; [key: string]: unknown };
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** Every string a value enters through: object fields, wrappers, union options, a pipe's input side. */
function stringEntries(source: string, schema: z.ZodType, path: string[] = [], out: StringEntry[] = []): StringEntry[] {
  const def = defOf(schema);
  const walk = (inner: unknown, at = path) => stringEntries(source, inner as z.ZodType, at, out);
  switch (def.type) {
    case 'string':
      out.push({ source, path, node: schema });
      break;
    case 'object':
      for (const [key, field] of Object.entries(def['shape'] as Record<string, unknown>)) walk(field, [...path, key]);
      break;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      walk(def['innerType']);
      break;
    case 'pipe':
      // What a value meets first; the output side only sees what the input side let through.
      walk(def['in']);
      break;
    case 'union':
      for (const option of def['options'] as unknown[]) walk(option);
      break;
    case 'intersection':
      walk(def['left']);
      walk(def['right']);
      break;
    case 'array':
      walk(def['element'], [...path, '[]']);
      break;
    case 'record':
      walk(def['valueType'], [...path, '{}']);
      break;
    case 'tuple':
      for (const item of def['items'] as unknown[]) walk(item, [...path, '[]']);
      break;
    case 'lazy':
      throw new Error(`${source} ${path.join('.')}: a lazy schema; teach the walker to read it`);
    default:
      // enum, literal, number, boolean, unknown, transform: no free text.
      break;
  }
  return out;
}

function inputSchemas(): Array<[string, z.ZodType]> {
  const found: Array<[string, z.ZodType]> = [];
  const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { inputs: z.ZodType[] } }>;
  for (const [path, procedure] of Object.entries(procedures)) {
    for (const [i, input] of procedure._def.inputs.entries()) found.push([`tRPC ${path}${i > 0 ? ` #${i}` : ''}`, input]);
  }
  const modules = { accountContract, schemaContract, quoteContract, callbackContract, queueContract, offerContract, passwordResetContract, verifyContract, viewContract, myDataContract };
  for (const mod of Object.values(modules)) {
    for (const [name, value] of Object.entries(mod)) {
      if (value instanceof z.ZodType && /(Input|Query|Param)$/.test(name)) found.push([`contract ${name}`, value]);
    }
  }
  return found;
}

const carriesRule = (node: z.ZodType, value: string) =>
  (node.safeParse(value).error?.issues ?? []).some((issue) => (issue as { params?: { rule?: unknown } }).params?.rule === TEXT_RULE);

describe('every string of every input schema carries the text rule', () => {
  const schemas = inputSchemas();
  const entries = schemas.flatMap(([source, schema]) => stringEntries(source, schema));
  // The sign-in identifier is looked up, never stored; an unknown one answers 401 whatever was typed, and the
  // audit log quotes it escaped (tests/server/login-audit-text.test.ts).
  const checked = entries.filter((e) => !exempt(e));

  it('finds the inputs and their strings', () => {
    expect(schemas.length).toBeGreaterThanOrEqual(45);
    expect(checked.length).toBeGreaterThanOrEqual(150);
    // The exemptions are real fields, not stale names.
    for (const name of Object.keys(EXEMPT)) expect(entries.some((e) => e.path.at(-1) === name), name).toBe(true);
    expect(entries.filter((e) => e.node === LOGIN_IDENTIFIER).map((e) => e.source).sort()).toEqual(['contract loginInput', 'tRPC account.login']);
  });

  it('refuses control and bidi characters in each, with the rule’s own issue', () => {
    const missing: string[] = [];
    for (const entry of checked) {
      for (const [kind, ch] of Object.entries(FORBIDDEN)) {
        if (!carriesRule(entry.node, `Ann${ch}Smith`)) missing.push(`${entry.source} ${entry.path.join('.') || '(whole input)'}: ${kind}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('refuses half a character (a lone surrogate) in each, with the message for broken text', () => {
    const missing: string[] = [];
    for (const entry of checked) {
      for (const half of ['\ud800', '\udfff']) {
        const issues = entry.node.safeParse(`Ann${half}Smith`).error?.issues ?? [];
        if (!issues.some((i) => i.message === messages.brokenText)) missing.push(`${entry.source} ${entry.path.join('.')}: ${half.charCodeAt(0).toString(16)}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('refuses line breaks in single-line fields and keeps them in multi-line ones', () => {
    const wrong: string[] = [];
    for (const entry of checked) {
      const multiLine = MULTI_LINE.has(entry.path.at(-1)!);
      for (const [kind, ch] of Object.entries(LINE_BREAKS)) {
        if (carriesRule(entry.node, `Ann${ch}Smith`) === multiLine) wrong.push(`${entry.source} ${entry.path.join('.')}: ${kind} ${multiLine ? 'refused' : 'taken'}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('refuses characters that show as nothing in names, and takes them in other text', () => {
    const wrong: string[] = [];
    const names = checked.filter((e) => NAME_FIELDS.has(e.path.at(-1)!));
    expect(names.length).toBeGreaterThanOrEqual(8);
    for (const entry of checked) {
      const isName = NAME_FIELDS.has(entry.path.at(-1)!);
      for (const [kind, ch] of Object.entries(NOT_IN_NAMES)) {
        if (carriesRule(entry.node, `Ann${ch}Smith`) !== isName) wrong.push(`${entry.source} ${entry.path.join('.')}: ${kind} ${isName ? 'taken' : 'refused'}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('takes letters of any script, accents, emoji and the joiners they need', () => {
    for (const entry of checked) {
      // The last: a Persian name whose two parts a zero-width non-joiner keeps apart.
      for (const text of ['Zoë O’Brien-Łukasz', 'محمد علي', 'שרה כהן', '👩‍👩‍👧‍👦', 'Kévin née Ōsaka', 'نازنین\u200cزهرا']) {
        expect(carriesRule(entry.node, text), `${entry.source} ${entry.path.join('.')}: ${text}`).toBe(false);
      }
    }
  });
});

describe('at the doors: 400 with the field’s message, nothing written', () => {
  let h: Harness;
  let owner: string;
  let quoteId: number;
  let addressCounter = 0;
  const address = () => `192.0.2.${++addressCounter}`;

  beforeAll(async () => {
    h = await createHarness();
    await h.addUser({ username: 'boss', isOwner: true });
    owner = await h.tokenFor('boss');
    expect((await h.request('POST', '/api/quotes', { body: validQuote, headers: { 'x-forwarded-for': address() } })).status).toBe(201);
    quoteId = Number((await h.database.client.execute('select max(id) id from quote_requests')).rows[0]!['id']);
  });
  afterAll(() => h.close());

  async function snapshot(): Promise<string> {
    const tables = ['users', 'policies', 'quote_requests', 'callback_requests', 'request_notes', 'mail_outbox', 'audit_logs'];
    return (await Promise.all(tables.map(async (t) => String((await h.database.client.execute(`select count(*) n from ${t}`)).rows[0]!['n'])))).join(',');
  }

  async function refused(res: Response, field: string, message: string): Promise<void> {
    expect(res.status).toBe(400);
    const body = await json<ErrorBody>(res);
    expect(body.error).toBe('Some of the details are not valid');
    expect(body.details?.fieldErrors?.[field]?.[0], JSON.stringify(body)).toBe(message);
  }

  const cases: Array<{ label: string; method: string; path: () => string; body: Record<string, unknown>; field: string; message: string; admin?: boolean }> = [
    { label: 'quote first name with a NUL', method: 'POST', path: () => '/api/quotes', body: { ...validQuote, firstName: 'Ann\u0000Evil' }, field: 'firstName', message: 'Names may not contain line breaks or control characters' },
    { label: 'quote address with a right-to-left override', method: 'POST', path: () => '/api/quotes', body: { ...validQuote, address: '\u202e12 Acacia Avenue' }, field: 'address', message: 'Address may not contain line breaks or control characters' },
    { label: 'quote make and model with an isolate', method: 'POST', path: () => '/api/quotes', body: { ...validQuote, vehicleModel: 'Ford \u2066Fiesta\u2069' }, field: 'vehicleModel', message: 'Make and model may not contain line breaks or control characters' },
    { label: 'quote e-mail with a right-to-left mark', method: 'POST', path: () => '/api/quotes', body: { ...validQuote, email: 'ann\u200f@example.test' }, field: 'email', message: 'Email may not contain line breaks or control characters' },
    { label: 'callback name with a C1 control', method: 'POST', path: () => '/api/callbacks', body: { name: 'Priya\u0085Patel', email: 'p@example.test', phone: '07700 900123', reasonForContact: 'other' }, field: 'name', message: 'Name may not contain line breaks or control characters' },
    { label: 'registration username with a NUL', method: 'POST', path: () => '/api/register', body: { username: 'ann\u0000', email: 'ann@example.test', password: 'longenough1' }, field: 'username', message: 'Username may not contain line breaks or control characters' },
    { label: 'policy holder with a NUL', method: 'POST', path: () => '/api/admin/policies', body: { ...validPolicy, holderName: 'Ann\u0000Smith' }, field: 'holderName', message: 'Holder name may not contain line breaks or control characters', admin: true },
    { label: 'policy vehicle with an override', method: 'POST', path: () => '/api/admin/policies', body: { ...validPolicy, carModel: '\u202eatseiF droF' }, field: 'carModel', message: 'Vehicle may not contain line breaks or control characters', admin: true },
    { label: 'policy licence with a line break', method: 'POST', path: () => '/api/admin/policies', body: { ...validPolicy, licenseNumber: 'SMITH\n701015' }, field: 'licenseNumber', message: 'Licence number may not contain line breaks or control characters', admin: true },
    { label: 'log entry with a line break', method: 'POST', path: () => '/api/admin/logs', body: { action: 'Report sent\nLogin succeeded' }, field: 'action', message: 'Action may not contain line breaks or control characters', admin: true },
    { label: 'note with a right-to-left override', method: 'POST', path: () => `/api/admin/quotes/${quoteId}/notes`, body: { text: 'Called\u202e back' }, field: 'text', message: 'Note must not contain control characters (line breaks are fine)', admin: true },
    { label: 'note with a tab', method: 'POST', path: () => `/api/admin/quotes/${quoteId}/notes`, body: { text: 'Called\tback' }, field: 'text', message: 'Note must not contain control characters (line breaks are fine)', admin: true },
    { label: 'quote first name with a zero width space', method: 'POST', path: () => '/api/quotes', body: { ...validQuote, firstName: 'Ann\u200bSmith' }, field: 'firstName', message: 'Names may not contain line breaks or control characters' },
    { label: 'quote last name with a soft hyphen', method: 'POST', path: () => '/api/quotes', body: { ...validQuote, lastName: 'Fletch\u00ader' }, field: 'lastName', message: 'Names may not contain line breaks or control characters' },
    { label: 'callback name of a Hangul filler alone', method: 'POST', path: () => '/api/callbacks', body: { name: '\u3164', email: 'p@example.test', phone: '07700 900123', reasonForContact: 'other' }, field: 'name', message: 'Name may not contain line breaks or control characters' },
    { label: 'registration username with a byte order mark inside', method: 'POST', path: () => '/api/register', body: { username: 'ann\ufeffsmith', email: 'ann@example.test', password: 'longenough1' }, field: 'username', message: 'Username may not contain line breaks or control characters' },
    { label: 'policy driver name with a word joiner', method: 'POST', path: () => '/api/admin/policies', body: { ...validPolicy, driverName: 'Ann\u2060Smith' }, field: 'driverName', message: 'Driver name may not contain line breaks or control characters', admin: true },
    { label: 'policy holder name with a soft hyphen', method: 'POST', path: () => '/api/admin/policies', body: { ...validPolicy, holderName: 'Ann Smi\u00adth' }, field: 'holderName', message: 'Holder name may not contain line breaks or control characters', admin: true },
    { label: 'note with a zero width space', method: 'POST', path: () => `/api/admin/quotes/${quoteId}/notes`, body: { text: 'Called\u200bback' }, field: 'text', message: 'Note must not contain control characters (line breaks are fine)', admin: true },
    { label: 'account name with a right-to-left override', method: 'PUT', path: () => '/api/account', body: { name: 'Ann\u202eSmith', phone: null }, field: 'name', message: 'Name may not contain line breaks or control characters', admin: true },
    { label: 'account phone with a line break', method: 'PUT', path: () => '/api/account', body: { name: null, phone: '07700\n900123' }, field: 'phone', message: 'Enter a UK phone number, such as 07700 900123 or +44 20 7946 0000', admin: true },
    { label: 'user e-mail with a NUL', method: 'POST', path: () => '/api/admin/users', body: { username: 'made', email: 'made\u0000@example.test', password: 'longenough1' }, field: 'email', message: 'Email may not contain line breaks or control characters', admin: true },
  ];

  it.each(cases)('$label', async (c) => {
    const before = await snapshot();
    const res = await h.request(c.method, c.path(), { body: c.body, token: c.admin ? owner : undefined, headers: { 'x-forwarded-for': address() } });
    await refused(res, c.field, c.message);
    expect(await snapshot()).toBe(before);
  });

  it('a search with a bidi control is refused', async () => {
    const res = await h.request('GET', `/api/admin/policies?search=${encodeURIComponent('Ann\u202eSmith')}`, { token: owner });
    await refused(res, 'search', 'search must not contain control characters');
  });

  it('the tRPC door refuses the same, with the same field message', async () => {
    const before = await snapshot();
    const err = await h
      .trpc(undefined, address())
      .quotes.submit({ ...validQuote, lastName: 'Fletcher\u0000' } as never)
      .then(() => null, (e: unknown) => e);
    expect(err).toBeInstanceOf(TRPCError);
    expect((err as TRPCError).code).toBe('BAD_REQUEST');
    const body = await expectJson<{ error: { data: { details: { fieldErrors: Record<string, string[]> } } } }>(h.request('POST', '/trpc/callbacks.request', { body: { name: 'Priya\u200ePatel', email: 'p@example.test', phone: '07700 900123', reasonForContact: 'other' } }), 400);
    expect(body.error.data.details.fieldErrors['name']).toEqual(['Name may not contain line breaks or control characters']);
    expect(await snapshot()).toBe(before);
  });

  it('a note keeps its line breaks (CR LF and CR stored as LF)', async () => {
    expect((await expectJson<{ text: string }>(h.request('POST', `/api/admin/quotes/${quoteId}/notes`, { token: owner, body: { text: 'Called back\r\nNo answer\rTry again\nTomorrow' } }), 201)).text).toBe('Called back\nNo answer\nTry again\nTomorrow');
  });

  it('names in any script, with accents and apostrophes, are taken whole', async () => {
    const res = await h.request('POST', '/api/callbacks', {
      body: { name: 'Zoë O’Brien-محمد', email: 'zoe@example.test', phone: '07700 900123', reasonForContact: 'other' },
      headers: { 'x-forwarded-for': address() },
    });
    expect(res.status).toBe(201);
    expect(await addPolicy(h, owner, { holderName: 'שרה כהן', driverName: 'Łukasz Żółć' })).toMatchObject({ holderName: 'שרה כהן', driverName: 'Łukasz Żółć' });
    const persian = await h.request('POST', '/api/callbacks', {
      body: { name: 'نازنین\u200cزهرا', email: 'nz@example.test', phone: '07700 900123', reasonForContact: 'other' },
      headers: { 'x-forwarded-for': address() },
    });
    expect(persian.status).toBe(201);
  });

  it('a byte order mark at either end is trimmed as white space; a soft hyphen outside a name is taken', async () => {
    expect(await addPolicy(h, owner, { holderName: '\ufeffAnn Smith\ufeff', carModel: 'Ford Fi\u00adesta' })).toMatchObject({ holderName: 'Ann Smith', carModel: 'Ford Fi\u00adesta' });
  });
});
