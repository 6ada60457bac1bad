// A policy's documents as files (docs/product.md#policy-documents), for the e-mails that carry them.
import { hasCertificate } from '../../contract/cover';
import type { Deps } from '../../deps';
import type { DbOrTx } from '../../platform/db/client';
import type { policies } from '../../platform/db/schema/index';
import { renderCertificateOf } from '../certificates/service';

export interface DocumentFile {
  fileName: string;
  bytes: Uint8Array;
}

/** The documents of a policy as it stands, read in `db` (the caller's transaction where it has one). */
export async function policyDocumentFiles(deps: Pick<Deps, 'clock' | 'publicUrl'>, db: DbOrTx, policy: typeof policies.$inferSelect): Promise<DocumentFile[]> {
  void db;
  return hasCertificate(policy.status) ? [renderCertificateOf(deps, policy)] : [];
}
