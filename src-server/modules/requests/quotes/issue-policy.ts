// "Issue policy" (docs/product.md#issuing-a-policy): a quote request becomes cover in one transaction: the policy
// (staff's fields winning), the account found or made, the request closed, and the e-mails queued. An unconfirmed
// account never gets the policy by its address (docs/product.md#e-mail-confirmation). A customer's "Buy now" issues
// through the same issueFromRequest, to their own account (buy.ts, docs/product.md#paying-online).
import { eq, sql } from 'drizzle-orm';
import { assertAdminRights } from '../../../platform/auth/permissions';
import { writeLog } from '../../../platform/audit/log';
import { issueMessages, policyFromRequest, type IssuePolicyInput } from '../../../contract/offer';
import { policyInput, type PolicyInput } from '../../../contract/schemas';
import { isReservedUsername } from '../../../contract/usernames';
import { messages } from '../../../contract/messages';
import type { IssuedPolicyView, PolicyView } from '../../../contract/views';
import type { Tx } from '../../../platform/db/client';
import { quoteRequests, users } from '../../../platform/db/schema/index';
import type { Caller, Deps } from '../../../deps';
import { ConflictError, InvalidError, fieldInvalid, inputErrorDetails } from '../../../errors';
import { acceptanceMessages } from '../../../contract/payments';
import { hasUsablePassword, queueInvitation, unusablePasswordHash } from '../../accounts';
import { documentsMail, insertPolicy, type Placement, type PolicyRow, policyDocumentFiles } from '../../policies';
import { openRequest, requestFacts, type QuoteRow } from './offer';
import { deliverSoon } from '../../../platform/mail/deliver-soon';

/**
 * The request's fields with staff's (any given field, null included) on top, checked whole as any policy is; always
 * `pending`, with a premium above nothing for the payments to cover (docs/product.md#payments).
 */
export function mergedPolicy(row: QuoteRow, input: Partial<IssuePolicyInput>): PolicyInput {
  const overrides = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
  const parsed = policyInput.safeParse({ ...policyFromRequest(requestFacts(row)), ...overrides, status: 'pending' });
  if (!parsed.success) throw new InvalidError(messages.invalidInput, inputErrorDetails(parsed.error));
  if (parsed.data.premium === undefined || parsed.data.premium === null || parsed.data.premium <= 0) {
    throw fieldInvalid(messages.invalidInput, { premium: acceptanceMessages.premiumRequired });
  }
  return parsed.data;
}

const USERNAME_MAX = 32;

/** Letters, digits and dots from a name or an e-mail's local part ('Zoë O'Brien' -> 'zoe.obrien'). */
function usernameStem(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[\s_-]+/g, '.')
    .replace(/[^a-z0-9.]/g, '')
    .replace(/\.{2,}/g, '.')
    .replace(/^\.+|\.+$/g, '');
}

/** A username for a customer's new account ('amelia.fletcher', numbered where taken), passing the username rule. */
async function unusedUsername(tx: Tx, row: QuoteRow): Promise<string> {
  const candidates = [usernameStem(`${row.firstName} ${row.lastName}`), usernameStem(row.email.split('@')[0] ?? ''), 'customer'];
  // A customer called Kerbside Cover, or writing from admin@…, gets no reserved name (docs/product.md#registration).
  const stem = (candidates.find((c) => c.length >= 3 && !isReservedUsername(c)) ?? 'customer').slice(0, USERNAME_MAX - 4).replace(/\.+$/, '');
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? stem : `${stem}${n}`;
    const [taken] = await tx.select({ id: users.id }).from(users).where(sql`lower(${users.username}) = ${candidate}`).limit(1);
    if (!taken) return candidate;
  }
}

export interface Account {
  id: number;
  username: string;
  email: string;
  placement: Placement;
}

