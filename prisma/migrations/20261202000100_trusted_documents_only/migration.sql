-- Trusted documents per key and per organization (docs/api.md, "Trusted documents"): a key whose flag is set,
-- or whose user is a member of an organization whose flag is set, runs only the trusted documents' operations
-- on POST/GET /graphql, multipart subscriptions, SSE and graphql-ws, as the whole deployment does with
-- VIGIL_TRUSTED_DOCUMENTS_ONLY=on. Read with the key on every request (lib/api-keys.ts authenticateApiKey):
-- the key's row and the user's memberships are read there already, so the flags add no lookup.
ALTER TABLE "organizations"."api_keys" ADD COLUMN "trustedDocumentsOnly" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "organizations"."organizations" ADD COLUMN "trustedDocumentsOnly" BOOLEAN NOT NULL DEFAULT false;
