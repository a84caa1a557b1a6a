/**
 * Set-up file of the "db" and "db-isolated" projects: before a test file loads anything, point it at
 * its worker's own database and Redis database, made by tests/setup/databases.ts
 * (docs/operations.md#tests). Files of one worker run one after another, so they share that
 * database as the suite always did.
 */
import { inject } from "vitest";

const services = inject("workerServices");
const id = Number(process.env.VITEST_POOL_ID ?? "1");
const mine = services[id - 1];
if (!mine) throw new Error(`No test database for worker ${id}: tests/setup/databases.ts made ${services.length}`);

if (mine.databaseUrl) process.env.DATABASE_URL = mine.databaseUrl;
else if (mine.pgliteDir) process.env.PGLITE_DIR = mine.pgliteDir;
if (mine.redisUrl) process.env.TEST_REDIS_URL = mine.redisUrl;
