-- The follow look-ups leave out deleted organizations (lib/visibility.ts, lib/event-log.ts). As a join on
-- `o."deletedAt" IS NULL` the planner hashed every live organization: at 10,000 organizations a follower of
-- 1,000 waited 2.0 ms for its follow set, most of it reading the organizations table (bench:scale, full size).
-- Asked as "no deleted organization of that id" (NOT EXISTS), the look-up reads this index of the deleted
-- ones only: 0.3 ms.
CREATE INDEX "organizations_deleted_idx" ON "organizations"."organizations"("id") WHERE "deletedAt" IS NOT NULL;