/** The account of the request's e-mail (any letter case), or a plain user made now with no usable password. */
async function accountFor(tx: Tx, caller: Caller, row: QuoteRow, now: number): Promise<Account> {
  const [found] = await tx
    .select({ id: users.id, username: users.username, email: users.email, passwordHash: users.passwordHash, emailVerifiedAt: users.emailVerifiedAt, closedAt: users.closedAt })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${row.email})`)
    .limit(1);
  if (found) {
    if (found.closedAt !== null) throw new ConflictError(issueMessages.accountClosed);
    const placement = found.emailVerifiedAt !== null ? 'confirmed' : hasUsablePassword(found.passwordHash) ? 'unconfirmed' : 'unset';
    return { id: found.id, username: found.username, email: found.email, placement };
  }
  const username = await unusedUsername(tx, row);
  const [made] = await tx
    .insert(users)
    .values({ username, email: row.email, passwordHash: unusablePasswordHash(), isAdmin: false, isOwner: false, createdAt: now, updatedAt: now })
    .returning({ id: users.id, username: users.username, email: users.email });
  await writeLog(tx, now, { action: `Created new user: ${username}`, username: caller.username, userId: caller.id });
  return { ...made!, placement: 'new' };
}

/** How the audit entry of an issue ends, by where the policy went. */
const ISSUED_NOTE: Record<Placement, string> = {
  new: ' (new account, invited)',
  confirmed: '',
  unset: '',
  unconfirmed: ' (address not confirmed: the policy waits for the invitation to be opened)',
};

export interface Issued {
  policy: PolicyRow;
  view: PolicyView;
  invited: boolean;
  awaiting: boolean;
}

/**
 * Issues the pending policy from `row` to `account` in `tx`: the policy, the request closed with it, the audit entries
 * and the invitation an account needs. `documents`: queue the "pending, not covered yet" documents e-mail (staff's
 * issue); an online purchase leaves it out, as the paid e-mail follows within minutes (docs/product.md#paying-online).
 */
export async function issueFromRequest(deps: Deps, tx: Tx, issuer: Caller, row: QuoteRow, fields: PolicyInput, account: Account, now: number, { documents }: { documents: boolean }): Promise<Issued> {
  const awaiting = account.placement === 'unconfirmed';
  const { row: policy, view } = await insertPolicy(tx, issuer, { ...fields, userId: awaiting ? null : account.id }, now);
  await tx.update(quoteRequests).set({ status: 'closed', policyId: policy.id, updatedAt: now }).where(eq(quoteRequests.id, row.id));
  const by = { username: issuer.username, userId: issuer.id };
  await writeLog(tx, now, { action: `Quote request ${row.reference}: status ${row.status} -> closed`, ...by });
  await writeLog(tx, now, {
    action: `Quote request ${row.reference}: policy ${policy.policyNumber} issued to ${account.username}${ISSUED_NOTE[account.placement]}`,
    ...by,
  });
  const invited = account.placement === 'new' || awaiting;
  if (invited) await queueInvitation(deps, tx, account, row.firstName, now, awaiting ? 'unconfirmed-account' : 'new-account');
  if (documents) await deps.mailer.queue(tx, documentsMail(deps.publicUrl, policy, account, row.firstName, await policyDocumentFiles(deps, tx, policy), 'issued'));
  return { policy, view, invited, awaiting };
}

/** POST /api/admin/quotes/{id}/policy and admin.quotes.issuePolicy: 201 with the policy, its account and whether it was invited. */
export async function issuePolicy(deps: Deps, caller: Caller, id: number, input: IssuePolicyInput): Promise<IssuedPolicyView> {
  assertAdminRights(caller);
  const now = deps.clock.now();
  const issued = await deps.write(async (tx) => {
    const row = await openRequest(tx, id);
    // Cover is sold on an accepted price (docs/product.md#accepting-a-quote).
    if (row.acceptedAt === null) throw new ConflictError(acceptanceMessages.notAccepted);
    // Checked whole before an account is looked up or made: bad input writes nothing.
    const fields = mergedPolicy(row, input);
    const account = await accountFor(tx, caller, row, now);
    const { view, invited, awaiting } = await issueFromRequest(deps, tx, caller, row, fields, account, now, { documents: true });
    return {
      policy: view,
      user: { id: account.id, username: account.username, email: account.email },
      invited,
      awaitingConfirmation: awaiting,
    };
  });
  deliverSoon(deps, 'policy documents');
  return issued;
}
