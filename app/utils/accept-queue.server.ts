import fs from "node:fs";

/**
 * How many connections the kernel has completed for a listening port that no process has
 * accepted yet, read from Linux's socket tables (for a socket in LISTEN state the `rx_queue`
 * column is its accept queue). A stop closes its listening socket only when this is 0, because
 * Linux resets every connection still queued on a socket that closes (docs/operations.md#shutdown).
 * Null where the tables cannot be read (not Linux).
 */
export function acceptQueueLength(port: number): number | null {
  let found: number | null = null;
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    let text: string;
    try {
      text = fs.readFileSync(table, "latin1");
    } catch {
      continue;
    }
    const queued = queuedOnPort(text, port);
    if (queued !== null) found = (found ?? 0) + queued;
  }
  return found;
}

const LISTEN = "0A";

/** The accept queues of the listening sockets on `port` in one table's text, summed; null when none listens. */
export function queuedOnPort(table: string, port: number): number | null {
  let found: number | null = null;
  for (const line of table.split("\n").slice(1)) {
    const [, local, , state, queues] = line.trim().split(/\s+/);
    if (state !== LISTEN || !local || !queues) continue;
    if (Number.parseInt(local.slice(local.lastIndexOf(":") + 1), 16) !== port) continue;
    found = (found ?? 0) + Number.parseInt(queues.slice(queues.indexOf(":") + 1), 16);
  }
  return found;
}
