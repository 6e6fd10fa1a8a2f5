-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "alerts";

-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "documents";

-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "organizations";

-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "questionnaires";

-- CreateTable
CREATE TABLE "organizations"."users" (
    "id" UUID NOT NULL,
    "email" TEXT NOT NULL,
    "name" TEXT NOT NULL DEFAULT '',
    "picture" TEXT,
    "language" TEXT NOT NULL DEFAULT 'en-US',
    "status" TEXT NOT NULL DEFAULT 'ACTIVE',
    "identityProvider" TEXT NOT NULL DEFAULT 'vigil',
    "emailVerified" BOOLEAN NOT NULL DEFAULT false,
    "lastIp" TEXT,
    "loginsCount" INTEGER NOT NULL DEFAULT 0,
    "lastLogin" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "users_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "organizations"."api_keys" (
    "id" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "name" TEXT NOT NULL DEFAULT '',
    "keyHash" TEXT NOT NULL,
    "keyMasked" TEXT NOT NULL,
    "lastIp" TEXT,
    "lastUse" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "deletedAt" TIMESTAMPTZ(3),

    CONSTRAINT "api_keys_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "organizations"."organizations" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "picture" TEXT,
    "email" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "deletedAt" TIMESTAMPTZ(3),

    CONSTRAINT "organizations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "organizations"."memberships" (
    "organizationId" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "roles" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "memberships_pkey" PRIMARY KEY ("organizationId","userId")
);

