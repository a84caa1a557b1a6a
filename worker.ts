/*
 * The worker process (docs/architecture.md#processes). Like server.ts it is an entry that puts
 * the layers together: the payment jobs' handlers come from app/modules/payment, then the
 * BullMQ workers of jobs/ start.
 */
import { providePaymentJobs } from "./app/modules/payment/jobs.server";

providePaymentJobs();
await import("./jobs/worker");
