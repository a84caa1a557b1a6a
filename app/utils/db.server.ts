export { getDb, type Database, type Executor, type Transaction } from "../../db/client";
export * as schema from "../../db/schema";
