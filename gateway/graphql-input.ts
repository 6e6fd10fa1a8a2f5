import type { ApolloServerPlugin } from '@apollo/server';
import { GraphQLError, isScalarType, Kind, visit, type ASTNode, type DocumentNode, type GraphQLSchema } from 'graphql';
import { NUL_CHARACTER_MESSAGE, pathOfNulCharacter } from '../lib/validate';
import { scalarResolvers } from '../lib/scalars';

/**
 * The GraphQL side of the input boundary, before anything is planned or executed (the REST side is
 * the route table's schemas, gateway/rest/table.ts). A bad input is the caller's mistake, answered
 * with HTTP 400 and a coded error, never a masked 500 from a subgraph:
 * - the supergraph's custom scalars parse as the subgraphs' do, so a bad DateTime literal (also
 *   inside an input object) fails validation and a bad DateTime variable fails coercion;
 * - no string in the variables or the document's literals holds U+0000 (PostgreSQL cannot store it);
 * - the document has the operation `operationName` names (the gateway would throw an untyped error).
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
            throw badInput(request.operationName ? `Unknown operation named "${request.operationName}"` : 'Must provide operationName: the document holds several operations');
          }
          for (const [name, value] of Object.entries(request.variables ?? {})) {
            const nul = pathOfNulCharacter(value);
            if (nul) throw badInput(`Variable "$${[name, ...nul].join('.')}" ${NUL_CHARACTER_MESSAGE}`, [name, ...nul].join('.'));
          }
          const literal = literalWithNulCharacter(document);
          if (literal) throw badInput(`Argument "${literal}" ${NUL_CHARACTER_MESSAGE}`, literal);
        },
        async willSendResponse({ response, errors }) {
          // Apollo answers an unknown persisted query hash with 200 (formatError gives it BAD_REQUEST and
          // keeps the message "PersistedQueryNotFound", which APQ clients look for, also on a 400).
          if (errors?.some((e) => e.extensions?.code === 'PERSISTED_QUERY_NOT_FOUND' || e.extensions?.code === 'PERSISTED_QUERY_NOT_SUPPORTED')) {
            response.http.status = 400;
          }
        },
      };
    },
  };
}

function badInput(message: string, field?: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: 'BAD_REQUEST', ...(field ? { field } : {}), http: { status: 400 } } });
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
    type.parseValue = implementation.parseValue;
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
