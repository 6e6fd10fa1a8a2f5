-- Trusted documents per key and per organization (docs/api.md, "Trusted documents"): a key whose flag is set,
-- or whose user is a member of an organization whose flag is set, runs only the trusted documents' operations
-- on POST/GET /graphql, multipart subscriptions, SSE and graphql-ws, as the whole deployment does with
-- VIGIL_TRUSTED_DOCUMENTS_ONLY=on. Read with the key on every request (lib/api-keys.ts authenticateApiKey):
-- the key's row and the user's memberships are read there already, so the flags add no lookup.
ALTER TABLE "organizations"."api_keys" ADD COLUMN "trustedDocumentsOnly" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "organizations"."organizations" ADD COLUMN "trustedDocumentsOnly" BOOLEAN NOT NULL DEFAULT false;

-- Object identification (issue 34 item 5, subgraphs/organizations/node-resolvers.ts): a webhook is a `Node`
-- too (a settings page refetches it by id). The documents subgraph declares which id is a webhook and its
-- organization, as alerts and questionnaires do (20261202000600), listed in subgraphs/read-contracts.ts.
-- Webhooks are deleted for good (no deletedAt): every row is live.
CREATE VIEW "documents"."live_node_owners" AS
  SELECT w.id, 'Webhook'::text AS type, w."organizationId"
    FROM "documents"."webhooks" w;
