// GET /users (seed: team roster): every dashboard user of the caller's merchant, unpaginated,
// scoped to the merchant; needs team:read (every role); a key acting for a disabled user gets 403.
// Users are issued through the operator CLI (the API has no endpoint for it), so these tests need
// the server's DATA_DIR.
import { createClient } from '@payagg/sdk';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { createKey, createMerchant, runCli, type IssuedKey } from './support/cli.ts';
import { expectEnvelope, expectError, send } from './support/http.ts';
import { operationById } from './support/spec.ts';

const list_users = operationById('listUsers');
const server = inject('server');
const cli = { dataDir: server.dataDir ?? '' };

type User = { id: string; merchant_id: string; email: string; role: string; mfa_enabled: boolean; status: string };

async function createUser(merchantId: string, email: string, role: string, disabled = false): Promise<User> {
  return JSON.parse(await runCli(cli, ['users', 'create', '--merchant', merchantId, '--email', email, '--role', role, ...(disabled ? ['--disabled'] : [])])) as User;
}

describe.skipIf(server.dataDir === null)('GET /users', () => {
  let merchant: IssuedKey;
  let other: IssuedKey;
  const users: User[] = [];

  beforeAll(async () => {
    [merchant, other] = await Promise.all([createMerchant(cli, 'Roster Merchant'), createMerchant(cli, 'Other Roster Merchant')]);
    users.push(await createUser(merchant.merchant_id, 'amina@roster.example', 'admin'));
    users.push(await createUser(merchant.merchant_id, 'kofi@roster.example', 'finance'));
    users.push(await createUser(merchant.merchant_id, 'zawadi@roster.example', 'compliance', true));
    await createUser(other.merchant_id, 'someone@elsewhere.example', 'read_only');
  });

  it('lists every user of the merchant, disabled ones included, through the SDK', async () => {
    const client = createClient({ baseUrl: server.baseUrl, apiKey: merchant.api_key, apiSecret: merchant.api_secret });
    const { data, error, response } = await client.GET('/users');
    expect(error).toBeUndefined();
    expect(response.status).toBe(200);
    const listed = [...(data?.data ?? [])].sort((a, b) => a.email.localeCompare(b.email));
    expect(listed).toEqual([...users].sort((a, b) => a.email.localeCompare(b.email)));
  });

  it('answers a spec-conformant envelope without next_cursor (the list is not paginated)', async () => {
    const response = await send({ method: 'GET', path: '/users', credentials: { apiKey: merchant.api_key, apiSecret: merchant.api_secret } });
    const envelope = expectEnvelope(response, list_users);
    expect(envelope.error).toBeNull();
    expect(envelope.meta).not.toHaveProperty('next_cursor');
  });

  it("never shows another merchant's users", async () => {
    const response = await send({ method: 'GET', path: '/users', credentials: { apiKey: other.api_key, apiSecret: other.api_secret } });
    const listed = expectEnvelope(response, list_users).data as User[];
    expect(listed.map((user) => user.email)).toEqual(['someone@elsewhere.example']);
    expect(listed.every((user) => user.merchant_id === other.merchant_id)).toBe(true);
  });

  it('is allowed to a key acting for an active user of any role', async () => {
    for (const user of users.filter((u) => u.status === 'active')) {
      const key = await createKey(cli, merchant.merchant_id, ['--scopes', 'read', '--user', user.id]);
      const response = await send({ method: 'GET', path: '/users', credentials: { apiKey: key.api_key, apiSecret: key.api_secret } });
      expect(response.status, `${user.role}: ${response.text}`).toBe(200);
    }
  });

  it('is 403 PERMISSION_DENIED for a key acting for a disabled user', async () => {
    const disabled = users.find((user) => user.status === 'disabled');
    const key = await createKey(cli, merchant.merchant_id, ['--scopes', 'read', '--user', disabled!.id]);
    const response = await send({ method: 'GET', path: '/users', credentials: { apiKey: key.api_key, apiSecret: key.api_secret } });
    expectError(response, 403, 'PERMISSION_DENIED', list_users);
  });
});
