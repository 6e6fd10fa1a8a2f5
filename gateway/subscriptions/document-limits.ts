import { type DocumentNode, GraphQLError, type GraphQLSchema, specifiedRules, validate } from 'graphql';
import type { RequestLimits } from '../../lib/config';
import { countTokens } from '../../lib/document-tokens';
import type { Principal } from '../../lib/principal';
import { armorValidationRules } from '../cost-limits';
import type { TrustedDocuments } from '../trusted-documents';

/**
 * The limits a document sent over HTTP meets, for documents sent over graphql-ws and SSE: tokens
 * counted before the transport parses it, then graphql-armor's alias, depth and directive rules
 * beside graphql-js's own when it is validated; its errors carry the code HTTP gives them. (Queries and the payload queries of a subscription
 * run through Apollo's pipeline, which also applies the root-field and cost limits.)
 */
export interface DocumentLimits {
  /** A refusal when `query` is not a trusted document while only those run for `caller` (PERSISTED_QUERY_NOT_IN_LIST),
   * or has more tokens than allowed, before it is parsed: the one place SSE and graphql-ws documents arrive. */
  refuse(query: unknown, caller: Principal): GraphQLError | undefined;
  validate(schema: GraphQLSchema, document: DocumentNode): readonly GraphQLError[];
}

export function documentLimits(limits: RequestLimits['graphql'], trusted: Pick<TrustedDocuments, 'refuseText'>): DocumentLimits {
  const rules = [...specifiedRules, ...armorValidationRules(limits)];
  /**
   * Validation's answer per schema and document object: the transports share one parsed document per text
   * (shared-documents.ts), so a thousand viewers of one dashboard are validated once. Validating each
   * subscribe was ~1.4 s of the gateway's CPU profile while 1,000 bench:fanout subscribers connected (load 13),
   * the connections' largest cost; it depends on nothing else (the rules are fixed here).
   */
  const validated = new WeakMap<GraphQLSchema, WeakMap<DocumentNode, readonly GraphQLError[]>>();
  const validateOnce = (schema: GraphQLSchema, document: DocumentNode) =>
    validate(schema, document, rules).map(
      (error) =>
        new GraphQLError(error.message, {
          nodes: error.nodes,
          source: error.source,
          positions: error.positions,
          path: error.path,
          originalError: error.originalError,
          extensions: { ...error.extensions, code: 'GRAPHQL_VALIDATION_FAILED' },
        }),
    );
  return {
    refuse(query, caller) {
      const untrusted = trusted.refuseText(query, caller);
      if (untrusted) return new GraphQLError(untrusted, { extensions: { code: 'PERSISTED_QUERY_NOT_IN_LIST' } });
      if (typeof query !== 'string' || limits.maxTokens <= 0) return undefined;
      if (countTokens(query, limits.maxTokens) <= limits.maxTokens) return undefined;
      return new GraphQLError(`The document has more than ${limits.maxTokens} tokens, the limit (VIGIL_GRAPHQL_MAX_TOKENS)`, {
        extensions: { code: 'BAD_REQUEST' },
      });
    },
    // With the code the same error gets over HTTP (lib/graphql-errors.ts): GRAPHQL_VALIDATION_FAILED,
    // graphql-armor's limits included (Apollo gives every validation error that code).
    validate(schema, document) {
      let bySchema = validated.get(schema);
      if (!bySchema) {
        bySchema = new WeakMap();
        validated.set(schema, bySchema);
      }
      let errors = bySchema.get(document);
      if (!errors) {
        errors = validateOnce(schema, document);
        bySchema.set(document, errors);
      }
      return errors;
    },
  };
}
