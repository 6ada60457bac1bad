// Certificates on the dashboard: fetched with the bearer token (or from the device's cache when
// offline), then shown or saved. (Interface fixed; implementation in progress.)

export const CERTIFICATE_MESSAGES = {
  invalid: 'Invalid policy number',
  failed: 'Failed to load certificate. Please try again.',
} as const;

/** Thrown with a message a person reads (CERTIFICATE_MESSAGES). */
export class CertificateError extends Error {}

/**
 * The certificate PDF of `policyNumber`. An empty or non-string number throws CertificateError('Invalid
 * policy number'); any failure to get it, online or from the cache, CertificateError('Failed to load…').
 * `cacheFor` names the user whose offline cache may answer (null while impersonating: nothing cached).
 */
export async function loadCertificate(_policyNumber: unknown, _opts: { cacheFor: number | null }): Promise<Blob> {
  throw new CertificateError(CERTIFICATE_MESSAGES.failed);
}

/** Opens the PDF for reading (new tab, or in place where a new tab cannot open). */
export function viewCertificate(_pdf: Blob, _policyNumber: string): void {}

/** Saves the PDF as {policyNumber}_certificate.pdf. */
export function downloadCertificate(_pdf: Blob, _policyNumber: string): void {}

/** After an online load: keeps the certificates of the user's active policies for offline use. */
export async function cacheActiveCertificates(_userId: number, _policyNumbers: string[]): Promise<void> {}
