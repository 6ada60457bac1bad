// A customer's own data and closing their account (docs/product.md#my-data, docs/product.md#closing-your-account):
// shared by the server and the client's account sections.
import { z } from 'zod';
import { passkeyView } from './passkeys';
import { customerOverviewView, CUSTOMER_LIST_LIMIT } from './views';

/** The most audit entries a copy holds, newest first: the rest are older and say the same kinds of thing. */
export const MY_DATA_AUDIT_LIMIT = 200;

/** An audit entry about the account (docs/product.md#audit-log): what happened and when. */
const myAuditEntryView = z.strictObject({
  action: z.string(),
  level: z.enum(['info', 'warning', 'error']),
  createdAt: z.iso.datetime(),
  /** How many times a repeated event happened (a refused sign-in), and when the last one was. */
  count: z.number().int(),
  lastAt: z.iso.datetime().nullable(),
});

/**
 * Everything held about the caller (the UK GDPR right of access): the records staff's one view of a customer reads,
 * and the audit entries about the account. Each list is its newest `limits` entries, and says when it is full.
 */
export const myDataView = customerOverviewView
  .extend({
    generatedAt: z.iso.datetime(),
    auditEntries: z.array(myAuditEntryView),
    /** The account's passkeys (docs/product.md#passkeys): names and dates; a public key tells a person nothing. */
    passkeys: z.array(passkeyView),
    limits: z.strictObject({ perList: z.number().int(), auditEntries: z.number().int() }),
    /** The lists that hold their limit: older entries exist and are not in this copy. */
    fullLists: z.array(z.string()),
  })
  .meta({ id: 'MyDataView' });
export type MyDataView = z.infer<typeof myDataView>;

export const MY_DATA_LIMITS = { perList: CUSTOMER_LIST_LIMIT, auditEntries: MY_DATA_AUDIT_LIMIT } as const;

export const closeAccountInput = z.object({
  // Checked against the stored hash, never stored: exempt from the text rule as the sign-in's password is.
  password: z.string({ error: 'Enter your password' }).min(1, 'Enter your password').max(128),
});
export type CloseAccountInput = z.infer<typeof closeAccountInput>;

/** What closing did: closed (kept with its policies) or deleted (it held none). */
export const accountClosedReply = z.strictObject({ success: z.literal(true), deleted: z.boolean(), message: z.string() });
export type AccountClosedReply = z.infer<typeof accountClosedReply>;

export const closeAccountMessages = {
  wrongPassword: 'That is not your current password',
  /** 409 while cover is live or to come: names the last end, so the customer knows until when. */
  liveCover: (policyNumbers: string[], until: string) =>
    `Your account cannot be closed while you have cover in force or starting later (${policyNumbers.join(', ')}). You can close it once that cover ends, after ${until} UK time.`,
  staff: 'A staff account is closed by an owner in the console, not here',
  closed: 'Your account is closed. Policies, payments and claims are kept as the insurer’s record; the rest is erased.',
  deleted: 'Your account and the data we held about it are deleted.',
} as const;
