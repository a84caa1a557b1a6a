/** The part of autocannon 8's API the benchmarks use (the package ships no types). */
declare module "autocannon" {
  type Request = { method?: string; path?: string; headers?: Record<string, string>; body?: string };
  type Options = {
    url: string;
    connections?: number;
    duration?: number;
    amount?: number;
    requests?: Array<Request & { setupRequest?: (request: Request) => Request }>;
  };
  type Histogram = {
    average: number;
    total: number;
    p50: number;
    p97_5: number;
    p99: number;
    min: number;
    max: number;
  };
  type Result = {
    requests: Histogram;
    latency: Histogram;
    throughput: Histogram;
    non2xx: number;
    errors: number;
    timeouts: number;
  };
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
