// What a customer is told about their policy (docs/product.md#e-mails): its documents (issued, paid, sent again), a
// change staff made, a cancellation (now or later, with any refund) and a voiding; and who may be told at all. Every e-mail that speaks
// of the policy's documents attaches them as they now stand (modules/policies/documents/files.ts).
import { and, eq, sql } from 'drizzle-orm';
import { brand } from '../../../contract/brand';
import { hasCertificate } from '../../../contract/cover';
import { paymentMethodLabels, type PaymentMethod } from '../../../contract/payments';
import { formatPounds } from '../../../contract/pounds';
import { productLabels } from '../../../contract/products';
import { ukInstantText } from '../../../contract/time';
import type { DbOrTx } from '../../../platform/db/client';
import { quoteRequests, users } from '../../../platform/db/schema/index';
import type { OutgoingMail } from '../../../platform/mail/mailer';
import { letter } from '../../../platform/mail/letter';
import { hasUsablePassword } from '../../accounts';
import type { DocumentFile } from '../documents/files';
import type { PolicyRow } from './row';
import type { Change } from './versions';

/**
 * Where the policy goes, by the account of the request's address: `new` (made now, invited), `confirmed`, `unset`
 * (an earlier invitation pending: only the address can get in) all hold it; `unconfirmed` (anyone may register any
 * address) does not: the policy waits until the invitation is opened.
 */
export type Placement = 'new' | 'confirmed' | 'unset' | 'unconfirmed';

/** The account a policy's e-mails go to, and how its documents e-mail speaks of signing in. */
export interface PolicyMailAccount {
  id: number;
  username: string;
  email: string;
  placement: Placement;
  hasPassword: boolean;
  closed: boolean;
}

/** The account a policy was issued to, as its documents e-mail tells it. */
type MailedAccount = Pick<PolicyMailAccount, 'username' | 'email' | 'placement'>;

/**
 * The policy's account, when its address may hear about the policy: the account proved it owns the address, or the
 * policy was issued to it from a request sent from that address (modules/requests/quotes/issue-policy.ts placed it there on
 * that ground). Never an unproved address: anyone may register any address (docs/product.md#e-mail-confirmation).
 */
export async function policyMailAccount(db: DbOrTx, policy: Pick<PolicyRow, 'id' | 'userId'>): Promise<PolicyMailAccount | null> {
  if (policy.userId === null) return null;
  const [user] = await db
    .select({ id: users.id, username: users.username, email: users.email, passwordHash: users.passwordHash, emailVerifiedAt: users.emailVerifiedAt, closedAt: users.closedAt })
    .from(users)
    .where(eq(users.id, policy.userId))
    .limit(1);
  if (!user) return null;
  const hasPassword = hasUsablePassword(user.passwordHash);
  const account = { id: user.id, username: user.username, email: user.email, hasPassword, closed: user.closedAt !== null };
  if (user.emailVerifiedAt !== null) return { ...account, placement: 'confirmed' };
  const [issued] = await db
    .select({ id: quoteRequests.id })
    .from(quoteRequests)
    .where(and(eq(quoteRequests.policyId, policy.id), sql`lower(${quoteRequests.email}) = lower(${user.email})`))
    .limit(1);
  if (!issued) return null;
  return { ...account, placement: hasPassword ? 'confirmed' : 'unset' };
}

const attached = (files: readonly DocumentFile[]) =>
  files.length > 0 ? { attachments: files.map((f) => ({ filename: f.fileName, contentType: 'application/pdf', content: f.bytes })) } : {};

const documentsLine = (files: readonly DocumentFile[]) =>
  files.length > 0 ? [`Your policy documents as they now stand are attached (${files.map((f) => f.fileName).join(', ')}).`] : [];

function policyLines(policy: PolicyRow): string[] {
  return [
    `Policy number: ${policy.policyNumber}`,
    `Cover: ${productLabels[policy.product]}`,
    `Vehicle: ${[policy.carModel, policy.registration].filter(Boolean).join(', ')}`,
  ];
}

function footer(publicUrl: string): string[] {
  return [
    `You can see your policy in your account: ${publicUrl}/dashboard`,
    '',
    `Questions? Call ${brand.phones.support} (${brand.openingHours}) or write to ${brand.emails.policies}, quoting your policy number.`,
  ];
}

/** A letter to the policyholder about their policy: `lines`, then the policy, its documents when there are any, and the footer. */
function policyLetter(publicUrl: string, policy: PolicyRow, to: string, subject: string, lines: string[], files: readonly DocumentFile[] = []): OutgoingMail {
  return letter({
    to,
    subject,
    greeting: policy.holderName,
    body: [...lines, '', ...policyLines(policy), '', ...documentsLine(files), ...footer(publicUrl)],
    ...attached(files),
  });
}

