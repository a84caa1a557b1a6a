export { enqueue, enqueueAll, type JobPayload } from "../../jobs/queues";
export { withTimeout } from "../../jobs/timeout";
export { provideHandlers, type ProvidedJob } from "../../jobs/handlers";
export { listFailed, outboxByJob, outboxCounts, resend, type FailedJob } from "../../jobs/outbox-admin";
