import type http from 'node:http';
import type { ApolloGateway } from '@apollo/gateway';
import type { ApolloServerPlugin } from '@apollo/server';
import type express from 'express';
import type { GraphQLSchema } from 'graphql';
import type { VigilConfig } from '../../lib/config';
import type { Database } from '../../lib/db';
import { StreamHub, streamHubSettings } from '../../lib/subscriptions/hub';
import type { TrustedDocuments } from '../trusted-documents';
import { documentLimits } from './document-limits';
import { multipartTransport } from './multipart-transport';
import { type AdmitOperation, type RunQuery, SubscriptionService } from './service';
import { sseTransport } from './sse-transport';
import { attachWebSocketTransport } from './ws-transport';

/** Live subscriptions (README "Live subscriptions"): what gateway/server.ts wires in. */
export interface Subscriptions {
  service: SubscriptionService;
  /** GraphQL over SSE, mounted on /graphql/stream. */
  sse: express.RequestHandler;
  /** Apollo's multipart HTTP subscriptions, on POST /graphql after its body and token limit (others pass through). */
  multipart: express.RequestHandler;
  /** Wakes the tails (this gateway's and, over Redis, the others') after each mutation answered. */
  publishAfterMutations(): ApolloServerPlugin;
  /** Starts the tail and graphql-ws on `server`'s /graphql upgrades. */
  start(server: http.Server): Promise<void>;
  /** Ends every stream (GOING_AWAY) and closes the WebSockets with 1001, without waiting for the database. */
  end(): Promise<void>;
  /** After end(): waits for the event log's read in flight and stops reading. */
  close(): Promise<void>;
}

export function createSubscriptions(
  config: VigilConfig,
  /** Trusted documents (gateway/trusted-documents.ts): with only them running, SSE and graphql-ws refuse others. */
  trusted: Pick<TrustedDocuments, 'refuseText'>,
  db: Database,
  gateway: ApolloGateway,
  runQuery: RunQuery,
  admitOperation: AdmitOperation,
  /** The process's stream hub when the subgraphs of this process share it (app/vigil.ts); else one of its own. */
  hub?: StreamHub,
): Subscriptions {
  // A gateway loaded before (gateway/gateway.ts planGateway) has its schema already.
  let schema: GraphQLSchema | undefined = gateway.schema;
  gateway.onSchemaLoadOrUpdate(({ apiSchema }) => {
    schema = apiSchema;
  });
  const service = new SubscriptionService(
    hub ?? new StreamHub(db.pool, config.secret, streamHubSettings(config, db)),
    () => {
      if (!schema) throw new Error('the supergraph is not composed yet');
      return schema;
    },
    runQuery,
    admitOperation,
  );
  const limits = documentLimits(config.limits.graphql, trusted);
  let ws: { close(): Promise<void> } | null = null;
  return {
    service,
    sse: sseTransport(service, limits),
    multipart: multipartTransport(service, limits),
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
    async end() {
      service.end();
      await ws?.close();
    },
    close: () => service.close(),
  };
}
