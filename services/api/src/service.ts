// Assembling a running service from its parts; shared by src/main.ts, the tests and the bench.
import type http from 'node:http';
import path from 'node:path';
import type { Config } from './config.ts';
import type { Sql } from './db/index.ts';
import { type App, type AppDeps, createApp, partnerBasePath } from './http/app.ts';
import { answerParserRefusals } from './http/client-error.ts';
import type { Logger } from './log.ts';
import { loadSpec } from './spec/load-spec.ts';
import { merchantBasePath } from './auth/authenticate.ts';
import { opsBasePath } from './auth/authenticate-operator.ts';
import type { RouteHandlers } from './routes/registry.ts';

export function loadSpecs(config: Config) {
  return {
    merchantSpec: loadSpec(path.join(config.specDir, 'merchant.yaml'), merchantBasePath),
    partnerSpec: loadSpec(path.join(config.specDir, 'partner.yaml'), partnerBasePath),
    opsSpec: loadSpec(path.join(config.specDir, 'ops.yaml'), opsBasePath),
  };
}

export function buildApp(input: { config: Config; sql: Sql; logger: Logger; masterKey: Buffer; runtime: AppDeps['runtime']; now?: () => number; handlerOverrides?: RouteHandlers }): App {
  return createApp({ ...input, ...loadSpecs(input.config) });
}

/**
 * How long an idle keep-alive connection stays open. Keep-alive connections must outlive typical
 * client pools and load balancers (60 s idle is the common default), or clients see resets.
 */
export const keepAliveTimeoutMs = 65_000;

export async function listen(app: App['app'], port: number, host?: string): Promise<http.Server> {
  return await new Promise((resolve, reject) => {
    const server = app.listen(port, host ?? '0.0.0.0', (error?: Error) => (error ? reject(error) : resolve(server)));
    server.keepAliveTimeout = keepAliveTimeoutMs;
    // What the HTTP parser refuses is answered with the envelope too (http/client-error.ts).
    answerParserRefusals(server);
  });
}

export async function closeServer(server: http.Server): Promise<void> {
  await new Promise<void>((resolve) => {
    server.close(() => resolve());
    // Idle keep-alive sockets would hold close() open; in-flight requests still finish.
    server.closeIdleConnections();
  });
}
