// One definition per operation (docs/operations.md#adding-an-operation): tier, schemas, handler and how each door
// serves it; the tRPC router, the REST routes and the OpenAPI document are all built from api/table.ts.
import type { RouteConfig } from '@hono/zod-openapi';
import type { Handler } from 'hono';
import type { z } from 'zod';
import type { Page } from '../contract/views';
import type { Caller, Deps } from '../deps';
import type { AppEnv } from '../platform/http/context';
import type { RestEnv } from './reference-page';
import type { Tag } from './tags';
import type { Tier } from './tiers';

/** What every handler is given, whichever door the call came through. */
export interface OperationContext {
  deps: Deps;
  /** The address the call came from (http/client-address.ts), for the throttles. */
  clientAddress: string;
  /** The User-Agent header, read only to name a new session's device (platform/http/device.ts). */
  userAgent?: string | undefined;
  requestId: string;
}
/** A signed-in tier's handler also knows who is calling: the tier has been checked. */
interface SignedInContext extends OperationContext {
  caller: Caller;
}
type ContextOf<T extends Tier> = T extends 'public' ? OperationContext : SignedInContext;

/** How tRPC serves an operation: as its route's method says (a GET is a query), unless it says `trpc: false`. */
export type TrpcKind = 'query' | 'mutation';
type Method = 'get' | 'post' | 'put' | 'delete';
type KindOf<M extends Method, NoTrpc> = [NoTrpc] extends [false] ? false : M extends 'get' ? 'query' : 'mutation';

/** A file a handler answers (the certificate, the report): REST sends it as it is, with its name. */
export interface FileAnswer {
  body: Uint8Array<ArrayBuffer> | ReadableStream<Uint8Array>;
  fileName: string;
}

/** The parts of a REST request, each parsed with its schema (api/rest.ts): path parameters, query string, JSON body. */
export interface RestRequest {
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
}
type OutputOf<S> = S extends z.ZodType ? z.output<S> : undefined;
interface RestParts<R extends RestRequest> {
  params: OutputOf<R['params']>;
  query: OutputOf<R['query']>;
  body: OutputOf<R['body']>;
}
type Part<S> = S extends z.ZodType ? z.output<S> : unknown;
/** The parts in one object: what the operation is given when its binding maps nothing itself (api/rest.ts). */
type MergedParts<R extends RestRequest> = [R['params'] | R['query'] | R['body']] extends [undefined]
  ? undefined
  : Part<R['params']> & Part<R['query']> & Part<R['body']>;

/** What a handler answers: what its view or its reply takes (z.input), or else a file. */
type AnswerOf<V, Rp> = V extends z.ZodType ? z.input<V> : Rp extends z.ZodType ? z.input<Rp> : FileAnswer;
type OutputType<V, Rp> = V extends z.ZodType ? z.output<V> : Rp extends z.ZodType ? z.output<Rp> : never;
type HandlerInput<I, R extends RestRequest> = I extends z.ZodType ? z.output<I> : MergedParts<R>;

/** The error statuses a route may answer (api/openapi-route.ts gives each its description). */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 500 | 502 | 503;
export type ResponseConfig = Exclude<RouteConfig['responses'][string], { $ref: string }>;

interface FileSending<In> {
  mediaType: string;
  disposition: (input: In) => 'inline' | 'attachment';
}

/** The REST side of an operation: its route, the document's words for it, and how its answer is sent. */
interface RestRoute<R extends RestRequest, In, A, M extends Method = Method> {
  method: M;
  /** Under /api, in the document's form: `/admin/users/{id}`. */
  path: string;
  operationId: string;
  tags: [Tag];
  summary: string;
  description?: string;
  /** What the route parses, each part with its schema; left out, the JSON body (or a GET's query string). */
  request?: R;
  /** 201 for a route that makes something; 200 otherwise. */
  status?: 201;
  /** The 2xx answer's description (the JSON schema and a list's headers are added), or the whole answer of a file. */
  response: string | ResponseConfig;
  /** Error statuses beyond those the route's kind gives (api/openapi-route.ts defineRoute). */
  errors?: readonly ErrorStatus[];
  errorBodies?: Partial<Record<ErrorStatus, z.ZodType>>;
  /**
   * A path parameter that does not parse answers 400 with this message alone, not the field's (the certificate); or
   * a message per parameter (a policy's documents: its number, the kind).
   */
  paramError?: string | Readonly<Record<string, string>>;
  /** The error answers repeat `error` as `message`, for the clients of POST /api/register (docs/api.md#account). */
  withMessage?: true;
  /** A list: the page's items as the body, its total in X-Total-Count (and X-Total-Is-Lower-Bound), http/list.ts. */
  list?: unknown extends A ? true : A extends Page<unknown> ? true : never;
  /** The SPEC's own answer where it is not the handler's (docs/api.md#rest-routes): its schema and how it is made. */
  answer?: { schema: z.ZodType; body: (result: A) => unknown };
  /** A JSON answer sent as a file to save (Content-Disposition: attachment) under the name this gives (my data). */
  attachment?: (result: A) => string;
  /** How a file is sent: its media type, and inline or as an attachment. */
  file?: unknown extends A ? FileSending<In> : A extends FileAnswer ? FileSending<In> : never;
}

