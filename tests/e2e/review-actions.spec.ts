/**
 * Issue 40, the owner's and staff's side of a listing held for review, all at 360 px: marco
 * uploads a horizontally mirrored copy of one of giulia's photos and is told why his listing
 * now waits (not 'Foto caricate con successo!'); nuova's waiting listing offers 'Promuovi',
 * 'Pausa', 'Disponibile ora' and 'Rinnovo automatico' switched off with the reason, nothing
 * clipped; supporto filters 'In revisione' (and 'Rifiutato') in 'Annunci'.
 */
import sharp from 'sharp';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { BLOCKED_PENDING, BLOCKED_REJECTED, review } from '../../src/lib/catalogue/review.ts';
import { t } from '../../src/lib/catalogue/screens.ts';
import { HELD_LISTINGS, userByKey } from '../../supabase/seed/data.ts';
import { adultDevice, expectNoSeriousA11yViolations, shot, signIn, signInAs } from '../support/e2e/page.ts';
import { DEMO, accessToken, makeAccount, rpc, serviceRest } from '../support/e2e/platform.ts';

test.beforeEach(async ({ context }) => adultDevice(context));

const PHONE = { width: 360, height: 780 };
const nuova = userByKey('nuova');
/** nuova's first listing, waiting in 'Da approvare' since the seed (new advertiser). */
const waiting = HELD_LISTINGS.find((l) => l.ownerKey === 'nuova')!;

/** Nothing on the page is wider than the phone, and `box` lies inside it. */
async function expectWithinPhone(page: Page, box: Locator) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  const b = (await box.boundingBox())!;
  expect(b.x).toBeGreaterThanOrEqual(0);
  expect(b.x + b.width).toBeLessThanOrEqual(PHONE.width);
}

test("marco uploads a mirrored copy of giulia's photo: he is told it is another account's and his listing waits", async ({ page }) => {
  test.setTimeout(180_000);
  // giulia's Stella (Rimini): a public photo of hers to copy.
  const [giulia] = (await serviceRest(`listings?select=id&user_id=eq.${DEMO.giulia.id}&city=eq.Rimini&limit=1`)) as { id: string }[];
  const [source] = (await serviceRest(`listing_photos?select=id,url&listing_id=eq.${giulia!.id}&is_primary=eq.true`)) as { id: string; url: string }[];
  expect(source, 'seeded photo').toBeTruthy();
  // A listing of marco's own (trusted: it is public at once), paused so no other spec sees it.
  await serviceRest(`profiles?id=eq.${DEMO.marco.id}`, { method: 'PATCH', body: { credits: 100 } });
  // In a city marco already has: a new one would count towards the screening's cities per day.
  const [{ city }] = (await serviceRest(`listings?select=city&user_id=eq.${DEMO.marco.id}&limit=1`)) as [{ city: string }];
  const mine = await rpc<{ id: string; review_status: string }>(
    'create_listing',
    { p_title: `Marco specchio ${Date.now().toString(36)}`, p_category: 'uomini', p_city: city, p_age: 31, p_description: 'Un annuncio di prova per la foto copiata e specchiata.' },
    await accessToken(DEMO.marco),
  );
  expect(mine.review_status).toBe('approved');
  await serviceRest(`listings?id=eq.${mine.id}`, { method: 'PATCH', body: { is_paused: true, paused_at: new Date().toISOString() } });
  // Saved from the site, flipped left to right and re-compressed, as someone re-using it would.
  const saved = Buffer.from(await (await fetch(source!.url)).arrayBuffer());
  const copy = await sharp(saved).flop().jpeg({ quality: 80 }).toBuffer();

  await page.setViewportSize(PHONE);
  await signIn(page, DEMO.marco);
  await page.goto(`/listing/${mine.id}`);
  await page.getByTestId('owner-notice').getByRole('button', { name: t.photos.manager.open }).click();
  const dialog = page.getByRole('dialog', { name: t.photos.manager.title });
  await dialog.getByTestId('photo-input').setInputFiles({ name: 'foto.jpg', mimeType: 'image/jpeg', buffer: copy });
  const crop = page.getByRole('dialog', { name: t.photos.crop.title });
  await expect(crop.locator('img')).toBeVisible();
  await crop.getByRole('button', { name: t.photos.crop.save }).click();
  await dialog.getByRole('button', { name: t.photos.manager.addSave }).click();
  await expect(dialog.getByTestId('photo-thumb')).toHaveCount(1);

  // The reason, in the manager and in the toast; never the plain success.
  const held = dialog.getByTestId('photo-review');
  await expect(held).toContainText(review.owner.sentForReview);
  await expect(held).toContainText(review.owner.duplicatePhoto);
  await expect(held).toHaveAttribute('data-review', 'duplicate');
  // The toast says it too (the manager's alert and the toast).
  await expect(page.getByRole('alert').filter({ hasText: review.owner.duplicatePhoto })).toHaveCount(2);
  await expect(page.getByText(t.photos.toasts.added, { exact: true })).toHaveCount(0);
  const [row] = (await serviceRest(`listings?select=review_status&id=eq.${mine.id}`)) as { review_status: string }[];
  expect(row!.review_status).toBe('pending');
  await expectWithinPhone(page, held);
  // The screenshot shows the manager's alert, the toast closed.
  await page.getByRole('button', { name: t.common.closeNotice }).click();
  await expect(page.getByRole('alert').filter({ hasText: review.owner.duplicatePhoto })).toHaveCount(1);
  await shot(page, 'review-actions-duplicate-360');
  await expectNoSeriousA11yViolations(page, '[data-testid="photo-review"]');
});

