-- Attachments (bytes in the storage of lib/storage/, no longer in the row) and documents (exports
-- built by the export.build job into an attachment). The init migration created both tables as
-- placeholders; they were never written to.

-- AlterTable
ALTER TABLE "documents"."attachments" DROP COLUMN "content",
ALTER COLUMN "contentLength" SET DATA TYPE BIGINT,
ADD COLUMN "storageKey" TEXT,
ADD COLUMN "uploadedAt" TIMESTAMPTZ(3);
UPDATE "documents"."attachments" SET "storageKey" = COALESCE("organizationId"::text, 'user-' || "userId"::text) || '/' || id::text WHERE "storageKey" IS NULL;
ALTER TABLE "documents"."attachments" ALTER COLUMN "storageKey" SET NOT NULL;

-- AlterTable
ALTER TABLE "documents"."documents" RENAME COLUMN "error" TO "reason";
ALTER TABLE "documents"."documents" ADD COLUMN "finishedAt" TIMESTAMPTZ(3);
UPDATE "documents"."documents" SET "expiresAt" = "createdAt" + interval '7 days' WHERE "expiresAt" IS NULL;
ALTER TABLE "documents"."documents" ALTER COLUMN "expiresAt" SET NOT NULL;

-- CreateTable
CREATE TABLE "documents"."attachment_shares" (
    "attachmentId" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "attachment_shares_pkey" PRIMARY KEY ("attachmentId","organizationId")
);

-- CreateIndex
CREATE INDEX "attachments_expiresAt_idx" ON "documents"."attachments"("expiresAt");

-- CreateIndex
CREATE INDEX "attachments_organizationId_createdAt_idx" ON "documents"."attachments"("organizationId", "createdAt");

-- CreateIndex
CREATE INDEX "attachment_shares_organizationId_idx" ON "documents"."attachment_shares"("organizationId");

-- CreateIndex
CREATE INDEX "documents_expiresAt_idx" ON "documents"."documents"("expiresAt");

-- AddForeignKey
ALTER TABLE "documents"."attachment_shares" ADD CONSTRAINT "attachment_shares_attachmentId_fkey" FOREIGN KEY ("attachmentId") REFERENCES "documents"."attachments"("id") ON DELETE CASCADE ON UPDATE CASCADE;
