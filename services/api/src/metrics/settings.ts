// Where a process serves its metrics (decision 0560): a listener of its own, on METRICS_PORT,
// in API and worker processes alike. Unset: no listener (several processes on one machine, as
// `make run` beside the tests or the test suites' processes, would otherwise fight over one
// port); `0`: a port the system picks (logged). METRICS_HOST: the address it binds.
import { ConfigError } from '../config.ts';

export type MetricsSettings = { port: number; host: string } | null;

/** Like the API's listener: any interface, for a Prometheus on another machine (bind 127.0.0.1 to keep it local). */
export const metricsHostDefault = '0.0.0.0';

export function metricsSettingsFromEnv(env: Record<string, string | undefined>): MetricsSettings {
  const raw = env.METRICS_PORT?.trim();
  if (raw === undefined || raw === '') return null;
  if (!/^\d{1,5}$/.test(raw) || Number(raw) > 65535) throw new ConfigError(`METRICS_PORT must be a port number from 0 to 65535, got "${raw}"`);
  return { port: Number(raw), host: env.METRICS_HOST?.trim() || metricsHostDefault };
}
