// The few parts of autocannon's API the bench uses (the package ships no types).
declare module 'autocannon' {
  namespace autocannon {
    type Request = { method?: string; path?: string; headers?: Record<string, string>; body?: string };
    type Result = { requests: { average: number }; latency: { p99: number }; non2xx: number };
  }
  function autocannon(options: { url: string; connections?: number; pipelining?: number; duration?: number; requests?: autocannon.Request[]; headers?: Record<string, string> }): Promise<autocannon.Result>;
  export default autocannon;
}
