// The parts of autocannon's API the benches use (the package ships no types).
declare module 'autocannon' {
  namespace autocannon {
    type Request = {
      method?: string;
      path?: string;
      headers?: Record<string, string>;
      body?: string;
      /** Called before every send of this request; returns the request to send (may replace headers/body). */
      setupRequest?: (request: Request, context: Record<string, unknown>) => Request;
    };
    type Latency = { average: number; p50: number; p90: number; p99: number; max: number };
    type Result = {
      requests: { average: number; total: number };
      latency: Latency;
      non2xx: number;
      errors: number;
      timeouts: number;
      '2xx': number;
    };
    type Options = {
      url: string;
      connections?: number;
      pipelining?: number;
      duration?: number;
      /** Requests per second over all connections (a fixed-rate run). */
      overallRate?: number;
      requests?: Request[];
      headers?: Record<string, string>;
      method?: string;
      body?: string;
      timeout?: number;
    };
  }
  function autocannon(options: autocannon.Options): Promise<autocannon.Result>;
  export default autocannon;
}