-- CreateTable
CREATE TABLE "organizations"."invites" (
    "id" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "email" TEXT NOT NULL,
    "roles" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "invitedBy" UUID,
    "expiresAt" TIMESTAMPTZ(3) NOT NULL,
    "acceptedAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "invites_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "organizations"."access_requests" (
    "id" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'PENDING',
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "decidedAt" TIMESTAMPTZ(3),

    CONSTRAINT "access_requests_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "organizations"."member_reset_requests" (
    "id" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "requestedBy" UUID NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "member_reset_requests_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "organizations"."follow_requests" (
    "followedId" UUID NOT NULL,
    "followerId" UUID NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'PENDING',
    "tags" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "requestedBy" UUID,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "decidedAt" TIMESTAMPTZ(3),

    CONSTRAINT "follow_requests_pkey" PRIMARY KEY ("followedId","followerId")
);

-- CreateTable
CREATE TABLE "organizations"."follows" (
    "followerId" UUID NOT NULL,
    "followedId" UUID NOT NULL,
    "tags" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "follows_pkey" PRIMARY KEY ("followerId","followedId")
);

-- CreateTable
CREATE TABLE "alerts"."scan_target_groups" (
    "id" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "credentialEncrypted" TEXT,
    "credentialHint" JSONB NOT NULL DEFAULT '{}',
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "deletedAt" TIMESTAMPTZ(3),

    CONSTRAINT "scan_target_groups_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "alerts"."scan_targets" (
    "id" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "groupId" UUID,
    "name" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "credentialEncrypted" TEXT NOT NULL,
    "credentialHint" JSONB NOT NULL DEFAULT '{}',
    "schedule" JSONB NOT NULL,
    "tags" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "status" TEXT NOT NULL DEFAULT 'NEW',
    "lastScanAt" TIMESTAMPTZ(3),
    "nextScanAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "deletedAt" TIMESTAMPTZ(3),

    CONSTRAINT "scan_targets_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "alerts"."scans" (
    "id" UUID NOT NULL,
    "scanTargetId" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'QUEUED',
    "trigger" TEXT NOT NULL DEFAULT 'MANUAL',
    "findingsCount" INTEGER NOT NULL DEFAULT 0,
    "summary" JSONB NOT NULL DEFAULT '{}',
    "error" TEXT,
    "lockedBy" TEXT,
    "lockedAt" TIMESTAMPTZ(3),
    "startedAt" TIMESTAMPTZ(3),
    "finishedAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "scans_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "alerts"."rules" (
    "id" TEXT NOT NULL,
    "titleEn" TEXT NOT NULL,
    "titlePt" TEXT NOT NULL,
    "severity" TEXT NOT NULL,
    "compliances" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "timelinessThreshold" DOUBLE PRECISION,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "rules_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "alerts"."alerts" (
    "id" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "scanTargetId" UUID NOT NULL,
    "rule" TEXT NOT NULL,
    "resource" TEXT NOT NULL,
    "severity" TEXT NOT NULL,
    "state" TEXT NOT NULL DEFAULT 'OPEN',
    "version" INTEGER NOT NULL DEFAULT 1,
    "tags" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "labels" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "compliances" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "enrichment" JSONB NOT NULL DEFAULT '{}',
    "metadata" JSONB NOT NULL DEFAULT '{}',
    "timelinessThreshold" DOUBLE PRECISION,
    "lastScanId" UUID,
    "openedAt" TIMESTAMPTZ(3),
    "resolvedAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "alerts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "alerts"."alert_history" (
    "seq" BIGSERIAL NOT NULL,
    "alertId" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "scanTargetId" UUID NOT NULL,
    "rule" TEXT NOT NULL,
    "resource" TEXT NOT NULL,
    "severity" TEXT NOT NULL,
    "state" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "tags" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "labels" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "enrichment" JSONB NOT NULL DEFAULT '{}',
    "metadata" JSONB NOT NULL DEFAULT '{}',
    "timelinessThreshold" DOUBLE PRECISION,
    "openedAt" TIMESTAMPTZ(3),
    "resolvedAt" TIMESTAMPTZ(3),
    "operation" TEXT NOT NULL,
    "userId" UUID,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "alert_history_pkey" PRIMARY KEY ("seq")
);

-- CreateTable
CREATE TABLE "alerts"."alert_comments" (
    "id" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "alertId" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "comment" TEXT NOT NULL,
    "mimeType" TEXT NOT NULL DEFAULT 'text/markdown',
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "alert_comments_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "questionnaires"."questionnaires" (
    "id" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "version" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "deletedAt" TIMESTAMPTZ(3),

    CONSTRAINT "questionnaires_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "questionnaires"."elements" (
    "id" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "questionnaireId" UUID NOT NULL,
    "questionnaireVersion" INTEGER NOT NULL,
    "order" TEXT NOT NULL,
    "type" TEXT NOT NULL DEFAULT 'QUESTION',
    "props" JSONB NOT NULL DEFAULT '{}',
    "attachmentIds" UUID[] DEFAULT ARRAY[]::UUID[],
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "deletedAt" TIMESTAMPTZ(3),

    CONSTRAINT "elements_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "questionnaires"."assessments" (
    "id" UUID NOT NULL,
    "questionnaireId" UUID NOT NULL,
    "questionnaireVersion" INTEGER NOT NULL,
    "senderId" UUID NOT NULL,
    "receiverId" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "dueDate" TIMESTAMPTZ(3) NOT NULL,
    "firstRequestedReviewAt" TIMESTAMPTZ(3),
    "status" TEXT NOT NULL DEFAULT 'NEW',
    "contactInformation" JSONB NOT NULL DEFAULT '[]',
    "grade" DOUBLE PRECISION,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "assessments_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "questionnaires"."answers" (
    "assessmentId" UUID NOT NULL,
    "questionId" UUID NOT NULL,
    "questionnaireId" UUID NOT NULL,
    "questionnaireVersion" INTEGER NOT NULL,
    "senderId" UUID NOT NULL,
    "receiverId" UUID NOT NULL,
    "content" JSONB NOT NULL DEFAULT '[]',
    "status" TEXT NOT NULL DEFAULT 'NEW',
    "grade" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "answers_pkey" PRIMARY KEY ("assessmentId","questionId")
);

-- CreateTable
CREATE TABLE "questionnaires"."assessment_comments" (
    "id" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "assessmentId" UUID NOT NULL,
    "questionId" UUID,
    "content" TEXT NOT NULL,
    "attachmentIds" UUID[] DEFAULT ARRAY[]::UUID[],
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "assessment_comments_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "documents"."attachments" (
    "id" UUID NOT NULL,
    "organizationId" UUID,
    "userId" UUID NOT NULL,
    "fileName" TEXT NOT NULL,
    "contentLength" INTEGER NOT NULL,
    "contentType" TEXT NOT NULL,
    "contentMD5" TEXT NOT NULL,
    "content" BYTEA,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMPTZ(3),

    CONSTRAINT "attachments_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "documents"."documents" (
    "id" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "attachmentId" UUID,
    "status" TEXT NOT NULL DEFAULT 'PENDING',
    "type" TEXT NOT NULL,
    "params" JSONB NOT NULL DEFAULT '{}',
    "error" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMPTZ(3),
    "deletedAt" TIMESTAMPTZ(3),

    CONSTRAINT "documents_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "documents"."events" (
    "id" UUID NOT NULL,
    "seq" BIGSERIAL NOT NULL,
    "organizationId" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 1,
    "data" JSONB NOT NULL DEFAULT '{}',
    "metadata" JSONB NOT NULL DEFAULT '{}',
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "documents"."webhooks" (
    "id" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "url" TEXT NOT NULL,
    "secret" TEXT NOT NULL,
    "events" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "deletedAt" TIMESTAMPTZ(3),

    CONSTRAINT "webhooks_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "documents"."webhook_deliveries" (
    "id" UUID NOT NULL,
    "webhookId" UUID NOT NULL,
    "eventId" UUID NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'PENDING',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastError" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "deliveredAt" TIMESTAMPTZ(3),

    CONSTRAINT "webhook_deliveries_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "users_email_key" ON "organizations"."users"("email");

-- CreateIndex
CREATE UNIQUE INDEX "api_keys_keyHash_key" ON "organizations"."api_keys"("keyHash");

-- CreateIndex
CREATE INDEX "api_keys_userId_idx" ON "organizations"."api_keys"("userId");

-- CreateIndex
CREATE INDEX "memberships_userId_idx" ON "organizations"."memberships"("userId");

-- CreateIndex
CREATE INDEX "invites_email_idx" ON "organizations"."invites"("email");

-- CreateIndex
CREATE UNIQUE INDEX "invites_organizationId_email_key" ON "organizations"."invites"("organizationId", "email");

-- CreateIndex
CREATE UNIQUE INDEX "access_requests_userId_organizationId_key" ON "organizations"."access_requests"("userId", "organizationId");

-- CreateIndex
CREATE INDEX "member_reset_requests_organizationId_userId_idx" ON "organizations"."member_reset_requests"("organizationId", "userId");

-- CreateIndex
CREATE INDEX "follow_requests_followerId_idx" ON "organizations"."follow_requests"("followerId");

-- CreateIndex
CREATE INDEX "follows_followedId_idx" ON "organizations"."follows"("followedId");

-- CreateIndex
CREATE INDEX "scan_target_groups_organizationId_idx" ON "alerts"."scan_target_groups"("organizationId");

-- CreateIndex
CREATE INDEX "scan_targets_organizationId_idx" ON "alerts"."scan_targets"("organizationId");

-- CreateIndex
CREATE INDEX "scan_targets_nextScanAt_idx" ON "alerts"."scan_targets"("nextScanAt");

-- CreateIndex
CREATE INDEX "scans_scanTargetId_createdAt_idx" ON "alerts"."scans"("scanTargetId", "createdAt");

-- CreateIndex
CREATE INDEX "scans_status_idx" ON "alerts"."scans"("status");

-- CreateIndex
CREATE INDEX "alerts_organizationId_createdAt_idx" ON "alerts"."alerts"("organizationId", "createdAt");

-- CreateIndex
CREATE INDEX "alerts_organizationId_updatedAt_idx" ON "alerts"."alerts"("organizationId", "updatedAt");

-- CreateIndex
CREATE UNIQUE INDEX "alerts_scanTargetId_rule_resource_key" ON "alerts"."alerts"("scanTargetId", "rule", "resource");

-- CreateIndex
CREATE INDEX "alert_history_alertId_seq_idx" ON "alerts"."alert_history"("alertId", "seq");

-- CreateIndex
CREATE INDEX "alert_history_organizationId_seq_idx" ON "alerts"."alert_history"("organizationId", "seq");

-- CreateIndex
CREATE INDEX "alert_comments_alertId_createdAt_idx" ON "alerts"."alert_comments"("alertId", "createdAt");

-- CreateIndex
CREATE INDEX "questionnaires_organizationId_idx" ON "questionnaires"."questionnaires"("organizationId");

-- CreateIndex
CREATE INDEX "elements_questionnaireId_order_idx" ON "questionnaires"."elements"("questionnaireId", "order");

-- CreateIndex
CREATE INDEX "assessments_senderId_idx" ON "questionnaires"."assessments"("senderId");

-- CreateIndex
CREATE INDEX "assessments_receiverId_idx" ON "questionnaires"."assessments"("receiverId");

-- CreateIndex
CREATE INDEX "assessment_comments_assessmentId_createdAt_idx" ON "questionnaires"."assessment_comments"("assessmentId", "createdAt");

-- CreateIndex
CREATE INDEX "documents_userId_createdAt_idx" ON "documents"."documents"("userId", "createdAt");

-- CreateIndex
CREATE INDEX "documents_status_idx" ON "documents"."documents"("status");

-- CreateIndex
CREATE UNIQUE INDEX "events_seq_key" ON "documents"."events"("seq");

-- CreateIndex
CREATE INDEX "events_organizationId_seq_idx" ON "documents"."events"("organizationId", "seq");

-- CreateIndex
CREATE INDEX "events_organizationId_name_createdAt_idx" ON "documents"."events"("organizationId", "name", "createdAt");

-- CreateIndex
CREATE INDEX "webhooks_organizationId_idx" ON "documents"."webhooks"("organizationId");

-- CreateIndex
CREATE INDEX "webhook_deliveries_status_nextAttemptAt_idx" ON "documents"."webhook_deliveries"("status", "nextAttemptAt");

-- CreateIndex
CREATE UNIQUE INDEX "webhook_deliveries_webhookId_eventId_key" ON "documents"."webhook_deliveries"("webhookId", "eventId");

-- AddForeignKey
ALTER TABLE "organizations"."api_keys" ADD CONSTRAINT "api_keys_userId_fkey" FOREIGN KEY ("userId") REFERENCES "organizations"."users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "organizations"."memberships" ADD CONSTRAINT "memberships_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "organizations"."organizations"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "organizations"."memberships" ADD CONSTRAINT "memberships_userId_fkey" FOREIGN KEY ("userId") REFERENCES "organizations"."users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "organizations"."invites" ADD CONSTRAINT "invites_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "organizations"."organizations"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "organizations"."follow_requests" ADD CONSTRAINT "follow_requests_followedId_fkey" FOREIGN KEY ("followedId") REFERENCES "organizations"."organizations"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "organizations"."follow_requests" ADD CONSTRAINT "follow_requests_followerId_fkey" FOREIGN KEY ("followerId") REFERENCES "organizations"."organizations"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "organizations"."follows" ADD CONSTRAINT "follows_followerId_fkey" FOREIGN KEY ("followerId") REFERENCES "organizations"."organizations"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "organizations"."follows" ADD CONSTRAINT "follows_followedId_fkey" FOREIGN KEY ("followedId") REFERENCES "organizations"."organizations"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "alerts"."scan_targets" ADD CONSTRAINT "scan_targets_groupId_fkey" FOREIGN KEY ("groupId") REFERENCES "alerts"."scan_target_groups"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "alerts"."scans" ADD CONSTRAINT "scans_scanTargetId_fkey" FOREIGN KEY ("scanTargetId") REFERENCES "alerts"."scan_targets"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "questionnaires"."elements" ADD CONSTRAINT "elements_questionnaireId_fkey" FOREIGN KEY ("questionnaireId") REFERENCES "questionnaires"."questionnaires"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "questionnaires"."answers" ADD CONSTRAINT "answers_assessmentId_fkey" FOREIGN KEY ("assessmentId") REFERENCES "questionnaires"."assessments"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "documents"."webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_webhookId_fkey" FOREIGN KEY ("webhookId") REFERENCES "documents"."webhooks"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

