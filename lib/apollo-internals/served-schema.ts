import type { ApolloGateway } from '@apollo/gateway';
import type { GraphQLSchema } from 'graphql';

/**
 * Replaces the API schema `gateway` serves with `transform(schema)`, now and after each schema load:
 * the schema ApolloServer validates against (it reads it from the gateway's schema listeners, called
 * after this one) and the one the gateway's executor answers introspection from — `ApolloGateway.schema`,
 * a field @apollo/gateway does not export a setter for, read per request. Call before ApolloServer starts.
 */
export function transformServedSchema(gateway: ApolloGateway, transform: (schema: GraphQLSchema) => GraphQLSchema): void {
  const served = gateway as unknown as { schema?: GraphQLSchema };
  const replace = () => {
    if (served.schema) served.schema = transform(served.schema);
  };
  replace();
  gateway.onSchemaLoadOrUpdate(replace);
}