test('nuova cannot promote, pause, make available or auto-renew her waiting listing, and reads why', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await signIn(page, nuova);
  // Her waiting listing's photos are held: the card asks for the held copy at once, never first
  // for a public address that must fail.
  const publicAsks: string[] = [];
  page.on('request', (r) => r.url().includes(`/object/public/listing_photos/${nuova.id}/${waiting.id}/`) && publicAsks.push(r.url()));
  await page.goto('/my-listings');
  const card = page.getByTestId('listing-card').filter({ hasText: waiting.title });
  await expect(card.getByTestId('review-notice')).toContainText(review.owner.badge);
  const photo = card.getByTestId('card-photos').locator('img').first();
  await expect(photo).toHaveAttribute('src', /\/object\/sign\/listing_photos_held\//);
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  expect(publicAsks).toEqual([]);
  const why = card.getByTestId('review-block');
  await expect(why).toHaveText(BLOCKED_PENDING);
  const actions = card.getByRole('group', { name: t.myListings.actions.label(waiting.title) });
  for (const name of [t.myListings.actions.promote, t.myListings.actions.pause, t.myListings.tools.availableOn]) {
    const button = actions.getByRole('button', { name, exact: true });
    await expect(button).toBeDisabled();
    await expect(button).toHaveAccessibleDescription(BLOCKED_PENDING);
  }
  // No way to the promotion screen from the card: 'Promuovi' is a disabled button, not a link.
  await expect(actions.getByRole('link', { name: t.myListings.actions.promote })).toHaveCount(0);
  const autoRenew = card.getByRole('switch', { name: t.myListings.tools.autoRenew });
  await expect(autoRenew).toBeDisabled();
  await expect(autoRenew).toHaveAccessibleDescription(BLOCKED_PENDING);
  // Edit and delete stay.
  await expect(actions.getByRole('link', { name: t.myListings.actions.edit })).toBeVisible();

  // At 360 px the reason and every button fit: none is cut at the edge.
  await card.scrollIntoViewIfNeeded();
  await expectWithinPhone(page, why);
  for (const b of await actions.getByRole('button').all()) await expectWithinPhone(page, b);
  await why.scrollIntoViewIfNeeded();
  await page.mouse.wheel(0, 200);
  await shot(page, 'review-actions-blocked-360');
  await expectNoSeriousA11yViolations(page, '[data-testid="listing-card"]');
});

