// The text rule (docs/product.md#text-fields), defined once: every string of every input schema starts from
// lineText or linesText, so REST and tRPC, server and client forms, refuse the same characters with the
// field's own message. Control characters and bidi controls have no place in a name, an address or a note:
// a NUL cut a name short in the admin API, the CSV and the PDF while the customer API showed it whole, and a
// right-to-left override makes text read differently from what is stored (a name, a registration).
import { z } from 'zod';

/** Marks the rule's issues, so a test can tell that a field carries it (tests/server/text-fields.test.ts). */
export const TEXT_RULE = 'text';

/**
 * Refused everywhere: C0 controls but LF and CR, DEL, C1 controls, the Arabic letter mark, the left-to-right
 * and right-to-left marks, the line and paragraph separators, the bidi embeddings and overrides
 * (U+202A-U+202E) and the bidi isolates (U+2066-U+2069). Letters of every script, accents, emoji and the
 * zero-width joiners that some scripts and emoji need are not touched.
 */
const ALWAYS_REFUSED = '\\u0000-\\u0009\\u000b\\u000c\\u000e-\\u001f\\u007f-\\u009f\\u061c\\u200e\\u200f\\u2028\\u2029\\u202a-\\u202e\\u2066-\\u2069';
/** What a single-line field may not hold: the above and line breaks. */
export const NOT_IN_A_LINE = new RegExp(`[${ALWAYS_REFUSED}\\n\\r]`);
/** What a multi-line field (a staff note) may not hold: the above; LF, CR LF and CR are line breaks. */
export const NOT_IN_LINES = new RegExp(`[${ALWAYS_REFUSED}]`);

/** 'Holder name may not contain line breaks or control characters': the message of a field without its own. */
export const textRuleMessage = (label: string) => `${label} may not contain line breaks or control characters`;

export interface TextRuleOptions {
  /** The field's message for a refused character. */
  message: string;
  /** The message when the value is not a string at all (zod's `error`), usually the field's "required". */
  error?: string;
  /** Trim surrounding white space first (default true); a token is taken exactly as sent. */
  trim?: boolean;
}

function ruled(forbidden: RegExp, opts: TextRuleOptions) {
  const base = z.string(opts.error === undefined ? undefined : { error: opts.error });
  // Aborts: a value with a refused character gets this one message, not the format rules' after it.
  return (opts.trim === false ? base : base.trim()).refine((v) => !forbidden.test(v), { message: opts.message, abort: true, params: { rule: TEXT_RULE } });
}

/** A single-line string: trimmed, then refused with `message` if it holds a control or bidi character or a line break. */
export const lineText = (opts: TextRuleOptions) => ruled(NOT_IN_A_LINE, opts);

/** A multi-line string (a staff note): as lineText, but LF, CR LF and CR are kept. */
export const linesText = (opts: TextRuleOptions) => ruled(NOT_IN_LINES, opts);
