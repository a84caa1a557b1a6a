import http from "node:http";
import { Redis } from "ioredis";
import { getEnv } from "../config/env";
import { log } from "../log/logger.server";
import { closeDb, getDb } from "../db/client";
import { queueNames } from "./queues";
import { startRelay } from "./relay";
import { keepSchedules, startWorkers } from "./workers";

const env = getEnv();
const redisUrl = env.REDIS_URL;
if (!redisUrl) {
  log().fatal({ op: "worker" }, "The worker needs REDIS_URL. Without it the web process runs jobs itself (npm start).");
  process.exit(1);
}
if (!env.DATABASE_URL) {
  log().fatal(
    { op: "worker" },
    "The worker needs DATABASE_URL: the embedded PGlite database belongs to the web process alone.",
  );
  process.exit(1);
}

await getDb();
const connection = new Redis(redisUrl, { maxRetriesPerRequest: null });
connection.on("error", () => {});

const workers = startWorkers(connection);

// Registered now, and again whenever Redis comes back without them.
const schedules = keepSchedules(connection);
await schedules.ready;

const relay = startRelay({ redisUrl });

const healthPort = env.WORKER_HEALTH_PORT;
const health = healthPort
  ? http
      .createServer(async (_req, res) => {
        const ok = await relay.redisHealthy();
        res
          .writeHead(ok ? 200 : 503, { "Content-Type": "application/json" })
          .end(JSON.stringify({ status: ok ? "ok" : "down" }));
      })
      .listen(healthPort, "127.0.0.1")
  : null;

log().info({ op: "worker", queues: queueNames }, `Worker running: queues ${queueNames.join(", ")}`);

async function shutdown(signal: string) {
  log().info({ op: "shutdown", signal }, "worker finishing current jobs");
  health?.close();
  await relay.stop();
  await schedules.stop();
  await Promise.all(workers.map((w) => w.close()));
  connection.disconnect();
  await closeDb();
  process.exit(0);
}
process.once("SIGTERM", () => void shutdown("SIGTERM"));
process.once("SIGINT", () => void shutdown("SIGINT"));
