import type { JobName, JobPayload } from "../queues";
import { sendEmail } from "./send-email";
import { purgeExpiredTokens } from "./purge-expired-tokens";

export type JobContext = { jobId: string; attempt: number };
export type Handler<N extends JobName> = (payload: JobPayload<N>, context: JobContext) => Promise<void>;

export const handlers: { [N in JobName]: Handler<N> } = {
  "send-email": sendEmail,
  "purge-expired-tokens": purgeExpiredTokens,
};