/** A change staff made (PUT /api/admin/policies/{id}): each field's old and new value, and the reason when given. */
export function policyChangedMail(publicUrl: string, policy: PolicyRow, to: string, changes: readonly Change[], reason: string | null, files: readonly DocumentFile[]): OutgoingMail {
  const subject = `${brand.name}: your policy ${policy.policyNumber} has changed`;
  const lines = [
    `We have made a change to your policy ${policy.policyNumber}.`,
    '',
    'What changed:',
    ...changes.map((c) => `- ${c.field}: ${c.from ?? 'none'} -> ${c.to ?? 'none'}`),
    ...(reason ? ['', `Why: ${reason}`] : []),
  ];
  return policyLetter(publicUrl, policy, to, subject, lines, files);
}

export interface Refund {
  amountPence: number;
  method: PaymentMethod;
}

/** A cancellation: from when (now, or a later time it is set for), why, and any refund. */
export function policyCancelledMail(
  publicUrl: string,
  policy: PolicyRow,
  to: string,
  c: { effectiveAt: number; now: boolean; reason: string; refunds: Refund[] },
  files: readonly DocumentFile[],
): OutgoingMail {
  const when = ukInstantText(c.effectiveAt);
  const subject = c.now ? `${brand.name}: your policy ${policy.policyNumber} is cancelled` : `${brand.name}: your policy ${policy.policyNumber} will be cancelled on ${when}`;
  const lines = [
    c.now
      ? `Your policy ${policy.policyNumber} has been cancelled. You are not covered to drive under it from ${when}.`
      : `Your policy ${policy.policyNumber} will be cancelled from ${when}. You are covered as before until then, and not after.`,
    '',
    `Why: ${c.reason}`,
    ...c.refunds.flatMap((r) => ['', `We are refunding ${formatPounds(r.amountPence / 100)} (${paymentMethodLabels[r.method].toLowerCase()}).`]),
  ];
  return policyLetter(publicUrl, policy, to, subject, lines, files);
}

/** A voiding: the policy was set up in error and never in force; there is nothing to keep with you. */
export function policyVoidedMail(publicUrl: string, policy: PolicyRow, to: string, reason: string): OutgoingMail {
  return policyLetter(publicUrl, policy, to, `${brand.name}: your policy ${policy.policyNumber} is void`, [
    `Your policy ${policy.policyNumber} has been made void: it was set up in error and was never in force.`,
    'It gave no cover, and there is no certificate for it.',
    '',
    `Why: ${reason}`,
  ]);
}

/** What the documents e-mail says about the account, by where the policy went. */
function accountLines(account: MailedAccount): string[] {
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

/** Why the documents go: a policy just issued, cover confirmed by its payment, or staff sending them again. */
export type DocumentsOccasion = 'issued' | 'paid' | 'again';

const OPENING: Record<DocumentsOccasion, (policy: PolicyRow) => string> = {
  issued: (p) => `Your ${productLabels[p.product].toLowerCase()} with ${brand.name} is set up. Your policy number is ${p.policyNumber}.`,
  paid: (p) =>
    `Your cover is confirmed: thank you for your payment. Your ${productLabels[p.product].toLowerCase()} with ${brand.name} is in force from ${ukInstantText(p.startAt)}. Your policy number is ${p.policyNumber}.`,
  again: (p) => `As you asked, here are the documents of your policy ${p.policyNumber} as they stand today.`,
};

export function documentsMail(
  publicUrl: string,
  policy: PolicyRow,
  account: MailedAccount,
  firstName: string,
  files: readonly DocumentFile[],
  occasion: DocumentsOccasion,
): OutgoingMail {
  return letter({
    to: account.email,
    // A policy from a quote is confirmed once paid (docs/product.md#payments).
    subject: occasion === 'paid' ? `${brand.name}: your cover is confirmed, ${policy.policyNumber}` : `${brand.name}: your policy documents, ${policy.policyNumber}`,
    greeting: firstName,
    body: [
      OPENING[occasion](policy),
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
      ...(files.length > 0 ? [`Your policy documents are attached (${files.map((f) => f.fileName).join(', ')}).`] : []),
      ...(hasCertificate(policy.status)
        ? [
            'Keep your Certificate of Motor Insurance with you when you drive.',
            `You can also open your documents at any time from your account: ${publicUrl}/dashboard`,
          ]
        : policy.status === 'pending'
          ? [
              'Your cover is awaiting confirmation: you are not covered to drive until we confirm it, once we have taken your payment.',
              `Your Certificate of Motor Insurance follows once your cover is confirmed; you will then find it in your account: ${publicUrl}/dashboard`,
            ]
          : [`Your policy is in your account: ${publicUrl}/dashboard`]),
      '',
      ...accountLines(account),
      '',
      `Questions? Call ${brand.phones.support} (${brand.openingHours}) or write to ${brand.emails.policies}, quoting your policy number.`,
      `To make a claim, call ${brand.phones.claims} (24 hours a day).`,
    ],
    ...attached(files),
  });
}
