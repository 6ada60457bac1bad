// The REST API's own documentation (docs/api.md#openapi): REST only, answered by api/reference-page.ts.
import { z } from 'zod';
import { defineRestOperation } from './operation';
import { documentAnswer, pageAnswer, SCALAR_VERSION, scriptAnswer } from './reference-page';

export const apiDocsOperations = {
  document: defineRestOperation({
    method: 'get',
    path: '/openapi.json',
    operationId: 'getOpenApiDocument',
    tags: ['Documentation'],
    summary: 'This document',
    description: 'OpenAPI 3.1, generated from the zod schemas the routes parse their input with. Readable from any origin.',
    response: {
      description: 'The document',
      content: { 'application/json': { schema: z.looseObject({ openapi: z.string(), info: z.looseObject({}), paths: z.looseObject({}) }) } },
    },
    serve: documentAnswer,
  }),
  page: defineRestOperation({
    method: 'get',
    path: '/docs',
    operationId: 'getApiReferencePage',
    tags: ['Documentation'],
    summary: 'The reference page',
    description: "A page that renders this document (Scalar's API reference), sandboxed by its own Content-Security-Policy.",
    response: { description: 'The page', content: { 'text/html': { schema: { type: 'string' } } } },
    serve: pageAnswer,
  }),
  script: defineRestOperation({
    method: 'get',
    path: `/docs/scalar-api-reference-${SCALAR_VERSION}.js`,
    operationId: 'getApiReferenceScript',
    tags: ['Documentation'],
    summary: "The reference page's script",
    description: "@scalar/api-reference's browser bundle, kept with the server (its name carries its version, so it may be cached for good).",
    response: { description: 'The script', content: { 'text/javascript': { schema: { type: 'string' } } } },
    serve: scriptAnswer,
  }),
};
