import { describe, expect, it } from 'vitest';
import { client, serviceClient } from '../../support/clients.ts';
import { tokenUser } from '../../support/tokens.ts';

const unique = (prefix: string) => `${prefix}-${Math.random().toString(36).slice(2, 10)}`;

describe('storage buckets', () => {
  it('creates, reads, lists, updates, empties and deletes a bucket with the service role', async () => {
    const admin = serviceClient();
    const id = unique('bk');
    const created = await admin.storage.createBucket(id, { public: true, fileSizeLimit: '1MB', allowedMimeTypes: ['image/*'] });
    expect(created.error).toBeNull();
    expect(created.data).toEqual({ name: id });

    const got = await admin.storage.getBucket(id);
    expect(got.error).toBeNull();
    expect(got.data).toMatchObject({ id, name: id, public: true, file_size_limit: 1_000_000, allowed_mime_types: ['image/*'] });
    expect(got.data!.created_at).toMatch(/^\d{4}-\d\d-\d\dT/);

    const list = await admin.storage.listBuckets();
    expect(list.data!.map((b) => b.id)).toContain(id);

    const updated = await admin.storage.updateBucket(id, { public: false, fileSizeLimit: 2048, allowedMimeTypes: null });
    expect(updated.error).toBeNull();
    expect(updated.data).toEqual({ message: 'Successfully updated' });
    const after = await admin.storage.getBucket(id);
    expect(after.data).toMatchObject({ public: false, file_size_limit: 2048, allowed_mime_types: null });

    await admin.storage.from(id).upload('a/b.png', new Blob([new Uint8Array([1, 2, 3])], { type: 'image/png' }));
    const notEmpty = await admin.storage.deleteBucket(id);
    expect(notEmpty.error).toMatchObject({ statusCode: '409' });

    const emptied = await admin.storage.emptyBucket(id);
    expect(emptied.error).toBeNull();
    const deleted = await admin.storage.deleteBucket(id);
    expect(deleted.error).toBeNull();
    expect(deleted.data).toEqual({ message: 'Successfully deleted' });
    const gone = await admin.storage.getBucket(id);
    expect(gone.error).toMatchObject({ statusCode: '404', message: 'Bucket not found' });
  });

  it('refuses a duplicate bucket with 409 Duplicate', async () => {
    const admin = serviceClient();
    const id = unique('dup');
    expect((await admin.storage.createBucket(id)).error).toBeNull();
    const again = await admin.storage.createBucket(id);
    expect(again.data).toBeNull();
    expect(again.error).toMatchObject({ statusCode: '409', message: 'The resource already exists' });
    await admin.storage.deleteBucket(id);
  });

  it('lets RLS on storage.buckets decide for anon and users', async () => {
    const anon = await client().storage.createBucket(unique('anon'));
    expect(anon.error).toMatchObject({ statusCode: '403', message: 'new row violates row-level security policy' });
    const user = await tokenUser();
    const byUser = await user.client.storage.createBucket(unique('user'));
    expect(byUser.error).toMatchObject({ statusCode: '403' });
    // No select policy on storage.buckets: users see none, even public ones.
    const listed = await user.client.storage.listBuckets();
    expect(listed.error).toBeNull();
    expect(listed.data).toEqual([]);
    const hidden = await user.client.storage.getBucket('avatars');
    expect(hidden.error).toMatchObject({ statusCode: '404' });
  });

  it('answers Bucket not found for a missing bucket', async () => {
    const admin = serviceClient();
    const r = await admin.storage.updateBucket(unique('missing'), { public: true });
    expect(r.error).toMatchObject({ statusCode: '404', message: 'Bucket not found' });
    const d = await admin.storage.deleteBucket(unique('missing'));
    expect(d.error).toMatchObject({ statusCode: '404' });
  });
});
