/**
 * Vitest global set-up: the test database gets its schema once, the way a deployment
 * does (migrations are a start-up step, never a side effect of connecting).
 */
import { closeDb, withSetupLock } from "../../db/client";

export default async function migrateTestDatabase() {
  await withSetupLock(({ migrate }) => migrate());
  await closeDb();
}
