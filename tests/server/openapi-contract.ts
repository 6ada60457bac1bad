// Checks a real answer against the OpenAPI document (GET /api/openapi.json): its status must be documented for the
// operation, its Content-Type one of that answer's media types, its documented headers present, and a JSON body valid
// against the answer's schema (JSON Schema 2020-12, as OpenAPI 3.1 writes it). Ajv is the validator
// @apidevtools/swagger-parser already brings; no package of its own.
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';

/** The parts of the document the checks read. */
export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string };
  servers?: { url: string }[];
  tags?: { name: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown>; securitySchemes?: Record<string, Record<string, unknown>> };
}
export interface Operation {
  operationId?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: { name: string; in: string; required?: boolean; schema?: unknown }[];
  requestBody?: { content: Record<string, { schema?: unknown }> };
  responses: Record<string, ResponseObject>;
}
export interface ResponseObject {
  description: string;
  headers?: Record<string, unknown>;
  content?: Record<string, { schema?: Record<string, unknown> }>;
}

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

/** 'GET /api/admin/users/{id}' for every operation of the document. */
export function operationKeys(doc: OpenApiDocument): string[] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.keys(item)
      .filter((m) => (HTTP_METHODS as readonly string[]).includes(m))
      .map((m) => `${m.toUpperCase()} ${path}`),
  );
}

export function operationOf(doc: OpenApiDocument, key: string): Operation | undefined {
  const [method, path] = key.split(' ') as [string, string];
  return doc.paths[path]?.[method.toLowerCase()];
}

const COMPONENTS_ID = 'https://kerbside.test/openapi/components';
const COMPONENT_REF = '#/components/schemas/';

/** The schema with its component references pointed at the components' own schema (added to Ajv by id). */
function pointRefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(pointRefs);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [k, k === '$ref' && typeof v === 'string' && v.startsWith(COMPONENT_REF) ? `${COMPONENTS_ID}#/$defs/${v.slice(COMPONENT_REF.length)}` : pointRefs(v)]),
  );
}

const essence = (contentType: string) => contentType.split(';')[0]!.trim().toLowerCase();
const isJson = (mediaType: string) => /^application\/(.+\+)?json$/.test(essence(mediaType));

export interface Contract {
  doc: OpenApiDocument;
  /** What is wrong with `res` as an answer of the operation `key` ('GET /api/health'); empty when it matches. */
  problems(key: string, res: Response): Promise<string[]>;
}

export function contractOf(doc: OpenApiDocument): Contract {
  // Strict: a keyword or format Ajv does not know fails the compile instead of being skipped.
  const ajv = new Ajv2020({ strict: true, strictTypes: false, allErrors: true });
  // RFC 3339 date-time, as z.iso.datetime() writes it.
  ajv.addFormat('date-time', { type: 'string', validate: (s: string) => /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/.test(s) && !Number.isNaN(Date.parse(s)) });
  ajv.addSchema({ $id: COMPONENTS_ID, $defs: pointRefs(doc.components.schemas) as Record<string, unknown> });
  const compiled = new Map<string, ValidateFunction>();

  return {
    doc,
    async problems(key, res) {
      const operation = operationOf(doc, key);
      if (!operation) return [`${key} is not in the document`];
      const answer = operation.responses[String(res.status)];
      if (!answer) return [`${key} answered ${res.status}, which the document does not list (it lists ${Object.keys(operation.responses).join(', ')})`];
      const found: string[] = [];
      for (const header of Object.keys(answer.headers ?? {})) {
        if (!res.headers.has(header)) found.push(`${key} ${res.status}: no ${header} header`);
      }
      const contentType = res.headers.get('content-type') ?? '';
      const bytes = new Uint8Array(await res.arrayBuffer());
      if (!answer.content) {
        if (bytes.byteLength > 0) found.push(`${key} ${res.status}: a body where the document gives none`);
        return found;
      }
      const mediaType = Object.keys(answer.content).find((m) => essence(m) === essence(contentType));
      if (!mediaType) return [...found, `${key} ${res.status}: Content-Type ${contentType || '(none)'}, not one of ${Object.keys(answer.content).join(', ')}`];
      const schema = answer.content[mediaType]!.schema;
      if (!schema) return [...found, `${key} ${res.status} ${mediaType}: no schema in the document`];
      if (!isJson(mediaType)) {
        if (bytes.byteLength === 0) found.push(`${key} ${res.status}: an empty ${mediaType} body`);
        return found;
      }
      const cacheKey = `${key} ${res.status} ${mediaType}`;
      let validate = compiled.get(cacheKey);
      if (!validate) {
        validate = ajv.compile(pointRefs(schema) as object);
        compiled.set(cacheKey, validate);
      }
      let body: unknown;
      try {
        body = JSON.parse(new TextDecoder().decode(bytes));
      } catch {
        return [...found, `${key} ${res.status}: the body is not JSON`];
      }
      if (!validate(body)) {
        found.push(`${key} ${res.status}: ${ajv.errorsText(validate.errors, { dataVar: 'body' })} in ${JSON.stringify(body).slice(0, 400)}`);
      }
      return found;
    },
  };
}
