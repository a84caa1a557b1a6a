export { enqueue, enqueueAll, type JobPayload } from "../../jobs/queues";
export { withTimeout } from "../../jobs/timeout";
export { assertAllJobsProvided, provideHandlers } from "../../jobs/handlers";
export { listFailed, outboxByJob, outboxCounts, resend } from "../../jobs/outbox-admin";
