// graphile-worker's lines through our logger (src/jobs/graphile-logger.ts): a real runner runs real
// jobs whose payloads carry secrets. At LOG_LEVEL=info no per-job line is written; at debug one
// "Completed task" line per job, with its id and task; a failed job's error stays visible at
// info. No line holds the payload, whatever the level.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LogLevel } from '../../src/config.ts';
import { defineJob, type JobDefinition } from '../../src/jobs/job.ts';
import { jobDefinitions } from '../../src/jobs/registry.ts';
import { startJobRunner } from '../../src/jobs/runner.ts';
import { createLogger } from '../../src/log.ts';
import { startTestService, type TestService } from '../helpers/service.ts';

let service: TestService;
beforeAll(async () => {
  service = await startTestService();
});
afterAll(async () => {
  await service?.close();
});

type SecretPayload = { fail: boolean; client_token: string; note: string };

const loggedJobs: Record<string, JobDefinition<never>> = {
  'test.logged': defineJob<SecretPayload>({
    attemptsMax: 1,
    async run(payload) {
      if (payload.fail) throw new Error('the logged probe fails as asked');
    },
  }) as JobDefinition<never>,
};

/**
 * Runs one `test.logged` job with a runner logging at `level`; its lines, and the job's id.
 * Waits on `job:complete`, which graphile-worker emits after the job's own line.
 */
async function runOneJob(level: LogLevel, fail: boolean): Promise<{ lines: Record<string, unknown>[]; text: string; jobId: string; secrets: string[] }> {
  const raw: string[] = [];
  const payload: SecretPayload = { fail, client_token: `cs_tok_${randomUUID()}`, note: `payload-note-${randomUUID()}` };
  const runner = await startJobRunner({
    databaseUrl: service.databaseUrl, deps: service.runtime.jobDeps, concurrency: 1, poolConnectionsMax: 2, pollIntervalMs: 50,
    logger: createLogger(level, (line) => raw.push(line)), jobs: { ...jobDefinitions, ...loggedJobs },
  });
  try {
    const [row] = await service.sql<{ id: string }[]>`select (graphile_worker.add_job('test.logged', ${service.sql.json(payload)}::json, max_attempts => 1)).id::text as id`;
    const jobId = row!.id;
    await new Promise<void>((resolve) => {
      runner.events.on('job:complete', ({ job }) => {
        if (String(job.id) === jobId) resolve();
      });
    });
    return { lines: raw.map((line) => JSON.parse(line) as Record<string, unknown>), text: raw.join(''), jobId, secrets: [payload.client_token, payload.note] };
  } finally {
    await runner.stop();
  }
}

const perJobLines = (lines: Record<string, unknown>[], jobId: string) => lines.filter((line) => line.source === 'graphile-worker' && line.job_id === jobId);

describe("graphile-worker's lines", () => {
  it('at info: no line for a job that succeeded, and no payload', async () => {
    const { lines, text, jobId, secrets } = await runOneJob('info', false);
    expect(perJobLines(lines, jobId)).toEqual([]);
    expect(lines.some((line) => String(line.msg).startsWith('Completed task'))).toBe(false);
    for (const secret of secrets) expect(text).not.toContain(secret);
  });

  it('at debug: one "Completed task" line with the job id and task, and no payload', async () => {
    const { lines, text, jobId, secrets } = await runOneJob('debug', false);
    const completed = perJobLines(lines, jobId).filter((line) => String(line.msg).startsWith('Completed task'));
    expect(completed).toHaveLength(1);
    expect(completed[0]).toMatchObject({ level: 'debug', source: 'graphile-worker', task: 'test.logged', job_id: jobId, attempt: 1, attempts_max: 1 });
    expect(typeof completed[0]!.duration_ms).toBe('number');
    expect(completed[0]).not.toHaveProperty('job');
    for (const secret of secrets) expect(text).not.toContain(secret);
  });

  it('a failed job is an error line even at info, with its error and without its payload', async () => {
    const { lines, text, jobId, secrets } = await runOneJob('info', true);
    const failed = perJobLines(lines, jobId);
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ level: 'error', task: 'test.logged', error: 'the logged probe fails as asked' });
    expect(String(failed[0]!.msg)).toMatch(/^Failed task/);
    for (const secret of secrets) expect(text).not.toContain(secret);
  });
});