/** The input mapping is needed only when the route names its parts and they, merged, are not the operation's input. */
type InputMapping<R extends RestRequest, In> = [keyof R] extends [never]
  ? { input?: never }
  : [MergedParts<R>] extends [In]
    ? { input?: (parts: RestParts<R>) => In }
    : { input: (parts: RestParts<R>) => In };

type RestBinding<R extends RestRequest, In, A, M extends Method> = RestRoute<R, In, A, M> & InputMapping<R, In>;

/** An operation's definition: each part is checked against the others when it is written. */
interface OperationDef<T extends Tier, NoTrpc extends false | undefined, I, V, Rp, R extends RestRequest, M extends Method> {
  tier: T;
  /** False when REST alone has it; left out, tRPC serves it at its place in the table (a GET as a query, else a mutation). */
  trpc?: NoTrpc;
  /** The input (tRPC's; REST's parts are mapped to it). */
  input?: I;
  /** The contract view it answers: tRPC checks every answer against it (docs/api.md#trpc-procedures). */
  output?: V;
  /** A small answer the handler makes (contract/replies.ts): typed and documented, not checked at run time. */
  reply?: Rp;
  /** Calls the service. Without a view or a reply it answers a file. */
  handler: (ctx: ContextOf<T>, input: HandlerInput<I, R>) => Promise<AnswerOf<V, Rp>>;
  /** A body limit of its own at both doors instead of the API's 100 KB (api/body-limits.ts; docs/api.md#conventions). */
  bodyLimit?: BodyLimit;
  rest: RestBinding<R, HandlerInput<I, R>, AnswerOf<V, Rp>, M>;
}

/** The largest body an operation takes, the 413's message when one is larger, and the 413 as its document says it. */
export interface BodyLimit {
  maxBytes: number;
  message: string;
  /** The 413's description in the OpenAPI document (docs/api.md#openapi). */
  description: string;
}

const OPERATION = Symbol('operation');

/** An operation as the table holds it; `$types` carries its tRPC types to AppRouter (api/trpc.ts), nothing at run time. */
export interface Operation<K extends TrpcKind | false = TrpcKind | false, In = unknown, Out = unknown> {
  readonly [OPERATION]: true;
  readonly tier: Tier;
  readonly trpc: K;
  readonly input?: z.ZodType;
  readonly output?: z.ZodType;
  readonly reply?: z.ZodType;
  /** Absent only on an operation REST answers wholly by itself (defineRestOperation). */
  readonly handler?: (ctx: OperationContext & { caller?: Caller }, input: unknown) => Promise<unknown>;
  readonly rest: AnyRestBinding;
  readonly bodyLimit?: BodyLimit;
  readonly $types?: { input: In; output: Out };
}
/** A route answered by a handler of its own, made once per app: only an operation without a service has one. */
type OwnHandler = (env: RestEnv) => Handler<AppEnv>;
export type AnyRestBinding = RestRoute<RestRequest, unknown, unknown> & { input?: (parts: RestParts<RestRequest>) => unknown; serve?: OwnHandler };

type InputType<I> = I extends z.ZodType ? z.input<I> : void;

/** Defines an operation: checks its parts against each other at compile time, and keeps it for the table. */
export function defineOperation<
  const T extends Tier,
  const NoTrpc extends false | undefined = undefined,
  I extends z.ZodType | undefined = undefined,
  V extends z.ZodType | undefined = undefined,
  Rp extends z.ZodType | undefined = undefined,
  R extends RestRequest = Record<never, never>,
  const M extends Method = Method,
>(def: OperationDef<T, NoTrpc, I, V, Rp, R, M>): Operation<KindOf<M, NoTrpc>, InputType<I>, OutputType<V, Rp>> {
  const trpc = def.trpc ?? (def.rest.method === 'get' ? 'query' : 'mutation');
  return { [OPERATION]: true, ...def, trpc } as unknown as Operation<KindOf<M, NoTrpc>, InputType<I>, OutputType<V, Rp>>;
}

/** A public route only REST has, answered wholly by its own handler (the API's documentation): no service behind it. */
export function defineRestOperation(rest: RestRoute<Record<never, never>, undefined, never> & { serve: OwnHandler }): Operation<false> {
  return { [OPERATION]: true, tier: 'public', trpc: false, rest } as Operation<false>;
}

/** The `successReply` of a service that answers nothing: `{ success: true }` once it is done. */
export async function succeeded(done: Promise<unknown>): Promise<{ success: true }> {
  await done;
  return { success: true };
}

export const isOperation = (value: unknown): value is Operation => typeof value === 'object' && value !== null && OPERATION in value;

/** Every operation of a table with its tRPC name (`admin.quotes.offer`), in the table's order. */
export function* operationsOf(table: OperationTable, prefix = ''): Generator<[string, Operation]> {
  for (const [key, node] of Object.entries(table)) {
    const name = `${prefix}${key}`;
    if (isOperation(node)) yield [name, node];
    else yield* operationsOf(node, `${name}.`);
  }
}

/** The table's shape: operations, in groups named as the tRPC paths are (`admin.quotes.offer`). */
export interface OperationTable {
  readonly [name: string]: Operation | OperationTable;
}
