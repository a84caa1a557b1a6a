import type { JobName, JobPayload } from "../queues";

/** What a handler learns of the run besides its payload (ids are deterministic: docs/architecture.md#outbox). */
export type JobContext = { jobId: string; attempt: number };
export type Handler<N extends JobName> = (payload: JobPayload<N>, context: JobContext) => Promise<void>;
