/**
 * Photos that stay private, at 360 px: giulia adds a photo carrying GPS and her name through
 * the editor's photo step ('Gestisci Foto'), crops it, re-crops it from its original (read
 * through a signed URL of the private bucket); a visitor's browser can neither read where the
 * original is nor download it; the stored crop and original (read back as service_role) carry
 * no EXIF at all; deleting the photo removes both files.
 */
import sharp from 'sharp';
import { expect, test, type Page } from '@playwright/test';
import { jpegMetadata } from '../../src/features/photos/metadata.ts';
import { t } from '../../src/lib/catalogue/screens.ts';
import { adultDevice, expectNoSeriousA11yViolations, shot, signIn } from '../support/e2e/page.ts';
import { API, DEMO, keys, serviceRest } from '../support/e2e/platform.ts';
import { CAMERA_TEXT, gpsJpeg } from '../support/images.ts';

const m = t.photos.manager;
const G = DEMO.giulia.id;
const UUID_FILE = /^[0-9a-f-]{36}\.jpg$/;

/** A stored object's status and bytes, read as service_role (any bucket, private too). */
async function stored(bucket: string, path: string) {
  const key = (await keys()).serviceRole;
  const res = await fetch(`${API}/storage/v1/object/${bucket}/${path}`, { headers: { apikey: key, authorization: `Bearer ${key}` }, cache: 'no-store' });
  return { status: res.status, bytes: new Uint8Array(await res.arrayBuffer()) };
}

/** Neither EXIF nor GPS nor the camera's or author's names survive in a stored file. */
async function expectNoMetadata(bytes: Uint8Array) {
  expect(jpegMetadata(bytes)).toEqual({ exif: false, gps: false, xmp: false, comment: false });
  expect((await sharp(bytes).metadata()).exif).toBeUndefined();
  expect(Buffer.from(bytes).toString('latin1')).not.toMatch(CAMERA_TEXT);
}

const photoRows = async (listingId: string) =>
  (await serviceRest(`listing_photos?select=id,url,storage_path&listing_id=eq.${listingId}`)) as { id: string; url: string; storage_path: string }[];
const originalPath = async (photoId: string) =>
  ((await serviceRest(`listing_photo_originals?select=storage_path&photo_id=eq.${photoId}`)) as { storage_path: string }[])[0]?.storage_path;

/** A public base listing of giulia's without photos, made as service_role for this test. */
async function makeListing(): Promise<string> {
  const [row] = (await serviceRest('listings', {
    method: 'POST',
    body: { user_id: G, title: 'Foto riservate e2e', slug: `e2e-foto-${Date.now().toString(36)}`, category: 'donne', city: 'Roma', age: 30, description: 'Annuncio di prova per le foto private.' },
  })) as { id: string }[];
  return row!.id;
}

/** The crop dialog, once its picture is shown. */
async function cropDialog(page: Page) {
  const crop = page.getByRole('dialog', { name: t.photos.crop.title });
  await expect(crop.locator('img')).toBeVisible();
  return crop;
}

