// The signed-in customer's personal data kept on the device for the roadside with no signal
// (DECISIONS.md, Offline): their policy list and the certificates of their active policies, in Cache
// Storage under one cache per user. Logout, expiry and any new sign-in purge every such cache.
// (Interface fixed; implementation in progress.)

export interface PoliciesSnapshot {
  policies: unknown[];
  /** epoch ms when the list was fetched online */
  savedAt: number;
}

export async function savePoliciesSnapshot(_userId: number, _policies: unknown[], _savedAt: number): Promise<void> {
  throw new Error('not implemented yet');
}

export async function readPoliciesSnapshot(_userId: number): Promise<PoliciesSnapshot | null> {
  return null;
}

export async function saveCertificate(_userId: number, _policyNumber: string, _pdf: Blob): Promise<void> {
  throw new Error('not implemented yet');
}

export async function readCertificate(_userId: number, _policyNumber: string): Promise<Blob | null> {
  return null;
}

/** Removes every cache of personal data (all users). */
export async function purgePersonalData(): Promise<void> {}
