/**
 * The image's HEALTHCHECK, for either process the image runs (docs/operations.md#health):
 * a web container answers `GET /healthz` on PORT, a worker container answers on
 * WORKER_HEALTH_PORT; only one of them listens in a container. Healthy when the one that
 * listens says 200; unhealthy on a 503, a timeout, or when neither listens.
 */
import { getEnv } from "../config/env";

const env = getEnv();
const targets = [
  `http://127.0.0.1:${env.PORT}/healthz`,
  ...(env.WORKER_HEALTH_PORT ? [`http://127.0.0.1:${env.WORKER_HEALTH_PORT}/`] : []),
];

async function check(url: string): Promise<"ok" | "unhealthy" | "not listening"> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(4_000) });
    return response.ok ? "ok" : "unhealthy";
  } catch (error) {
    const code = (error as { cause?: { code?: string } }).cause?.code;
    return code === "ECONNREFUSED" ? "not listening" : "unhealthy";
  }
}

let healthy = false;
for (const url of targets) {
  const result = await check(url);
  if (result === "not listening") continue;
  healthy = result === "ok";
  console.log(`${url}: ${result}`);
  break;
}
if (!healthy) console.log(`unhealthy: nothing answered 200 (${targets.join(", ")})`);
process.exit(healthy ? 0 : 1);
