import type http from 'node:http';
import type express from 'express';
import type { ApolloGateway } from '@apollo/gateway';
import type { ApolloServerPlugin } from '@apollo/server';
import type { GraphQLSchema } from 'graphql';
import type { VigilConfig } from '../../lib/config';
import type { Database } from '../../lib/db';
import { documentLimits } from './document-limits';
import { SubscriptionService, type RunQuery } from './service';
import { sseTransport } from './sse-transport';
import { attachWebSocketTransport } from './ws-transport';
import type { WakeMode } from './wake-channel';

/** Live subscriptions (README "Live subscriptions"): what gateway/server.ts wires in. */
export interface Subscriptions {
  service: SubscriptionService;
  /** GraphQL over SSE, mounted on /graphql/stream. */
  sse: express.RequestHandler;
  /** Wakes the tails (this gateway's and, over Redis, the others') after each mutation answered. */
  publishAfterMutations(): ApolloServerPlugin;
  /** Starts the tail and graphql-ws on `server`'s /graphql upgrades. */
  start(server: http.Server): Promise<void>;
  /** Ends every stream (GOING_AWAY) and closes the WebSockets with 1001. */
  close(): Promise<void>;
}

export function wakeModeOf(config: VigilConfig, db: Database): WakeMode {
  const chosen = config.subscriptions.wake;
  if (chosen !== 'auto') return chosen;
  if (config.limits.rateLimit.redisUrl) return 'redis';
  return db.mode === 'postgres' ? 'postgres' : 'process';
}

export function createSubscriptions(config: VigilConfig, db: Database, gateway: ApolloGateway, runQuery: RunQuery): Subscriptions {
  let schema: GraphQLSchema | undefined;
  gateway.onSchemaLoadOrUpdate(({ apiSchema }) => {
    schema = apiSchema;
  });
  const settings = config.subscriptions;
  const service = new SubscriptionService(
    db,
    config.secret,
    {
      wake: wakeModeOf(config, db),
      redisUrl: config.limits.rateLimit.redisUrl,
      redisPrefix: settings.redisPrefix,
      pollMs: settings.pollMs,
      degradedPollMs: Math.min(250, settings.pollMs),
      bufferLimit: settings.bufferLimit,
      recheckMs: settings.recheckMs,
    },
    () => {
      if (!schema) throw new Error('the supergraph is not composed yet');
      return schema;
    },
    runQuery,
  );
  const limits = documentLimits(config.limits.graphql);
  let ws: { close(): Promise<void> } | null = null;
  return {
    service,
    sse: sseTransport(service, limits),
    publishAfterMutations: () => ({
      async requestDidStart() {
        return {
          async willSendResponse({ operation }) {
            if (operation?.operation === 'mutation') service.channel.publish();
          },
        };
      },
    }),
    async start(server) {
      await service.start();
      ws = attachWebSocketTransport(server, service, limits);
    },
    async close() {
      await service.close();
      await ws?.close();
    },
  };
}
