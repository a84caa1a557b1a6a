export { getDb, withSetupLock, type Database, type Executor, type Transaction } from "../../db/client";
export * as schema from "../../db/schema";
export { DEMO_PASSWORD, demoLogins, seedIfEmpty } from "../../db/seed-data";
