/*
 * The worker process (docs/architecture.md#processes). Like server.ts it is an entry that puts
 * the layers together: the handlers of the domain's jobs come from app/modules/booking and payment, then the
 * BullMQ workers of jobs/ start.
 */
import { startTelemetry } from "./app/modules/http/telemetry.server";
import { nameProcess } from "./log/logger.server";

// Observability first (docs/operations.md#logs): every later line says it comes from the worker.
nameProcess("worker");
startTelemetry("worker");
const { provideBookingJobs } = await import("./app/modules/booking/jobs.server");
const { providePaymentJobs } = await import("./app/modules/payment/jobs.server");
const { provideReviewJobs } = await import("./app/modules/review/jobs.server");
const { provideWhatsappJobs } = await import("./app/modules/whatsapp/jobs.server");
const { assertAllJobsProvided } = await import("./app/utils/jobs.server");
provideBookingJobs();
providePaymentJobs();
provideReviewJobs();
provideWhatsappJobs();
assertAllJobsProvided();
await import("./jobs/worker");
