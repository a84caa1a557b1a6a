export { enqueue, enqueueAll, type JobName, type JobPayload } from "../../jobs/queues";
export { withTimeout } from "../../jobs/timeout";
export { provideHandlers, type ProvidedJob } from "../../jobs/handlers";
export { listFailed, outboxByJob, outboxCounts, resend, type FailedJob } from "../../jobs/outbox-admin";
