// GET /users: the caller's merchant only, every role, the team:read rule and disabled users.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userRoles } from '../src/auth/user-roles.ts';
import { type TestService, startTestService } from './helpers/service.ts';

let service: TestService;
beforeAll(async () => {
  service = await startTestService();
});
afterAll(async () => {
  await service?.close();
});

describe('GET /users', () => {
  it('lists every user of the merchant, one per role, in the spec shape', async () => {
    const created = [];
    for (const role of userRoles) created.push(await service.createUser({ role }));
    created.push(await service.createUser({ role: 'finance', status: 'disabled' }));
    const { data, response } = await service.client.GET('/users');
    expect(response.status).toBe(200);
    expect(data?.meta).toEqual({ request_id: response.headers.get('x-request-id') });
    const byId = (a: { id: string }, b: { id: string }) => a.id.localeCompare(b.id);
    expect([...(data?.data ?? [])].sort(byId)).toEqual(
      created.map((u) => ({ id: u.id, merchant_id: service.merchantId, email: u.email, role: u.role, mfa_enabled: false, status: u.status })).sort(byId),
    );
  });

  it("never shows another merchant's users", async () => {
    const other = await service.createMerchant('Other Merchant');
    const stranger = await service.createUser({ merchantId: other.merchantId, role: 'admin', email: 'stranger@other.example' });
    const mine = await service.client.GET('/users');
    expect(mine.data?.data.map((u) => u.id)).not.toContain(stranger.id);
    const theirs = await other.client.GET('/users');
    expect(theirs.data?.data.map((u) => u.id)).toEqual([stranger.id]);
  });

  it('returns an empty array for a merchant without users', async () => {
    const empty = await service.createMerchant('Empty Merchant');
    const { data } = await empty.client.GET('/users');
    expect(data?.data).toEqual([]);
  });

  it('a key acting for a user of any role holds team:read', async () => {
    for (const role of userRoles) {
      const user = await service.createUser({ role });
      const key = await service.createKey({ userId: user.id, scopes: ['read'] });
      const { response } = await service.clientFor(key).GET('/users');
      expect(response.status, role).toBe(200);
    }
  });

  it('a key acting for a disabled user is 403 PERMISSION_DENIED', async () => {
    const user = await service.createUser({ role: 'admin', status: 'disabled' });
    const key = await service.createKey({ userId: user.id });
    const { error, response } = await service.clientFor(key).GET('/users');
    expect(response.status).toBe(403);
    expect(error?.error.code).toBe('PERMISSION_DENIED');
    expect(error?.meta.request_id).toBe(response.headers.get('x-request-id'));
  });

  it('the user is read at request time: disabling a user takes effect on the next call', async () => {
    const user = await service.createUser({ role: 'read_only' });
    const key = await service.createKey({ userId: user.id });
    const client = service.clientFor(key);
    expect((await client.GET('/users')).response.status).toBe(200);
    await service.sql`update users set status = 'disabled' where id = ${user.id}`;
    expect((await client.GET('/users')).response.status).toBe(403);
  });

  it('ignores unknown query parameters, as the spec says for this endpoint', async () => {
    const { response } = await service.client.GET('/users', { params: { query: { limit: 1 } as never } });
    expect(response.status).toBe(200);
  });

  it('a key cannot be made to act for a user of another merchant', async () => {
    const other = await service.createMerchant('Foreign Users');
    const foreign = await service.createUser({ merchantId: other.merchantId, role: 'admin' });
    await expect(service.createKey({ userId: foreign.id })).rejects.toThrow(/no user/);
  });
});
