// The OpenAPI 3.1 document of the REST API (docs/api.md#openapi), generated from the routes the /api sub-app was built
// with from the operations' REST bindings (api/rest.ts): nothing in it is written by hand but the texts below.
import type { OpenAPIHono } from '@hono/zod-openapi';
import { version } from '../../package.json';
import type { AppEnv } from '../platform/http/context';
import { BEARER } from './openapi-route';

/** The /api sub-app: its routes carry their OpenAPI definitions to the document. */
export type RestApp = OpenAPIHono<AppEnv>;

/** Every tag a route may carry, in the reference page's order. */
export const TAGS = [
  { name: 'Health', description: 'Whether the server and its database answer.' },
  { name: 'Account', description: 'Signing in and out (with the staff second factor), registering, the current session, and the account page: details, e-mail, password, sessions.' },
  { name: 'Password reset', description: 'Asking for a reset link and spending it (also an invitation to set a first password).' },
  { name: 'Quote and callback requests', description: "The public forms, and a customer's own quote requests." },
  { name: 'Policies', description: "A customer's own policies and certificates." },
  { name: 'Claims', description: "A customer's claim reports, sent from the phone, and where each stands." },
  { name: 'Verification', description: "A certificate's QR code, checked by anyone." },
  { name: 'Admin: statistics', description: "The console's overview." },
  { name: 'Admin: users', description: 'Accounts, and the cover an account holds.' },
  { name: 'Admin: policies', description: 'Every policy, and one account’s (impersonation).' },
  { name: 'Admin: audit log', description: 'What happened, who did it and when.' },
  { name: 'Admin: quote requests', description: 'The quote queue: status, assignee, notes, offers, issuing a policy.' },
  { name: 'Admin: callback requests', description: 'The callback queue: status, assignee, notes.' },
  { name: 'Admin: claims', description: 'The claims queue: status, assignee, notes, photos.' },
  { name: 'Admin: report', description: 'Every policy as a CSV file.' },
  { name: 'Documentation', description: 'This document and its reference page.' },
] as const;
export type Tag = (typeof TAGS)[number]['name'];

const DESCRIPTION = [
  'The REST routes of Kerbside Cover under `/api` (the React app speaks tRPC under `/trpc`; docs/api.md).',
  '',
  'JSON in and out. A request body must be sent as `Content-Type: application/json` (415 otherwise) and be at most',
  '100 KB (413), unless its route says more (a claim report, with its photos, from a signed-in caller). Signed-in routes take the token',
  '`POST /api/login` answers as `Authorization: Bearer <token>`.',
  'Every answer carries `X-Request-Id`; every answer but this document and its page carries `Cache-Control: no-store`.',
  'An error answers `{ error, details? }`, `error` being a sentence a person can read.',
].join('\n');

/** The document of every route of `api` (mounted at /api); PUBLIC_URL, when set, is its server (else its own origin). */
export function buildOpenApiDocument(api: RestApp, serverUrl: string | undefined): Record<string, unknown> {
  const generated = api.getOpenAPI31Document({
    openapi: '3.1.0',
    info: { title: 'Kerbside Cover API', version, description: DESCRIPTION },
    ...(serverUrl ? { servers: [{ url: serverUrl }] } : {}),
    tags: TAGS.map((t) => ({ ...t })),
  });
  const components = {
    ...generated.components,
    securitySchemes: {
      [BEARER]: { type: 'http' as const, scheme: 'bearer', bearerFormat: 'JWT', description: 'The token `POST /api/login` answers (docs/api.md#authentication).' },
    },
  };
  // The sub-app's paths are relative to its mount point.
  const paths = Object.fromEntries(Object.entries(generated.paths ?? {}).map(([path, item]) => [`/api${path}`, item]));
  return { ...generated, paths, components };
}
