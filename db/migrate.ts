/** `npm run db:migrate` and the release command: applies the committed migrations, once, under the set-up lock. */
import { log, nameProcess } from "../log/logger.server";
import { closeDb, withSetupLock } from "./client";

nameProcess("release");

const kind = await withSetupLock(async ({ kind, migrate }) => {
  await migrate();
  return kind;
});
log().info({ op: "migrate", kind }, `Migrations applied (${kind}).`);
await closeDb();
