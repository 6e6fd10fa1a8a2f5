import type { ApolloGateway } from '@apollo/gateway';
import { DirectiveLocation, GraphQLBoolean, GraphQLDirective, GraphQLNonNull, GraphQLSchema, GraphQLString } from 'graphql';
import { transformServedSchema } from '../../lib/apollo-internals/served-schema';

/**
 * `@defer` as the incremental delivery spec (and Apollo Router) declares it. @apollo/gateway's API
 * schema leaves it out (its query planner can plan @defer, its executor cannot run the plan), so the
 * schema Vigil serves — validation, introspection, the IDE — adds it here. @apollo/gateway itself
 * accepts a document with @defer (a built-in of its operation parser) and plans it without deferring:
 * that is how a @defer the gateway does not split (gateway/defer/split.ts) runs.
 */
export const GraphQLDeferDirective = new GraphQLDirective({
  name: 'defer',
  description:
    'Delivers this fragment after the rest of the answer, in a later part of a multipart/mixed response (deferSpec=20220824), ' +
    'when the client accepts one; otherwise, or where the fragment cannot be deferred (under a list), with the rest of the answer.',
  locations: [DirectiveLocation.FRAGMENT_SPREAD, DirectiveLocation.INLINE_FRAGMENT],
  args: {
    if: { type: new GraphQLNonNull(GraphQLBoolean), defaultValue: true, description: 'Deferred when true (the default).' },
    label: { type: GraphQLString, description: "Names this fragment's part (its `label`)." },
  },
});

const withDefer = new WeakMap<GraphQLSchema, GraphQLSchema>();

/** `schema` with @defer declared (the same object for the same schema). */
export function schemaWithDefer(schema: GraphQLSchema): GraphQLSchema {
  if (schema.getDirective('defer')) return schema;
  let served = withDefer.get(schema);
  if (!served) {
    const config = schema.toConfig();
    served = new GraphQLSchema({ ...config, directives: [...config.directives, GraphQLDeferDirective] });
    withDefer.set(schema, served);
  }
  return served;
}

/** Serves `gateway`'s API schema with @defer declared (lib/apollo-internals/served-schema.ts). Call before ApolloServer starts. */
export function declareDefer(gateway: ApolloGateway): void {
  transformServedSchema(gateway, schemaWithDefer);
}
