/*
 * Prometheus scrapes one address, and with several web processes (docs/operations.md#scaling) any
 * of them may answer. So the process that answers `/metrics` asks the cluster's primary, which
 * gathers every web process's own series (request durations, process metrics) with prom-client's
 * AggregatorRegistry and sums them (docs/operations.md#metrics). This module is all the primary
 * loads for it: prom-client and node:cluster, nothing of the app.
 */
import cluster from "node:cluster";
import { AggregatorRegistry } from "prom-client";

export const METRICS_REQUEST = "rueda:metrics-request";
export const METRICS_RESPONSE = "rueda:metrics-response";

export type MetricsRequest = { type: typeof METRICS_REQUEST; id: number };
export type MetricsResponse = { type: typeof METRICS_RESPONSE; id: number; text?: string; error?: string };

/** In the primary: answers each web process's request with every web process's series, summed. */
export function aggregateWorkerMetrics(): void {
  const aggregator = new AggregatorRegistry();
  cluster.on("message", (worker, message: MetricsRequest | undefined) => {
    if (message?.type !== METRICS_REQUEST) return;
    const reply = (answer: Omit<MetricsResponse, "type" | "id">) => {
      if (worker.isConnected()) worker.send({ type: METRICS_RESPONSE, id: message.id, ...answer });
    };
    aggregator.clusterMetrics().then(
      (text) => reply({ text }),
      (error: unknown) => reply({ error: error instanceof Error ? error.message : String(error) }),
    );
  });
}
