import type express from 'express';
import type { z } from 'zod/v4';
import { isErrorCode, notFound, VigilError } from '../../lib/errors';
import { REQUEST_ERROR_CODES } from '../../lib/graphql-errors';
import { refuseRest } from '../../lib/refuse';
import { NUL_CHARACTER_MESSAGE, pathOfNulCharacter } from '../../lib/validate';
import { DOMAIN_ENUMS, MAX_PAGE_SIZE, REST_LANGUAGES } from '../../lib/vocabulary';

/**
 * A REST route is a row: method, path, input schemas, the GraphQL operation it runs through the
 * gateway, and how the answer maps to the REST body. Adding a route is adding a row.
 */
export interface RestRoute<P extends z.ZodType = z.ZodType, Q extends z.ZodType = z.ZodType, B extends z.ZodType = z.ZodType> {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Express-style path: `/organizations/:organizationId/alerts`. */
  path: string;
  summary: string;
  tag: string;
  /** Kept for existing clients; OpenAPI marks it deprecated. */
  deprecated?: boolean;
  params?: P;
  query?: Q;
  body?: B;
  operation: string;
  /**
   * The route answers a whole list (REST's bare arrays) read through a public connection: where the
   * connection is in `data` (`['scanTargetGroup', 'scanTargets']`). Its operation takes `$first: Int`
   * and `$after: String`, and asks for the connection's `nodes` and `pageInfo { hasNextPage endCursor }`;
   * the table runs it page after page and hands `result` the connection holding every node.
   */
  whole?: readonly string[];
  variables(input: { params: z.output<P>; query: z.output<Q>; body: z.output<B> }): Record<string, unknown>;
  /** From the operation's `data` (and, where the answer's shape depends on it, the input) to the REST body. */
  result(data: Record<string, unknown>, input: { params: z.output<P>; query: z.output<Q>; body: z.output<B>; client: ClientKind }): unknown;
}

/** Keeps a row's input types tied to its `variables` function. */
export function route<P extends z.ZodType = z.ZodObject, Q extends z.ZodType = z.ZodObject, B extends z.ZodType = z.ZodUnknown>(
  row: RestRoute<P, Q, B>,
): RestRoute {
  return row as unknown as RestRoute;
}

/**
 * Which public client is calling, where their expectations differ (rest-contract §11): the Ruby SDK
 * 1.0.1 reads some lists as bare arrays that the Python SDK reads as `{data}`.
 */
export type ClientKind = 'ruby-sdk' | 'other';

export function clientKind(userAgent: string | undefined): ClientKind {
  return userAgent?.includes('Zanshin Ruby SDK') ? 'ruby-sdk' : 'other';
}

export interface ExecutionResult {
  data?: Record<string, unknown> | null;
  errors?: ReadonlyArray<{ message: string; extensions?: Record<string, unknown> }>;
}

export type Execute = (operation: string, variables: Record<string, unknown>, req: express.Request, res: express.Response) => Promise<ExecutionResult>;

export class RestInputError extends Error {}

/** The changed object of a mutation's payload (`{ organization { … } }`): REST answers the object itself. */
export function payload(answer: unknown, field: string): unknown {
  return (answer as Record<string, unknown>)[field];
}

/** The entries of a connection the route read whole (RestRoute.whole): REST answers a bare array. */
export function nodesOf(connection: unknown): unknown[] {
  return (connection as { nodes: unknown[] }).nodes;
}

/**
 * A lookup's object, or the 404 REST has always answered for it: GraphQL lookups answer null for
 * "not there or not yours" (subgraphs/field-rules.ts), REST keeps `{statusCode: 404, … "<what> not found"}`.
 */
export function found<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw notFound(what);
  return value;
}

/** The part of a GraphQL connection a REST list reads: its nodes and where the page stands. */
export interface Page<T> {
  nodes: T[];
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
}

/** REST's `cursor` of a page read through a connection: the next page's, null on the last page. */
export const restCursor = (page: Page<unknown>): string | null => (page.pageInfo.hasNextPage ? page.pageInfo.endCursor : null);

/** A cursor-paged REST list's body from one page of a connection: `{data, cursor}`. */
export function restPage(connection: unknown): { data: unknown[]; cursor: string | null } {
  const page = connection as Page<unknown>;
  return { data: page.nodes, cursor: restCursor(page) };
}

/**
 * The GraphQL enums REST answers in its own spelling, as the REST contract always has (`AlertUpdated`,
 * `alertComment`, `en-US`): the routes convert (domainValue(), restLanguage()), and the OpenAPI
 * response schemas list these values.
 */
