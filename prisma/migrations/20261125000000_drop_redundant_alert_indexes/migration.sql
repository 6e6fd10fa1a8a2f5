-- These are prefixes of the keyset indexes added by 20261124100000_alert_list_indexes
-- ((organizationId, createdAt, id), (organizationId, updatedAt, id), (alertId, createdAt, id)):
-- they serve no query the longer ones don't, and every alert written by a scan paid for them.
DROP INDEX "alerts"."alerts_organizationId_createdAt_idx";
DROP INDEX "alerts"."alerts_organizationId_updatedAt_idx";
DROP INDEX "alerts"."alert_comments_alertId_createdAt_idx";
