-- The id of the HTTP request that enqueued a job (x-request-id), so a job's log lines can be found
-- from the request that caused it. NULL for jobs no request enqueued (schedules, periodic jobs).
ALTER TABLE "jobs"."jobs" ADD COLUMN "requestId" TEXT;
