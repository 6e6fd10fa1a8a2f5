-- One lease per unit of work: a RUNNING scan is held by its `scan.run` job (jobs.jobs, the job
-- runner's lease, singletonKey = the scan's id), an ingestion's scan included, so the scan row's own
-- lease goes. Scans are failed as abandoned when their job is no longer RUNNING
-- (subgraphs/alerts/scans/queue.ts failAbandonedScans).
--
-- Upgrade note: an ingestion still running on a process of the previous version has no such job, so
-- a new process's first sweep fails its scan (its findings are then refused as for a stopped scan);
-- the client posts the document again.
ALTER TABLE "alerts"."scans" DROP COLUMN "lockedBy", DROP COLUMN "lockedAt";
