// What the webhook tasks need beside the common job deps (worker.ts provides it). A leaf: the job
// deps type (jobs/job.ts) names it without importing the webhook jobs, which import jobs/job.ts.
/** What the webhook tasks need beside the common job deps (worker.ts provides it). */
export type WebhookTaskDeps = {
  /** One turn of the endpoint's sender; true when it stopped with due work left. */
  serveEndpoint(endpointId: string): Promise<boolean>;
  /** Wakes the senders of endpoints with due deliveries; returns how many. */
  sweep(): Promise<number>;
  sweepIntervalMs: number;
};
