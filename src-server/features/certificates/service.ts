import type { Caller, Deps } from '../../deps';
import { findViewablePolicy } from '../policies/service';
import { renderCertificatePdf } from './pdf';

export interface CertificateFile {
  fileName: string;
  bytes: Uint8Array;
}

/** The certificate of a policy the caller may see (their own; any, for an admin). */
export async function certificateFor(deps: Deps, caller: Caller, policyNumber: string): Promise<CertificateFile> {
  const policy = await findViewablePolicy(deps, caller, policyNumber);
  const bytes = renderCertificatePdf({
    policyNumber: policy.policyNumber,
    registration: policy.registration,
    carModel: policy.carModel,
    holderName: policy.holderName,
    driverName: policy.driverName,
    licenseNumber: policy.licenseNumber,
    startDate: policy.startDate,
    startTime: policy.startTime,
    endDate: policy.endDate,
    endTime: policy.endTime,
    issuedAt: deps.clock.now(),
  });
  return { fileName: `${policy.policyNumber}_certificate.pdf`, bytes };
}
