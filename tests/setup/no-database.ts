/**
 * Set-up file of the "unit" project (docs/operations.md#tests): unit tests run without a database
 * or Redis. Any attempt to open one fails at once, rather than quietly creating an embedded
 * database: a test that needs it belongs in the "db" project (vitest.config.ts).
 */
process.env.DATABASE_URL = "postgres://unit-tests-have-no-database@127.0.0.1:1/none";
delete process.env.PGLITE_DIR;
delete process.env.TEST_REDIS_URL;
process.env.REDIS_URL = "";
