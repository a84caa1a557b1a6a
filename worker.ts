/*
 * The worker process (docs/architecture.md#processes). Like server.ts it is an entry that puts
 * the layers together: the payment jobs' handlers come from app/modules/payment, then the
 * BullMQ workers of jobs/ start.
 */
import { startTelemetry } from "./app/modules/http/telemetry.server";
import { nameProcess } from "./app/utils/logger.server";

// Observability first (docs/operations.md#logs): every later line says it comes from the worker.
nameProcess("worker");
startTelemetry("worker");
const { providePaymentJobs } = await import("./app/modules/payment/jobs.server");
providePaymentJobs();
await import("./jobs/worker");
