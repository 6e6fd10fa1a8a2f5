-- Questionnaires subgraph (#14): the sender's review notes, the overdue flag written once by the
-- `assessments.overdue` job, and the indexes the lists and the job read through.

-- AlterTable
ALTER TABLE "questionnaires"."assessments" ADD COLUMN "reviewNotes" TEXT NOT NULL DEFAULT '';
ALTER TABLE "questionnaires"."assessments" ADD COLUMN "overdueAt" TIMESTAMPTZ(3);

-- CreateIndex
CREATE INDEX "elements_questionnaireId_questionnaireVersion_order_idx" ON "questionnaires"."elements"("questionnaireId", "questionnaireVersion", "order");

-- CreateIndex
CREATE INDEX "assessments_questionnaireId_questionnaireVersion_idx" ON "questionnaires"."assessments"("questionnaireId", "questionnaireVersion");

-- CreateIndex
CREATE INDEX "assessments_dueDate_idx" ON "questionnaires"."assessments"("dueDate");
