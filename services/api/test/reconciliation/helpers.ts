// Operators for tests (the CLI's own domain calls) and a typed client of the ops API
// (openapi-fetch over the types generated from spec/ops.yaml), against the test service's /ops/v1.
import createClient from 'openapi-fetch';
import type { OpsPaths } from '@payagg/contract';
import { createOperatorKey, insertOperator } from '../../src/accounts/operators.ts';
import type { TestService } from '../helpers/service.ts';

export type OpsClient = ReturnType<typeof createClient<OpsPaths>>;

export function opsClientFor(service: TestService, authorization: string | null): OpsClient {
  return createClient<OpsPaths>({ baseUrl: `${service.origin}/ops/v1`, headers: authorization ? { Authorization: authorization } : {} });
}

export async function createTestOperator(service: TestService, name = 'Test Operator'): Promise<{ operatorId: string; apiKey: string; client: OpsClient }> {
  const operator = await insertOperator(service.sql, name);
  const key = await createOperatorKey(service.sql, operator.id);
  return { operatorId: operator.id, apiKey: key.api_key, client: opsClientFor(service, `Bearer ${key.api_key}`) };
}
