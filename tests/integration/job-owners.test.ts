import { describe, expect, it } from "vitest";
import { provideBookingJobs } from "~/modules/booking/jobs.server";
import { providePaymentJobs } from "~/modules/payment/jobs.server";
import { provideReviewJobs } from "~/modules/review/jobs.server";
import { provideWhatsappJobs } from "~/modules/whatsapp/jobs.server";
import { assertAllJobsProvided } from "~/utils/jobs.server";
import { runJob } from "../../jobs/handlers";

// Each domain job is provided by the module that owns it; a process entry that forgets one fails at
// start instead of retrying that job for hours (docs/architecture.md#layers).
// It starts with no job provided: this file needs a process of its own (vitest.config.ts).
describe("the domain's jobs, provided by their owners", () => {
  it("refuses to start while an owner has not provided its jobs, and names them", async () => {
    providePaymentJobs();
    expect(() => assertAllJobsProvided()).toThrow(
      "No handler provided for the jobs: expire-holds, release-unproven-bookings, send-pickup-reminders, publish-reviews, send-review-reminders, send-whatsapp",
    );
    await expect(runJob("expire-holds", {}, { jobId: "expire-holds-owner-test", attempt: 1 })).rejects.toThrow(
      "No handler for expire-holds in this process",
    );
    provideBookingJobs();
    expect(() => assertAllJobsProvided()).toThrow(
      "No handler provided for the jobs: publish-reviews, send-review-reminders, send-whatsapp",
    );
    provideReviewJobs();
    expect(() => assertAllJobsProvided()).toThrow("No handler provided for the jobs: send-whatsapp");
    provideWhatsappJobs();
    expect(() => assertAllJobsProvided()).not.toThrow();
  });
});
