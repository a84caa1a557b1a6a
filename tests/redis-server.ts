import { spawn, type ChildProcess } from "node:child_process";
import net from "node:net";
import { Redis } from "ioredis";

/** Polls `condition` until it holds, failing after `timeoutMs`. */
export async function until(condition: () => Promise<boolean> | boolean, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 50));
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * A Redis of the test's own, without persistence, so stopping it touches nothing else on the
 * machine and a restart comes back empty; resolves once it answers PING.
 */
export async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn(
    "redis-server",
    ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
    { stdio: "ignore" },
  );
  const probe = new Redis(port, "127.0.0.1", { lazyConnect: true, retryStrategy: () => 100, maxRetriesPerRequest: 0 });
  probe.on("error", () => {});
  await until(async () => {
    try {
      if (probe.status !== "ready") await probe.connect().catch(() => {});
      return (await probe.ping()) === "PONG";
    } catch {
      return false;
    }
  });
  probe.disconnect();
  return child;
}

/** Kills the test's Redis by its process id and waits until it is gone. */
export async function stopRedis(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  process.kill(child.pid!, "SIGKILL");
  await exited;
}
