-- A follower's AlertFollowingCreated / AlertFollowingUpdated are derived from the followed
-- organization's AlertCreated / AlertUpdated when the log is read (lib/event-log.ts); the copies
-- stored per follower until now would show twice.
DELETE FROM "documents"."events" WHERE "name" IN ('AlertFollowingCreated', 'AlertFollowingUpdated');
