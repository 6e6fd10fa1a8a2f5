-- AlterTable
ALTER TABLE "alerts"."scan_targets" ADD COLUMN     "scanner" TEXT NOT NULL DEFAULT 'EXTERNAL';

-- Before this column the demo scanner scanned every target that had not received an ingested scan:
-- those targets keep being demo-scanned, the others stay with their external scanner.
UPDATE "alerts"."scan_targets" t SET "scanner" = 'DEMO'
 WHERE NOT EXISTS (SELECT 1 FROM "alerts"."scans" s WHERE s."scanTargetId" = t.id AND s.trigger = 'INGEST' AND s.status = 'DONE');
