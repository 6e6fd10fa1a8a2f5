import type { ApolloServerPlugin } from '@apollo/server';
import { type ASTNode, type DocumentNode, GraphQLError, type GraphQLSchema, isScalarType, Kind, visit } from 'graphql';
import { REQUEST_ERROR_CODES } from '../lib/graphql-errors';
import { scalarResolvers } from '../lib/scalars';
import { NUL_CHARACTER_MESSAGE, pathOfNulCharacter } from '../lib/validate';

/**
 * The GraphQL side of the input boundary, before anything is planned or executed (the REST side is
 * the route table's schemas, gateway/rest/table.ts). A bad input is the caller's mistake, answered
 * with HTTP 400 and a coded error, never a masked 500 from a subgraph:
 * - the supergraph's custom scalars parse as the subgraphs' do, so a bad DateTime literal (also
 *   inside an input object) fails validation and a bad DateTime variable fails coercion;
 * - no string in the variables or the document's literals holds U+0000 (PostgreSQL cannot store it);
 * - the document has the operation `operationName` names (the gateway would throw an untyped error).
 * The codes are the standard ones (lib/graphql-errors.ts): a variable is BAD_USER_INPUT, a literal of the
 * document GRAPHQL_VALIDATION_FAILED, a missing operation OPERATION_RESOLUTION_FAILURE.
 *
 * The status of a request error (the document, its variables or its operation refused, nothing run)
 * follows GraphQL-over-HTTP: 400 when the answer is `application/graphql-response+json`, 200 when it is
 * `application/json` (the spec's SHOULD: legacy clients read the body, not the status); an unknown
 * persisted query is 400 either way.
 */
export function checkGraphQLInput(): ApolloServerPlugin {
  return {
    async serverWillStart() {
      return {
        schemaDidLoadOrUpdate({ apiSchema }) {
          withScalarParsing(apiSchema);
        },
      };
    },
    async requestDidStart() {
      return {
        async didResolveOperation({ request, document, operation }) {
          if (!operation) {
            throw badInput(
              'OPERATION_RESOLUTION_FAILURE',
              request.operationName
                ? `Unknown operation named "${request.operationName}"`
                : 'Must provide operationName: the document holds several operations',
            );
          }
          for (const [name, value] of Object.entries(request.variables ?? {})) {
            const nul = pathOfNulCharacter(value);
            if (nul) throw badInput('BAD_USER_INPUT', `Variable "$${[name, ...nul].join('.')}" ${NUL_CHARACTER_MESSAGE}`, [name, ...nul].join('.'));
          }
          const literal = literalWithNulCharacter(document);
          if (literal) throw badInput('GRAPHQL_VALIDATION_FAILED', `Argument "${literal}" ${NUL_CHARACTER_MESSAGE}`, literal);
        },
        async willSendResponse({ request, response }) {
          if (response.body.kind !== 'single') return;
          const result = response.body.singleResult;
          const codes = (result.errors ?? []).map((e) => e.extensions?.code);
          // Apollo answers an unknown persisted query hash with 200; the message "PersistedQueryNotFound"
          // is what APQ clients look for, also on a 400.
          if (codes.some((code) => code === 'PERSISTED_QUERY_NOT_FOUND' || code === 'PERSISTED_QUERY_NOT_SUPPORTED')) {
            response.http.status = 400;
            return;
          }
          if (result.data !== undefined || codes.length === 0 || !codes.every((code) => typeof code === 'string' && REQUEST_ERROR_CODES.has(code))) return;
          // Only over HTTP (the REST routes and the live transports call executeOperation, without one).
          if (request.http) response.http.status = answersGraphQLResponseJson(request.http.headers.get('accept')) ? 400 : 200;
        },
      };
    },
  };
}

function badInput(code: 'BAD_USER_INPUT' | 'GRAPHQL_VALIDATION_FAILED' | 'OPERATION_RESOLUTION_FAILURE', message: string, field?: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code, ...(field ? { field } : {}), http: { status: 400 } } });
}

const JSON_TYPE = 'application/json';
const GRAPHQL_RESPONSE_TYPE = 'application/graphql-response+json';

/**
 * Whether Apollo Server answers `application/graphql-response+json` for this Accept header: the media
 * type it negotiates between the two (negotiator's order: higher q, then the more specific range, then
 * the range listed first, then application/json). No Accept header is application/json.
 */
export function answersGraphQLResponseJson(accept: string | undefined | null): boolean {
  if (!accept) return false;
  const ranges = accept.split(',').map((part, order) => {
    const [range, ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    const q = params.find((p) => p.startsWith('q='));
    return { range, q: q ? Number(q.slice(2)) : 1, order };
  });
  const match = (type: string) => {
    let best: { q: number; specificity: number; order: number } | undefined;
    for (const { range, q, order } of ranges) {
      const specificity = range === type ? 2 : range === `${type.split('/')[0]}/*` ? 1 : range === '*/*' ? 0 : -1;
      if (specificity < 0 || Number.isNaN(q)) continue;
      if (!best || specificity > best.specificity || (specificity === best.specificity && order < best.order)) best = { q, specificity, order };
    }
    return best && best.q > 0 ? best : undefined;
  };
  const json = match(JSON_TYPE);
  const graphql = match(GRAPHQL_RESPONSE_TYPE);
  if (!graphql) return false;
  if (!json) return true;
  if (graphql.q !== json.q) return graphql.q > json.q;
  if (graphql.specificity !== json.specificity) return graphql.specificity > json.specificity;
  return graphql.order < json.order;
}

/**
 * The gateway builds its schema from the supergraph SDL, where custom scalars accept anything. The
 * scalar objects are given the parsing of lib/scalars.ts, the one the subgraphs use: validation then
 * checks literals and the gateway's variable coercion checks variables. Only checks: the gateway
 * forwards the request's variables and literals to the subgraphs as they came.
 */
function withScalarParsing(schema: GraphQLSchema): void {
  for (const [name, implementation] of Object.entries(scalarResolvers)) {
    const type = schema.getType(name);
    if (!isScalarType(type)) continue;
    // A variable the scalar refuses is the variables' fault: without the subgraphs' BAD_REQUEST code,
    // Apollo gives it BAD_USER_INPUT, as any variable that does not coerce.
    type.parseValue = (value: unknown) => {
      try {
        return implementation.parseValue(value);
      } catch (error) {
        throw new GraphQLError((error as Error).message);
      }
    };
    type.parseLiteral = implementation.parseLiteral;
  }
}

/** Answers per parsed document: Apollo Server hands the same DocumentNode for a cached query. */
const nulLiterals = new WeakMap<DocumentNode, string | null>();

/** The argument path (`filter.search`) of the first string literal holding U+0000, or null. */
function literalWithNulCharacter(document: DocumentNode): string | null {
  const known = nulLiterals.get(document);
  if (known !== undefined) return known;
  const found = findNulLiteral(document);
  nulLiterals.set(document, found);
  return found;
}

function findNulLiteral(document: DocumentNode): string | null {
  let found: string | null = null;
  visit(document, {
    StringValue(node, _key, parent, _path, ancestors) {
      if (found !== null || !node.value.includes('\u0000')) return;
      const names = [...(ancestors as ReadonlyArray<ASTNode | ReadonlyArray<ASTNode>>), parent as ASTNode]
        .filter((a): a is ASTNode => !Array.isArray(a) && ((a as ASTNode).kind === Kind.ARGUMENT || (a as ASTNode).kind === Kind.OBJECT_FIELD))
        .map((a) => (a as { name: { value: string } }).name.value);
      found = names.join('.') || 'value';
    },
  });
  return found;
}
