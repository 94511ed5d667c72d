import { describe, expect, it } from 'vitest';
import { client, serviceClient } from '../support/clients.ts';

describe('REST schema cache', () => {
  it("reloads on NOTIFY pgrst, 'reload schema'", async () => {
    const anon = client();
    const before = await anon.from('rest_dynamic').select('*');
    expect(before.status).toBe(404);
    expect(before.error?.code).toBe('PGRST205');
    // Only the service role may run the DDL function.
    const refused = await anon.rpc('rest_create_dynamic_table');
    expect(refused.status).toBe(401);
    const created = await serviceClient().rpc('rest_create_dynamic_table');
    expect(created.error).toBeNull();
    let after = await anon.from('rest_dynamic').select('id, label');
    for (let i = 0; i < 50 && after.status === 404; i++) {
      await new Promise((r) => setTimeout(r, 100));
      after = await anon.from('rest_dynamic').select('id, label');
    }
    expect(after.error).toBeNull();
    expect(after.data).toEqual([{ id: 1, label: 'nuova' }]);
  });
});
