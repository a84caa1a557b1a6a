import net from "node:net";
import { describe, expect, it } from "vitest";
import { acceptQueueLength, queuedOnPort } from "./accept-queue.server";

const TABLE = `  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode
   0: 0100007F:0C80 00000000:0000 0A 00000000:00000003 00:00000000 00000000  1000        0 1 1 0 100 0 0 10 0
   1: 0100007F:0C80 0100007F:D2F0 01 00000000:00000009 00:00000000 00000000  1000        0 2 1 0 20 4 30 10 -1
   2: 00000000:1F90 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 3 1 0 100 0 0 10 0`;

describe("the accept queue of a listening port", () => {
  it("reads the queue of the socket listening on the port, not its connections' receive queues", () => {
    expect(queuedOnPort(TABLE, 3200)).toBe(3);
    expect(queuedOnPort(TABLE, 8080)).toBe(0);
    expect(queuedOnPort(TABLE, 3201)).toBeNull();
  });

  it.runIf(process.platform === "linux")("counts the connections the process has not accepted yet", async () => {
    const server = net.createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as net.AddressInfo;
    expect(acceptQueueLength(port)).toBe(0);
    const clients = [net.connect(port, "127.0.0.1"), net.connect(port, "127.0.0.1")];
    // The connects are issued on the next tick; the kernel completes the handshakes on its own,
    // and while this waits without letting the loop poll, the process accepts neither.
    await new Promise((resolve) => process.nextTick(resolve));
    const pause = new Int32Array(new SharedArrayBuffer(4));
    for (const deadline = Date.now() + 2000; acceptQueueLength(port) !== 2 && Date.now() < deadline;)
      Atomics.wait(pause, 0, 0, 5);
    expect(acceptQueueLength(port)).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(acceptQueueLength(port)).toBe(0);
    for (const client of clients) client.destroy();
    await new Promise((resolve) => server.close(resolve));
  });
});
