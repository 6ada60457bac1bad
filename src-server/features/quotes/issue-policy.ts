// "Issue policy" (docs/product.md#issuing-a-policy): a quote request becomes cover in one transaction. The policy
// is built from the request (holder and driver from the names, the vehicle and registration, the product, the
// requested start in UK time and the end its duration gives, the offer's price) with staff's fields winning;
// the account of the request's e-mail (any case) is found, or made as a plain user with no usable password; the
// policy is created through the policies feature's own insert (number, verification code, audit entry); the
// request is closed with the policy's id; and the e-mails are queued: an invitation where the address's owner
// cannot sign in to the account yet, and the policy documents always. An account that has not confirmed its
// address never gets the policy by it: the policy waits outside every account until the address's owner opens
// the invitation (docs/product.md#e-mail-confirmation).
import { eq, sql } from 'drizzle-orm';
import { assertAdminRights } from '../../platform/auth/permissions';
import { writeLog } from '../../platform/audit/log';
import { brand } from '../../contract/brand';
import { formatPounds } from '../../contract/pounds';
import { policyFromRequest, type IssuePolicyInput } from '../../contract/offer';
import { productLabels } from '../../contract/products';
import { policyInput, type PolicyInput } from '../../contract/schemas';
import { ukInstantText } from '../../contract/time';
import { isReservedUsername } from '../../contract/usernames';
import { messages } from '../../contract/messages';
import type { IssuedPolicyView } from '../../contract/views';
import type { Tx } from '../../platform/db/client';
import { quoteRequests, users } from '../../platform/db/schema/index';
import type { Caller, Deps } from '../../deps';
import { InvalidError, inputErrorDetails, NotFoundError } from '../../errors';
import type { OutgoingMail } from '../../platform/mail/mailer';
import { hasUsablePassword, unusablePasswordHash } from '../account/service';
import { renderCertificateOf } from '../certificates/service';
import { queueInvitation } from '../password-reset/service';
import { insertPolicy, type PolicyRow } from '../policies/service';
import { assertOpen, quoteRequestNotFound, requestFacts, type QuoteRow } from './offer';
import { deliverSoon } from '../../platform/mail/deliver-soon';