export const REST_ENUM_VALUES: Readonly<Record<string, readonly string[]>> = {
  EventName: DOMAIN_ENUMS.EventName,
  EventEntity: DOMAIN_ENUMS.EventEntity,
  Language: REST_LANGUAGES,
};

/** A route result that is its body's text already (an alert page's JSON text, a script): sent as it is. */
export class RawBody {
  constructor(
    readonly text: string,
    readonly contentType = 'application/json',
    readonly headers: Record<string, string> = {},
  ) {}
}

function describeIssues(where: string, error: z.ZodError): string {
  return error.issues
    .map((issue) => {
      const field = issue.path.length ? issue.path.join('.') : where;
      return `${field}: ${issue.message}`;
    })
    .join('; ');
}

function parsePart<T extends z.ZodType>(schema: T | undefined, value: unknown, where: string): z.output<T> | undefined {
  if (!schema) return undefined;
  // One rule for every field of every route, before its schema: PostgreSQL cannot store U+0000.
  const nul = pathOfNulCharacter(value);
  if (nul) throw new RestInputError(`${nul.length ? nul.join('.') : where}: ${NUL_CHARACTER_MESSAGE}`);
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new RestInputError(describeIssues(where, parsed.error));
  return parsed.data;
}

/** Literal segments win over parameters, so `/followers/requests` is not read as `/followers/:id`. */
export function bySpecificity(a: RestRoute, b: RestRoute): number {
  const as = a.path.split('/');
  const bs = b.path.split('/');
  for (let i = 0; i < Math.min(as.length, bs.length); i++) {
    const ap = as[i].startsWith(':');
    const bp = bs[i].startsWith(':');
    if (ap !== bp) return ap ? 1 : -1;
  }
  return 0;
}

/**
 * Runs a RestRoute.whole route's operation page after page (the largest page a connection gives) and
 * answers the last page's result with every page's nodes. A list of at most MAX_PAGE_SIZE entries is
 * one call; an error, or a parent lookup that answered null (a 404), ends the reading with that answer.
 */
async function readWhole(
  execute: Execute,
  path: readonly string[],
  operation: string,
  variables: Record<string, unknown>,
  req: express.Request,
  res: express.Response,
): Promise<ExecutionResult> {
  const nodes: unknown[] = [];
  let after: string | null = null;
  for (;;) {
    const result = await execute(operation, { ...variables, first: MAX_PAGE_SIZE, after }, req, res);
    const page = path.reduce<unknown>((value, key) => (value as Record<string, unknown> | null | undefined)?.[key], result.data) as
      | Page<unknown>
      | null
      | undefined;
    if (result.errors?.length || !page) return result;
    nodes.push(...page.nodes);
    if (!page.pageInfo.hasNextPage) {
      page.nodes = nodes;
      return result;
    }
    after = page.pageInfo.endCursor;
  }
}

export function sendError(res: express.Response, code: string, message: string): void {
  refuseRest(res, isErrorCode(code) ? code : 'INTERNAL_SERVER_ERROR', message);
}

export function mountRoutes(router: express.Router, routes: readonly RestRoute[], execute: Execute): void {
  for (const row of [...routes].sort(bySpecificity)) {
    const method = row.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete';
    router[method](row.path, async (req, res, next) => {
      try {
        const params = parsePart(row.params, req.params, 'path');
        const query = parsePart(row.query, req.query, 'query');
        const body = parsePart(row.body, req.body, 'body');
        const input = { params, query, body, client: clientKind(req.header('user-agent')) } as never;
        const variables = row.variables(input);
        const result = row.whole ? await readWhole(execute, row.whole, row.operation, variables, req, res) : await execute(row.operation, variables, req, res);
        if (result.errors?.length) {
          const first = result.errors[0];
          const given = String(first.extensions?.code ?? 'INTERNAL_SERVER_ERROR');
          // GraphQL's request-level codes (an input the route's operation refused) are REST's 400 BadRequest.
          const code = REQUEST_ERROR_CODES.has(given) ? 'BAD_REQUEST' : given;
          const message = isErrorCode(code) ? first.message : `Internal server error (request id ${res.getHeader('x-request-id')})`;
          sendError(res, code, message);
          return;
        }
        const answer = row.result(result.data ?? {}, input);
        if (answer instanceof RawBody) res.status(200).set(answer.headers).type(answer.contentType).send(answer.text);
        else res.status(200).json(answer);
      } catch (error) {
        if (error instanceof RestInputError) {
          sendError(res, 'BAD_REQUEST', error.message);
          return;
        }
        if (error instanceof VigilError) {
          sendError(res, error.code, error.message);
          return;
        }
        next(error);
      }
    });
  }
}
