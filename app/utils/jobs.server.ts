export { enqueue, type JobName, type JobPayload } from "../../jobs/queues";
