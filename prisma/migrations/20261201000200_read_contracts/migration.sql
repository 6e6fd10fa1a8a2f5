-- Read contracts (issue 37 item 4): what one subgraph reads of another's data, declared by the owner
-- as a view in its own schema, so no subgraph's SQL names another's tables. The list, with who reads
-- each and why: subgraphs/read-contracts.ts (test/subgraph-data-ownership.test.ts holds it). Plain
-- views: the planner inlines them, the readers' plans are the ones they had on the tables.

-- organizations: an author's name and picture (alert comments) ...
CREATE VIEW "organizations"."user_profiles" AS
  SELECT u.id, u.name, u.picture FROM "organizations"."users" u;

-- ... who is a member of which organization (alert comments: whether the author left) ...
CREATE VIEW "organizations"."member_ids" AS
  SELECT m."organizationId", m."userId" FROM "organizations"."memberships" m;

-- ... who is a member of which live organization (documents: a signed download URL works only while its user
-- may still read the file) ...
CREATE VIEW "organizations"."live_member_ids" AS
  SELECT m."organizationId", m."userId"
    FROM "organizations"."memberships" m
    JOIN "organizations"."organizations" o ON o.id = m."organizationId" AND o."deletedAt" IS NULL;

-- ... and the follow relations between two live organizations (assessments go to related ones).
CREATE VIEW "organizations"."live_follows" AS
  SELECT f."followerId", f."followedId"
    FROM "organizations"."follows" f
    JOIN "organizations"."organizations" fo ON fo.id = f."followerId" AND fo."deletedAt" IS NULL
    JOIN "organizations"."organizations" fd ON fd.id = f."followedId" AND fd."deletedAt" IS NULL;

-- documents: an attachment's record as events carry it, with its owner (questionnaires checks the
-- ids it is given, shows live ones, and puts records in its events' payloads).
CREATE VIEW "documents"."attachment_records" AS
  SELECT a.id, a."organizationId", a."fileName", a."contentLength", a."contentType", a."contentMD5", a."createdAt", a."expiresAt"
    FROM "documents"."attachments" a;

-- questionnaires: an assessment's two parties (documents: a questionnaire report is theirs only) ...
CREATE VIEW "questionnaires"."assessment_parties" AS
  SELECT s.id, s."senderId", s."receiverId" FROM "questionnaires"."assessments" s;

-- ... and every attachment an assessment references — on an element of its questionnaire version,
-- in an answer entry, in a comment — with its parties (documents: both sides read those files).
-- "attachmentId" is text: answer entries hold the ids as JSON strings.
CREATE VIEW "questionnaires"."assessment_attachments" AS
  SELECT s.id AS "assessmentId", s."senderId", s."receiverId", x.id::text AS "attachmentId"
    FROM "questionnaires"."assessments" s
    JOIN "questionnaires"."elements" e ON e."questionnaireId" = s."questionnaireId" AND e."questionnaireVersion" = s."questionnaireVersion"
    CROSS JOIN LATERAL unnest(e."attachmentIds") AS x(id)
  UNION ALL
  SELECT s.id, s."senderId", s."receiverId", x.id
    FROM "questionnaires"."assessments" s
    JOIN "questionnaires"."answers" a ON a."assessmentId" = s.id
    CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(a.content) = 'array' THEN a.content ELSE '[]'::jsonb END) AS entry
    CROSS JOIN LATERAL jsonb_array_elements_text(CASE WHEN jsonb_typeof(entry->'attachmentIds') = 'array' THEN entry->'attachmentIds' ELSE '[]'::jsonb END) AS x(id)
  UNION ALL
  SELECT s.id, s."senderId", s."receiverId", x.id::text
    FROM "questionnaires"."assessments" s
    JOIN "questionnaires"."assessment_comments" c ON c."assessmentId" = s.id
    CROSS JOIN LATERAL unnest(c."attachmentIds") AS x(id);
