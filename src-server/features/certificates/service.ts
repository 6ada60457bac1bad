import { coverStateAt, hasCertificate } from '../../contract/cover';
import { messages } from '../../contract/messages';
import { hasAdminRights } from '../../contract/roles';
import { logEvent } from '../../platform/audit/log';
import type { policies } from '../../platform/db/schema/index';
import type { Caller, Deps } from '../../deps';
import { ConflictError } from '../../errors';
import { findViewablePolicy } from '../policies/service';
import { verifyLink } from '../verify/service';
import { renderCertificatePdf } from './pdf';

/** The certificate of a policy the caller may see; pending is a conflict, ended cover a record (docs/product.md#certificates). */
export async function certificateFor(deps: Deps, caller: Caller, policyNumber: string) {
  const policy = await findViewablePolicy(deps, caller, policyNumber);
  if (!hasCertificate(policy.status)) throw new ConflictError(policy.status === 'void' ? messages.policyVoid : messages.coverNotConfirmed);
  const file = renderCertificateOf(deps, policy);
  // Staff reading another's certificate is logged (docs/product.md#audit-log) first: an unrecorded read is not served.
  if (hasAdminRights(caller) && policy.userId !== caller.id) {
    await logEvent(deps, { action: `Viewed certificate ${policy.policyNumber}`, username: caller.username, userId: caller.id });
  }
  return file;
}

/** The certificate of a policy the caller has found and checked (the download, the policy documents: docs/product.md#e-mails). */
export function renderCertificateOf(deps: Pick<Deps, 'clock' | 'publicUrl'>, policy: typeof policies.$inferSelect) {
  const now = deps.clock.now();
  const ended = coverStateAt(policy.status, policy.startAt, policy.endAt, now) === 'ended';
  // The row has the certificate's fields under their names; the PDF reads only those.
  const bytes = renderCertificatePdf({
    ...policy,
    verifyUrl: policy.verifyCode === null ? null : verifyLink(deps, policy.verifyCode),
    endedAt: ended ? (policy.endedAt ?? policy.endAt) : null,
    issuedAt: now,
  });
  return { fileName: `${policy.policyNumber}_certificate.pdf`, bytes };
}
