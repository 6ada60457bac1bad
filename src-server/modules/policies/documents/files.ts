// A policy's documents as files (docs/product.md#policy-documents), for the e-mails that carry them.
import { documentsOf } from '../../../contract/documents';
import type { Deps } from '../../../deps';
import type { DbOrTx } from '../../../platform/db/client';
import type { policies } from '../../../platform/db/schema/index';
import { renderDocument, type DocumentFile } from './service';

export type { DocumentFile };

/** Every document the policy has as it stands (the certificate only for confirmed cover), read in `db` (the caller's transaction where it has one). */
export async function policyDocumentFiles(deps: Pick<Deps, 'clock' | 'publicUrl'>, db: DbOrTx, policy: typeof policies.$inferSelect): Promise<DocumentFile[]> {
  const files: DocumentFile[] = [];
  // One at a time: in a transaction the reads share its one connection.
  for (const kind of documentsOf(policy.status)) files.push(await renderDocument(deps, db, policy, kind));
  return files;
}
