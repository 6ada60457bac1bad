// The text rule (docs/product.md#text-fields): every input string starts from lineText, nameText or linesText, so
// doors and forms refuse alike; brokenTextError refuses lone surrogates in every string of every input.
import { z } from 'zod';
import { messages } from './messages';

/** Marks the rule's issues, so a test can tell that a field carries it (tests/server/text-fields.test.ts). */
export const TEXT_RULE = 'text';

/** Refused everywhere: controls but LF and CR, bidi controls and invisible characters (docs/product.md#text-fields). */
const ALWAYS_REFUSED =
  '\\u0000-\\u0009\\u000b\\u000c\\u000e-\\u001f\\u007f-\\u009f\\u061c\\u200b\\u200e\\u200f\\u2028\\u2029\\u202a-\\u202e\\u2060-\\u2064\\u2066-\\u2069\\ufeff';
/** Refused in names besides: characters that show as nothing or a blank, so a name cannot look like another. */
const NOT_IN_NAMES = '\\u00ad\\u115f\\u1160\\u180e\\u3164\\uffa0';
const NOT_IN_A_LINE = new RegExp(`[${ALWAYS_REFUSED}\\n\\r]`);
const NOT_IN_A_NAME = new RegExp(`[${ALWAYS_REFUSED}${NOT_IN_NAMES}\\n\\r]`);
const NOT_IN_LINES = new RegExp(`[${ALWAYS_REFUSED}]`);

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

/** A lone UTF-16 surrogate (with the `u` flag a well-formed pair never matches): URI encoding and UTF-8 choke on it. */
const LONE_SURROGATE = /\p{Cs}/u;

/** Whether `text` is well-formed UTF-16: String.prototype.isWellFormed's answer, as a pattern every browser the forms run in reads. */
export const isWellFormedText = (text: string) => !LONE_SURROGATE.test(text);

function ruled(forbidden: RegExp, opts: TextRuleOptions) {
  const base = z.string(opts.error === undefined ? undefined : { error: opts.error });
  // Both abort: a value with a refused character gets this one message, not the format rules' after it.
  return (opts.trim === false ? base : base.trim())
    .refine(isWellFormedText, { message: messages.brokenText, abort: true, params: { rule: TEXT_RULE } })
    .refine((v) => !forbidden.test(v), { message: opts.message, abort: true, params: { rule: TEXT_RULE } });
}

/** A single-line string: trimmed, then refused with `message` if it holds a control or bidi character or a line break. */
export const lineText = (opts: TextRuleOptions) => ruled(NOT_IN_A_LINE, opts);

/** A person's name or a username: as lineText, and the characters that show as nothing refused too. */
export const nameText = (opts: TextRuleOptions) => ruled(NOT_IN_A_NAME, opts);

/** A multi-line string (a staff note): as lineText, but LF, CR LF and CR are kept. */
export const linesText = (opts: TextRuleOptions) => ruled(NOT_IN_LINES, opts);

/** The token of an e-mailed link, taken exactly as sent: anything else than 20 to 200 such characters is `invalid`. */
export const linkToken = (invalid: string) => lineText({ error: invalid, message: invalid, trim: false }).min(20, invalid).max(200, invalid);

/** Issues reported at most: enough to name every field of a form, bounded for a hostile body. */
const MAX_BROKEN_ISSUES = 10;

interface Visit {
  value: unknown;
  key: PropertyKey | undefined;
  parent: Visit | undefined;
}

const pathOf = (visit: Visit): PropertyKey[] => {
  const path: PropertyKey[] = [];
  for (let at: Visit | undefined = visit; at?.key !== undefined; at = at.parent) path.unshift(at.key);
  return path;
};

/** A ZodError at any ill-formed string in a raw input (keys too), or null; iterative, so deep nests can't overflow. */
export function brokenTextError(input: unknown): z.ZodError | null {
  const issues: z.core.$ZodIssue[] = [];
  const refuse = (visit: Visit) =>
    issues.push({ code: 'custom', path: pathOf(visit), message: messages.brokenText, params: { rule: TEXT_RULE } });
  const stack: Visit[] = [{ value: input, key: undefined, parent: undefined }];
  while (stack.length > 0 && issues.length < MAX_BROKEN_ISSUES) {
    const visit = stack.pop()!;
    const { value } = visit;
    if (typeof value === 'string') {
      if (!isWellFormedText(value)) refuse(visit);
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push({ value: value[i] as unknown, key: i, parent: visit });
    } else if (value !== null && typeof value === 'object') {
      const entries = Object.entries(value);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, inner] = entries[i]!;
        // A broken key is refused where it stands, under its parent.
        if (!isWellFormedText(key)) refuse(visit);
        stack.push({ value: inner, key, parent: visit });
      }
    }
  }
  // ZodRealError: the Error that schema.parse throws, so both doors answer it as they answer any schema failure.
  return issues.length > 0 ? new z.ZodRealError(issues) : null;
}
