/**
 * Set-up file of the "db" project, whose files share their worker's loaded modules
 * (vitest.config.ts, docs/operations.md#vitest): what a web process keeps in memory between
 * requests — the catalogue's and the payment settings' caches, the in-memory rate limiters —
 * starts empty for each file, as when each file had a process of its own, so no file sees the
 * places, settings or counted requests of the file before it.
 */
import { beforeAll } from "vitest";

beforeAll(async () => {
  const { forgetReferenceData } = await import("~/modules/catalogue/reference.server");
  const { forgetBolivarEstimateRate, forgetOfferedOnlineMethods } = await import("~/modules/payment/config.server");
  forgetReferenceData();
  forgetOfferedOnlineMethods();
  forgetBolivarEstimateRate();
  // app/modules/security/rate-limit.server.ts keeps its limiters on globalThis under this key.
  delete (globalThis as Record<symbol, unknown>)[Symbol.for("rueda.rate-limiters")];
});
