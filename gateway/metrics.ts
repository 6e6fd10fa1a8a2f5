import type { GraphQLDataSource, GraphQLDataSourceProcessOptions } from '@apollo/gateway';
import type { ApolloServerPlugin } from '@apollo/server';
import type express from 'express';
import { Kind, type OperationDefinitionNode } from 'graphql';
import { graphqlDuration, graphqlErrors, httpDuration, registry, subgraphFetchDuration } from '../lib/metrics';
import { refuseRest } from '../lib/refuse';

/** Every HTTP request's duration, labelled by the route template it matched (never the raw path). */
export function useHttpMetrics(): express.RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      const route = req.route?.path ? `${req.baseUrl}${req.route.path}` : req.baseUrl || (res.statusCode === 404 ? 'unmatched' : 'other');
      httpDuration.observe({ method: req.method, route, status: String(res.statusCode) }, Number(process.hrtime.bigint() - started) / 1e9);
    });
    next();
  };
}

function rootField(operation: OperationDefinitionNode | null | undefined): string {
  const first = operation?.selectionSet.selections[0];
  return first?.kind === Kind.FIELD ? first.name.value : 'unknown';
}

/** GraphQL operation durations by type and first root field (names from the schema), and errors by code. */
export function graphqlMetrics(): ApolloServerPlugin {
  return {
    async requestDidStart() {
      const started = process.hrtime.bigint();
      let labels = { type: 'unknown', field: 'unknown' };
      return {
        async didResolveOperation({ operation }) {
          labels = { type: operation?.operation ?? 'unknown', field: rootField(operation) };
        },
        async didEncounterErrors({ errors }) {
          for (const error of errors) graphqlErrors.inc({ code: String(error.extensions?.code ?? 'INTERNAL_SERVER_ERROR') });
        },
        async willSendResponse() {
          // A document refused before its operation resolved (syntax, validation, limits) counts as unknown.
          graphqlDuration.observe(labels, Number(process.hrtime.bigint() - started) / 1e9);
        },
      };
    },
  };
}

/** A subgraph's data source, its fetches timed. */
export function timedDataSource(name: string, source: GraphQLDataSource): GraphQLDataSource {
  return {
    async process(options: GraphQLDataSourceProcessOptions) {
      const end = subgraphFetchDuration.startTimer({ subgraph: name });
      try {
        return await source.process(options);
      } finally {
        end();
      }
    },
  };
}

const isLoopback = (address: string) => address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.');

/**
 * Whether the caller is on this machine. A request carrying `X-Forwarded-For`, `Forwarded` or
 * `X-Real-IP` came through a proxy — one on this host connects from loopback too — so loopback trust is
 * for direct callers only. A proxied request counts as local only when VIGIL_TRUST_PROXY trusts the
 * proxy (express's `trust proxy`, which reads `X-Forwarded-For`) and the client it names is loopback.
 */
function callerIsLocal(req: express.Request): boolean {
  const peer = req.socket.remoteAddress ?? '';
  const forwardedFor = req.header('x-forwarded-for');
  if (forwardedFor === undefined && req.header('forwarded') === undefined && req.header('x-real-ip') === undefined) return isLoopback(peer);
  const trusts = req.app.get('trust proxy fn') as ((address: string, hop: number) => boolean) | undefined;
  if (forwardedFor === undefined || !trusts?.(peer, 0)) return false;
  return isLoopback(req.ip ?? '');
}

/**
 * GET /metrics in Prometheus' text format, for callers on this machine (`callerIsLocal`) or, when
 * VIGIL_METRICS_TOKEN is set, anyone sending `Authorization: Bearer <token>`. Others get 404, as for
 * a route that does not exist.
 */
export function metricsRoute(token: string | undefined): express.RequestHandler {
  return async (req, res) => {
    const bearer = req.header('authorization');
    if (!(token && bearer === `Bearer ${token}`) && !callerIsLocal(req)) {
      refuseRest(res, 'NOT_FOUND', 'No such route');
      return;
    }
    res.type(registry.contentType).send(await registry.metrics());
  };
}
