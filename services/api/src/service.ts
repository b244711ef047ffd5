// Assembling a running service from its parts; shared by src/main.ts, the tests and the bench.
import type http from 'node:http';
import path from 'node:path';
import type { Config } from './config.ts';
import type { Sql } from './db/index.ts';
import { type App, type AppDeps, createApp, partner_base_path } from './http/app.ts';
import type { Logger } from './log.ts';
import { loadSpec } from './spec/load-spec.ts';
import { merchant_base_path } from './auth/authenticate.ts';
import type { RouteHandlers } from './routes/registry.ts';

export function loadSpecs(config: Config) {
  return {
    merchantSpec: loadSpec(path.join(config.specDir, 'merchant.yaml'), merchant_base_path),
    partnerSpec: loadSpec(path.join(config.specDir, 'partner.yaml'), partner_base_path),
  };
}

export function buildApp(input: { config: Config; sql: Sql; logger: Logger; masterKey: Buffer; runtime: AppDeps['runtime']; now?: () => number; handlerOverrides?: RouteHandlers }): App {
  return createApp({ ...input, ...loadSpecs(input.config) });
}

export async function listen(app: App['app'], port: number, host?: string): Promise<http.Server> {
  return await new Promise((resolve, reject) => {
    const server = app.listen(port, host ?? '0.0.0.0', (error?: Error) => (error ? reject(error) : resolve(server)));
    // Keep-alive connections must outlive typical client pools, or clients see resets.
    server.keepAliveTimeout = 65_000;
  });
}

export async function closeServer(server: http.Server): Promise<void> {
  await new Promise<void>((resolve) => {
    server.close(() => resolve());
    // Idle keep-alive sockets would hold close() open; in-flight requests still finish.
    server.closeIdleConnections();
  });
}
