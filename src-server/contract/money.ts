// Amounts in pounds as people type them (4500, '4,500.50', '£19'): one schema for the quote wizard's values
// and a policy's premium. Stored and answered as a number of pounds with at most two decimals.
import { z } from 'zod';
import { lineText } from './text';

export const moneyMessages = {
  invalid: 'Enter an amount in pounds, such as 4500 or 4500.50',
  negative: 'Enter an amount of 0 or more',
  pence: 'Enter pounds and pence with at most two decimal places',
} as const;

const MONEY_TEXT = /^\d+(\.\d+)?$/;

type Given = number | string | null | undefined;

/** Reads an amount as typed: pounds, or undefined for '' / null / nothing; an issue on `ctx` when it is not one. */
function poundsFrom(v: Given, ctx: z.RefinementCtx, opts: { required: string | null; max: number }): number | undefined {
  const text = typeof v === 'number' ? (Number.isFinite(v) ? String(v) : 'x') : (v ?? '').trim().replace(/^£/, '').replace(/,/g, '');
  if (text === '') {
    if (opts.required) ctx.addIssue({ code: 'custom', message: opts.required });
    return undefined;
  }
  if (/^-/.test(text)) ctx.addIssue({ code: 'custom', message: moneyMessages.negative });
  else if (!MONEY_TEXT.test(text)) ctx.addIssue({ code: 'custom', message: moneyMessages.invalid });
  else if (/\.\d{3,}$/.test(text)) ctx.addIssue({ code: 'custom', message: moneyMessages.pence });
  else if (Number(text) > opts.max) ctx.addIssue({ code: 'custom', message: `Enter an amount up to £${opts.max.toLocaleString('en-GB')}` });
  else return Math.round(Number(text) * 100) / 100;
  return undefined;
}

// The `type` metadata describes the union for the REST API's OpenAPI document (docs/api.md#openapi), which has no
// way to write its undefined member (a field left out); plain zod metadata, no effect on parsing.
const given = z
  .union([z.number(), lineText({ message: moneyMessages.invalid, trim: false }), z.null(), z.undefined()], { error: moneyMessages.invalid })
  .meta({ type: ['number', 'string', 'null'], description: "Pounds: a number (1234.5) or text as people write it ('£1,234.50')" });

/** An amount in pounds, from a number or the text of a number input; '' and null count as not given. */
export function money(opts: { required: string | null; max: number }) {
  return given.transform((v, ctx): number | undefined => poundsFrom(v, ctx, opts));
}

/** An optional kept amount: undefined when left out (an update keeps it), null for '' or null, else pounds. */
export function keptMoney(opts: { max: number }) {
  return given.optional().transform((v, ctx): number | null | undefined => (v === undefined ? undefined : (poundsFrom(v, ctx, { required: null, ...opts }) ?? null)));
}