/** The request's fields with staff's (any given field, null included) on top, checked whole as any policy is. */
function mergedPolicy(row: QuoteRow, input: IssuePolicyInput): PolicyInput {
  const overrides = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
  const parsed = policyInput.safeParse({ ...policyFromRequest(requestFacts(row)), ...overrides });
  if (!parsed.success) throw new InvalidError(messages.invalidInput, inputErrorDetails(parsed.error));
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

/**
 * A username for an account made for a customer: their names ('amelia.fletcher'), else their e-mail's local
 * part, else 'customer'; with a number added where taken ('amelia.fletcher2'). It must pass the username rule,
 * since the customer may type it to sign in (as well as the e-mail address).
 */
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

/**
 * Where the policy goes, by the account of the request's address:
 * - `new`: none existed; one is made with no usable password, the policy is in it, and the invitation sets it up;
 * - `confirmed`: it has confirmed the address; the policy is in it;
 * - `unset`: made for an earlier policy, its invitation not accepted yet: nobody can sign in to it but through a link
 *   sent to the address, so the policy is in it;
 * - `unconfirmed`: someone can sign in to it but it has not proved the address is its own (anyone may register any
 *   address): the policy waits outside every account, and an invitation to the address puts it there once opened.
 */
type Placement = 'new' | 'confirmed' | 'unset' | 'unconfirmed';

interface Account {
  id: number;
  username: string;
  email: string;
  placement: Placement;
}

/** The account of the request's e-mail (any letter case), or a plain user made now with no usable password. */
async function accountFor(tx: Tx, caller: Caller, row: QuoteRow, now: number): Promise<Account> {
  const [found] = await tx
    .select({ id: users.id, username: users.username, email: users.email, passwordHash: users.passwordHash, emailVerifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${row.email})`)
    .limit(1);
  if (found) {
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

/** What the documents e-mail says about the account, by where the policy went. */
function accountLines(account: Account): string[] {
  switch (account.placement) {
    case 'new':
      return [`We have made an account for you: a separate e-mail has a link to set your password. Then sign in with your username (${account.username}) or this e-mail address.`];
    case 'confirmed':
      return [`Sign in with your username (${account.username}) or this e-mail address to see your policy.`];
    case 'unset':
      // Made for an earlier policy and not set up yet: the earlier invitation, or a reset link, still does it.
      return [
        `Sign in with your username (${account.username}) or this e-mail address to see your policy.`,
        'If you have not set your password yet, use the link in our earlier e-mail, or choose "Forgot your password?" on the login page.',
      ];
    case 'unconfirmed':
      return ['A separate e-mail has a link that puts this policy in your account: open it within 7 days.'];
  }
}

function documentsMail(deps: Deps, policy: PolicyRow, account: Account, firstName: string): OutgoingMail {
  const confirmed = policy.status === 'active';
  const certificate = confirmed ? renderCertificateOf(deps, policy) : null;
  const lines = [
    `Hello ${firstName},`,
    '',
    `Your ${productLabels[policy.product].toLowerCase()} with ${brand.name} is set up. Your policy number is ${policy.policyNumber}.`,
    '',
    `Policy number: ${policy.policyNumber}`,
    `Cover: ${productLabels[policy.product]}`,
    `Policyholder: ${policy.holderName}`,
    `Driver: ${policy.driverName}`,
    `Vehicle: ${[policy.carModel, policy.registration].filter(Boolean).join(', ')}`,
    `From: ${ukInstantText(policy.startAt)}`,
    `To: ${ukInstantText(policy.endAt)}`,
    ...(policy.premiumPence !== null ? [`Premium: ${formatPounds(policy.premiumPence / 100)} (insurance premium tax included)`] : []),
    '',
    ...(certificate
      ? [
          `Your Certificate of Motor Insurance is attached (${certificate.fileName}). Keep it with you when you drive.`,
          `You can also open it at any time from your account: ${deps.publicUrl}/dashboard`,
        ]
      : policy.status === 'pending'
        ? [
            'Your cover is awaiting confirmation: you are not covered to drive until we confirm it.',
            `Your Certificate of Motor Insurance follows once your cover is confirmed; you will then find it in your account: ${deps.publicUrl}/dashboard`,
          ]
        : [`Your policy is in your account: ${deps.publicUrl}/dashboard`]),
    '',
    ...accountLines(account),
    '',
    `Questions? Call ${brand.phones.support} (${brand.openingHours}) or write to ${brand.emails.policies}, quoting your policy number.`,
    `To make a claim, call ${brand.phones.claims} (24 hours a day).`,
    '',
    brand.legalName,
    brand.regulatorStatement,
  ];
  return {
    to: account.email,
    subject: `${brand.name}: your policy documents, ${policy.policyNumber}`,
    text: lines.join('\n'),
    ...(certificate ? { attachments: [{ filename: certificate.fileName, contentType: 'application/pdf', content: certificate.bytes }] } : {}),
  };
}

/** How the audit entry of an issue ends, by where the policy went. */
const ISSUED_NOTE: Record<Placement, string> = {
  new: ' (new account, invited)',
  confirmed: '',
  unset: '',
  unconfirmed: ' (address not confirmed: the policy waits for the invitation to be opened)',
};

/** POST /api/admin/quotes/{id}/policy and admin.quotes.issuePolicy: 201 with the policy, its account and whether it was invited. */
export async function issuePolicy(deps: Deps, caller: Caller, id: number, input: IssuePolicyInput): Promise<IssuedPolicyView> {
  assertAdminRights(caller);
  const now = deps.clock.now();
  const issued = await deps.write(async (tx) => {
    const [row] = await tx.select().from(quoteRequests).where(eq(quoteRequests.id, id)).limit(1);
    if (!row) throw new NotFoundError(quoteRequestNotFound);
    assertOpen(row);
    // Checked whole before an account is looked up or made: bad input writes nothing.
    const fields = mergedPolicy(row, input);
    const account = await accountFor(tx, caller, row, now);
    const awaiting = account.placement === 'unconfirmed';
    const { row: policy, view } = await insertPolicy(tx, caller, { ...fields, userId: awaiting ? null : account.id }, now);
    await tx.update(quoteRequests).set({ status: 'closed', policyId: policy.id, updatedAt: now }).where(eq(quoteRequests.id, id));
    const by = { username: caller.username, userId: caller.id };
    await writeLog(tx, now, { action: `Quote request ${row.reference}: status ${row.status} -> closed`, ...by });
    await writeLog(tx, now, {
      action: `Quote request ${row.reference}: policy ${policy.policyNumber} issued to ${account.username}${ISSUED_NOTE[account.placement]}`,
      ...by,
    });
    if (account.placement === 'new') await queueInvitation(deps, tx, account, row.firstName, now, 'new-account');
    if (awaiting) await queueInvitation(deps, tx, account, row.firstName, now, 'unconfirmed-account');
    await deps.mailer.queue(tx, documentsMail(deps, policy, account, row.firstName));
    return {
      policy: view,
      user: { id: account.id, username: account.username, email: account.email },
      invited: account.placement === 'new' || awaiting,
      awaitingConfirmation: awaiting,
    };
  });
  deliverSoon(deps, 'policy documents');
  return issued;
}
