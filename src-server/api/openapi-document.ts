// The OpenAPI 3.1 document of the REST API (docs/api.md#openapi), generated from the routes the /api sub-app was built
// with from the operations' REST bindings (api/rest.ts): nothing in it is written by hand but the texts below.
import type { OpenAPIHono } from '@hono/zod-openapi';
import { version } from '../../package.json';
import type { AppEnv } from '../platform/http/context';
import { BEARER } from './openapi-route';
import { TAGS } from './tags';

/** The /api sub-app: its routes carry their OpenAPI definitions to the document. */
export type RestApp = OpenAPIHono<AppEnv>;

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
