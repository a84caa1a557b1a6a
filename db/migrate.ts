/** `npm run db:migrate` and the release command: applies the committed migrations, once, under the set-up lock. */
import { closeDb, withSetupLock } from "./client";

const kind = await withSetupLock(async ({ kind, migrate }) => {
  await migrate();
  return kind;
});
console.log(`Migrations applied (${kind}).`);
await closeDb();