test('a photo with GPS: cleaned on the server, re-cropped from its private original, which no visitor can find or download', async ({ page, browser }) => {
  test.setTimeout(150_000);
  await adultDevice(page);
  // A 1600 x 1200 photo taken at home in Milan, signed with the author's name.
  const gps = Buffer.from(await gpsJpeg({ width: 1600, height: 1200 }));
  expect(jpegMetadata(new Uint8Array(gps)).gps).toBe(true);
  const listingId = await makeListing();
  try {
    // The editor's photo step, then its photo manager.
    await signIn(page, DEMO.giulia);
    await page.goto(`/edit-listing/${listingId}`);
    const managePhotos = page.getByRole('button', { name: t.listingEditor.managePhotos });
    await managePhotos.scrollIntoViewIfNeeded();
    await expect(managePhotos).toBeVisible();
    await shot(page, 'photo-privacy-editor-photos');
    await managePhotos.click();
    const dialog = page.getByRole('dialog', { name: m.title });
    await expect(dialog.getByText(m.empty)).toBeVisible();
    await dialog.getByTestId('photo-input').setInputFiles({ name: 'Mario Rossi a casa.jpg', mimeType: 'image/jpeg', buffer: gps });
    const crop = await cropDialog(page);
    await crop.getByRole('button', { name: t.photos.crop.save }).click();
    await expect(crop).toBeHidden();
    await dialog.getByRole('button', { name: m.addSave }).click();
    await expect(page.getByText(t.photos.toasts.added, { exact: true }).first()).toBeVisible();
    await expect(dialog.getByTestId('photo-thumb')).toHaveCount(1);
    await expect(dialog.getByTestId('photo-preview').locator('img')).toHaveJSProperty('complete', true);
    await shot(page, 'photo-privacy-manager');
    await expectNoSeriousA11yViolations(page);

    // Stored under random names (not the file's, which carries a name), without any metadata.
    const [added] = await photoRows(listingId);
    const original = (await originalPath(added!.id))!;
    for (const path of [added!.storage_path, original]) {
      expect(path.startsWith(`${G}/${listingId}/`)).toBe(true);
      expect(path.split('/').pop()).toMatch(UUID_FILE);
    }
    const storedCrop = await stored('listing_photos', added!.storage_path);
    const storedOriginal = await stored('listing_originals', original);
    expect([storedCrop.status, storedOriginal.status]).toEqual([200, 200]);
    await expectNoMetadata(storedCrop.bytes);
    await expectNoMetadata(storedOriginal.bytes);
    const cropMeta = await sharp(storedCrop.bytes).metadata();
    expect(cropMeta.width / cropMeta.height).toBe(0.8);
    const originalMeta = await sharp(storedOriginal.bytes).metadata();
    expect([originalMeta.width, originalMeta.height]).toEqual([1600, 1200]);

    // Re-crop: the dialog gets the original through a signed URL of the private bucket.
    const signed = page.waitForResponse((r) => r.url().includes(`/storage/v1/object/sign/listing_originals/${original}`) && r.request().method() === 'GET');
    await dialog.getByRole('button', { name: m.recrop }).click();
    expect((await signed).status()).toBe(200);
    await cropDialog(page);
    const zoom = crop.getByRole('slider', { name: t.photos.crop.zoom });
    await zoom.focus();
    for (let i = 0; i < 10; i++) await page.keyboard.press('ArrowRight');
    await expect(zoom).toHaveAttribute('aria-valuenow', '2');
    await crop.getByRole('button', { name: t.photos.crop.save }).click();
    await expect(page.getByText(t.photos.toasts.recropped, { exact: true }).first()).toBeVisible();
    await expect(crop).toBeHidden();
    const [recropped] = await photoRows(listingId);
    expect(recropped!.id).toBe(added!.id);
    expect(recropped!.storage_path).not.toBe(added!.storage_path);
    expect(recropped!.storage_path.split('/').pop()).toMatch(UUID_FILE);
    expect(await originalPath(added!.id)).toBe(original);
    const newCrop = await stored('listing_photos', recropped!.storage_path);
    expect(newCrop.status).toBe(200);
    await expectNoMetadata(newCrop.bytes);
    // Zoom 2 on the 1200 px tall original: about 480 x 600 (whole multiples of 4 px wide), 4:5.
    const newMeta = await sharp(newCrop.bytes).metadata();
    expect(newMeta.width / newMeta.height).toBe(0.8);
    expect(newMeta.width).toBeGreaterThan(460);
    expect(newMeta.width).toBeLessThanOrEqual(480);
    // The old crop's row is gone, so the clean-up job removes its file.
    await expect.poll(async () => (await stored('listing_photos', added!.storage_path)).status, { timeout: 20_000 }).not.toBe(200);

    // A visitor's browser: the photo shows, its original is nowhere to read or download.
    const visitor = await browser.newContext({ viewport: { width: 360, height: 780 } });
    try {
      await adultDevice(visitor);
      const visit = await visitor.newPage();
      await visit.goto(`/listing/${listingId}`);
      await expect(visit.getByRole('heading', { level: 1, name: 'Foto riservate e2e' })).toBeVisible();
      const answers = await visit.evaluate(
        async ({ api, anon, listing, path }) => {
          const headers = { apikey: anon, authorization: `Bearer ${anon}` };
          const get = async (url: string, init: RequestInit = {}) => {
            const res = await fetch(url, { headers, cache: 'no-store', ...init });
            return { status: res.status, body: await res.text() };
          };
          return {
            rows: await get(`${api}/rest/v1/listing_photos?select=*&listing_id=eq.${listing}`),
            originals: await get(`${api}/rest/v1/listing_photo_originals?select=*`),
            publicUrl: await get(`${api}/storage/v1/object/public/listing_originals/${path}`),
            object: await get(`${api}/storage/v1/object/listing_originals/${path}`),
            sign: await get(`${api}/storage/v1/object/sign/listing_originals/${path}`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: '{"expiresIn":60}' }),
          };
        },
        { api: API, anon: (await keys()).anon, listing: listingId, path: original },
      );
      // The displayed photo's row, and no column that names an original.
      expect(answers.rows.status).toBe(200);
      const rows = JSON.parse(answers.rows.body) as Record<string, unknown>[];
      expect(rows.map((r) => Object.keys(r).sort())).toEqual([['avif', 'created_at', 'id', 'is_primary', 'listing_id', 'placeholder', 'renditions', 'storage_path', 'url']]);
      for (const answer of Object.values(answers)) expect(answer.body).not.toContain(original.split('/').pop());
      // The originals' table answers a visitor nothing (no grant), and no object address serves the file.
      expect(answers.originals.status === 200 ? JSON.parse(answers.originals.body) : []).toEqual([]);
      for (const answer of [answers.publicUrl, answers.object, answers.sign]) expect(answer.status).toBeGreaterThanOrEqual(400);
    } finally {
      await visitor.close();
    }

    // Deleting the photo deletes its row; the clean-up job removes both files.
    await dialog.getByRole('button', { name: m.delete }).click();
    await page.getByRole('dialog', { name: m.deleteOneTitle }).getByRole('button', { name: m.deleteOneConfirm }).click();
    await expect(page.getByText(t.photos.toasts.deleted, { exact: true }).first()).toBeVisible();
    await expect(dialog.getByText(m.empty)).toBeVisible();
    const served = async (bucket: string, path: string) => (await stored(bucket, path)).status === 200;
    await expect
      .poll(async () => [await served('listing_photos', recropped!.storage_path), await served('listing_originals', original)], { timeout: 20_000 })
      .toEqual([false, false]);
  } finally {
    await serviceRest(`listings?id=eq.${listingId}`, { method: 'DELETE' });
  }
});