test("supporto filters 'In revisione' and 'Rifiutato' in Annunci: a waiting listing is never 'Attivi'", async ({ page }) => {
  test.setTimeout(120_000);
  const s = t.adminStaff.listings;
  await page.setViewportSize(PHONE);
  await signInAs(page, 'supporto');
  await page.goto('/admin?sezione=annunci');
  const filter = page.getByRole('radiogroup', { name: s.state });
  await expect(filter).toBeVisible();
  await expect(page.getByTestId('admin-listing').first()).toBeVisible();
  await expectWithinPhone(page, filter);

  await filter.getByText(s.states.pending, { exact: true }).click();
  await expect(page.getByRole('radio', { name: s.states.pending })).toBeChecked();
  // The previous filter's rows stay (marked busy) until the new page arrives.
  const grid = page.getByTestId('admin-listings');
  await expect(grid).not.toHaveAttribute('aria-busy', 'true');
  const rows = page.getByTestId('admin-listing');
  await expect(rows.filter({ hasText: waiting.title })).toHaveCount(1);
  for (const badge of await page.getByTestId('admin-listing-state').all()) await expect(badge).toHaveText(s.states.pending);
  await shot(page, 'review-actions-admin-pending-360');
  await expectNoSeriousA11yViolations(page);

  // 'Attivi' does not list it, even searched by its title.
  const search = async (term: string) => {
    await page.getByRole('searchbox', { name: s.searchLabel }).fill(term);
    await page.getByRole('searchbox', { name: s.searchLabel }).press('Enter');
  };
  await filter.getByText(s.states.live, { exact: true }).click();
  await expect(page.getByRole('radio', { name: s.states.live })).toBeChecked();
  await search(waiting.title);
  await expect(page.getByText(s.empty)).toBeVisible();

  // A refused listing (a fresh advertiser's, refused through the staff decision): its own filter and badge.
  const account = await makeAccount('rifiutata');
  await serviceRest(`profiles?id=eq.${account.id}`, { method: 'PATCH', body: { credits: 10 } });
  const title = `Rifiutato ${Date.now().toString(36)}`;
  const refusedRow = await rpc<{ id: string; review_status: string }>(
    'create_listing',
    { p_title: title, p_category: 'donne', p_city: 'Bari', p_age: 29, p_description: 'Un annuncio di prova che lo staff rifiuta nel test.' },
    await accessToken(account),
  );
  expect(refusedRow.review_status).toBe('pending');
  await rpc('decide_listing_review', { p_listing_id: refusedRow.id, p_approve: false, p_reason: 'Foto non sue: prova e2e.' }, await accessToken(DEMO.supporto));
  await search(title);
  await expect(page.getByText(s.empty)).toBeVisible();
  await filter.getByText(s.states.rejected, { exact: true }).click();
  await expect(page.getByRole('radio', { name: s.states.rejected })).toBeChecked();
  await expect(grid).not.toHaveAttribute('aria-busy', 'true');
  const refused = rows.filter({ hasText: title });
  await expect(refused).toHaveCount(1);
  await expect(refused.getByTestId('admin-listing-state')).toHaveText(s.states.rejected);
  await shot(page, 'review-actions-admin-rejected-360');

  // Its owner reads the other reason on her card.
  const owner = await page.context().browser()!.newContext();
  await adultDevice(owner);
  const phone = await owner.newPage();
  await phone.setViewportSize(PHONE);
  await signIn(phone, account);
  await phone.goto('/my-listings');
  const card = phone.getByTestId('listing-card').filter({ hasText: title });
  await expect(card.getByTestId('review-block')).toHaveText(BLOCKED_REJECTED);
  await expect(card.getByRole('button', { name: t.myListings.actions.promote, exact: true })).toHaveAccessibleDescription(BLOCKED_REJECTED);
  await expectWithinPhone(phone, card.getByTestId('review-block'));
  await owner.close();
});
