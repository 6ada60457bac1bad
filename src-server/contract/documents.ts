// A policy's documents (docs/product.md#policy-documents): the four kinds, what each is called, and which exist for
// a policy. One list for the route's path parameter, the e-mails' attachments and the dashboard.
import { hasCertificate } from './cover';
import type { PolicyStatus } from './schemas';

export const documentKinds = ['certificate', 'schedule', 'statement-of-fact', 'summary'] as const;
export type DocumentKind = (typeof documentKinds)[number];

/** Each document's name, as titles, buttons and messages use it. */
export const documentLabels: Record<DocumentKind, string> = {
  certificate: 'Certificate',
  schedule: 'Policy Schedule',
  'statement-of-fact': 'Statement of Fact',
  summary: 'Product Summary',
};

/** Each document's full title, as the documents and the FAQ name them (docs/product.md#faq). */
export const documentTitles: Record<DocumentKind, string> = {
  certificate: 'Certificate of Motor Insurance',
  schedule: 'Policy Schedule',
  'statement-of-fact': 'Statement of Fact',
  summary: 'Product Summary',
};

/** Whether a policy of this status has the document: a certificate only for confirmed cover, the others always. */
export function documentExists(kind: DocumentKind, status: PolicyStatus): boolean {
  return kind === 'certificate' ? hasCertificate(status) : true;
}

/** The kinds a policy of this status has, in the order they are listed and attached. */
export const documentsOf = (status: PolicyStatus): DocumentKind[] => documentKinds.filter((kind) => documentExists(kind, status));

/** '{policyNumber}_{kind}.pdf': the certificate's name since it was first served, and the others' alike. */
export const documentFileName = (policyNumber: string, kind: DocumentKind): string => `${policyNumber}_${kind}.pdf`;

export const documentMessages = {
  /** 400: the path names no document. */
  unknownKind: `Unknown document: ask for ${documentKinds.slice(0, -1).join(', ')} or ${documentKinds.at(-1)}`,
} as const;
