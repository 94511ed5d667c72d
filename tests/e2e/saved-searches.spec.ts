/**
 * Ricerche salvate at 360 px: a visitor taps 'Salva ricerca', signs in as giulia and is back
 * on the same search with the dialog; she saves "Donne a Milano" with 'Subito'. marco
 * publishes a matching and a non-matching listing; the alerts job (run here, as cron would
 * within the minute) gives her exactly one notification and one web push, whose link opens
 * the search. On /ricerche-salvate she renames it, changes the alert and deletes it. A daily
 * search is told once, at 09:00 Europe/Rome (the job run with the clock moved).
 */
import { expect, test, type Page } from '@playwright/test';
import { t } from '../../src/lib/catalogue/screens.ts';
import { adultDevice, expectNoSeriousA11yViolations, shot, submitLogin } from '../support/e2e/page.ts';
import { accessToken, DEMO, keys, rpc, serviceRest } from '../support/e2e/platform.ts';
import { romeAt } from '../support/romeTime.ts';
import { startPushService, subscribePush, type FakePushService } from '../support/e2e/push.ts';

const s = t.savedSearches;
const giulia = DEMO.giulia;

interface Alert {
  id: string;
  message: string;
  entity_id: string;
}
const alertsOf = async (userId: string) =>
  (await serviceRest(`admin_notifications?user_id=eq.${userId}&type=eq.saved_search&select=id,message,entity_id&order=created_at`)) as Alert[];
const savedOf = async (userId: string) =>
  (await serviceRest(`saved_searches?user_id=eq.${userId}&select=id,name,alert,filters&order=created_at`)) as { id: string; name: string; alert: string; filters: Record<string, unknown> }[];
const runAlerts = async (at?: Date) => rpc<number>('run_saved_search_alerts', at ? { p_now: at.toISOString() } : {}, (await keys()).serviceRole);
const matching = async (listingId: string) => rpc<string[]>('saved_searches_matching', { p_listing_id: listingId }, (await keys()).serviceRole);

/** marco publishes a listing through create_listing, as the app does. */
async function publishAsMarco(fields: Record<string, unknown>): Promise<string> {
  await serviceRest(`profiles?id=eq.${DEMO.marco.id}`, { method: 'PATCH', body: { credits: 500 } });
  const listing = await rpc<{ id: string }>(
    'create_listing',
    {
      p_title: 'Annuncio di prova per le ricerche salvate',
      p_age: 29,
      p_description: 'Un annuncio pubblicato dalla prova delle ricerche salvate, con una descrizione abbastanza lunga.',
      p_zone: 'Centro',
      ...fields,
    },
    await accessToken(DEMO.marco),
  );
  return listing.id;
}

const bell = (page: Page) => page.getByRole('button', { name: /^Notifiche, \d+ non lett[ae]$/ });

let push: FakePushService;
test.beforeAll(async () => {
  push = await startPushService();
});
test.afterAll(async () => push.close());

test.beforeEach(async ({ context }) => {
  await adultDevice(context);
  await serviceRest(`saved_searches?user_id=eq.${giulia.id}`, { method: 'DELETE' });
  // Whatever earlier specs published is not this test's news.
  await runAlerts();
});

test('giulia saves "Donne a Milano" after signing in, is alerted once in the bell and by push, and manages it', async ({ page }) => {
  test.setTimeout(120_000);
  const device = await subscribePush(push, giulia.id);
  try {
    // A visitor is asked to sign in, and comes back to the same search with the dialog.
    await page.goto('/search?category=donne&city=Milano');
    await page.getByRole('button', { name: t.search.save }).click();
    const ask = page.getByRole('dialog', { name: s.save.title });
    await expect(ask.getByText(s.save.loginRequired)).toBeVisible();
    await shot(page, 'saved-search-login-360');
    await ask.getByRole('link', { name: s.save.login }).click();
    await submitLogin(page, giulia);
    await expect(page).toHaveURL(/\/search\?category=donne&city=Milano$/, { timeout: 15_000 });
    const dialog = page.getByRole('dialog', { name: s.save.title });
    await expect(dialog.getByRole('textbox', { name: s.save.name })).toHaveValue('Donne a Milano');
    await expect(dialog.getByLabel(s.alertLabel)).toHaveValue(s.alerts.instant!);
    await shot(page, 'saved-search-dialog-360');
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole('button', { name: s.save.submit }).click();
    await expect(page.getByText(s.save.saved)).toBeVisible();
    const [saved] = await savedOf(giulia.id);
    expect(saved).toMatchObject({ name: 'Donne a Milano', alert: 'instant', filters: { p_category: 'donne', p_city: 'Milano' } });
    const before = (await alertsOf(giulia.id)).length;
    await expect(bell(page)).toBeVisible();

    // marco publishes one listing that matches and one that does not.
    const match = await publishAsMarco({ p_category: 'donne', p_city: 'Milano', p_title: 'Nuova a Milano, solare' });
    const other = await publishAsMarco({ p_category: 'uomini', p_city: 'Milano', p_title: 'Nuovo a Milano, sportivo' });
    expect(await matching(match)).toContain(saved!.id);
    expect(await matching(other)).not.toContain(saved!.id);

    // The job (every minute under cron) tells her once.
    await runAlerts();
    await runAlerts();
    const alerts = await alertsOf(giulia.id);
    expect(alerts).toHaveLength(before + 1);
    expect(alerts.at(-1)).toMatchObject({ entity_id: saved!.id, message: '1 nuovo annuncio per "Donne a Milano"' });
    await expect.poll(() => device.messages().length, { timeout: 15_000 }).toBe(1);
    expect(device.messages()[0]).toMatchObject({ title: 'Nuovi annunci per te', body: '1 nuovo annuncio per "Donne a Milano"', url: `/ricerche-salvate/${saved!.id}` });

    // The bell's notification opens the search with its filters.
    await bell(page).click();
    await page.getByRole('button', { name: /1 nuovo annuncio per "Donne a Milano"/ }).first().click();
    await expect(page).toHaveURL(/\/search\?category=donne&city=Milano$/);
    await expect(page.getByRole('link', { name: /Nuova a Milano, solare/ }).first()).toBeVisible();

    // The saved searches screen: rename, change the alert, delete after confirming.
    await page.goto('/ricerche-salvate');
    await expect(bell(page)).toBeVisible();
    const card = page.getByTestId('saved-search');
    await expect(card).toHaveCount(1);
    await expect(card.getByRole('heading', { name: 'Donne a Milano' })).toBeVisible();
    await shot(page, 'saved-searches-360');
    await expectNoSeriousA11yViolations(page);

    await card.getByRole('button', { name: s.renameLabel('Donne a Milano') }).click();
    const rename = page.getByRole('dialog', { name: s.renameDialog.title });
    await rename.getByRole('textbox', { name: s.save.name }).fill('Milano, la sera');
    await rename.getByRole('button', { name: s.renameDialog.submit }).click();
    await expect(card.getByRole('heading', { name: 'Milano, la sera' })).toBeVisible();

    await card.getByLabel(s.alertLabel).click();
    await page.getByRole('option', { name: s.alerts.daily }).click();
    await expect(page.getByText(s.alertChanged)).toBeVisible();
    await expect.poll(async () => (await savedOf(giulia.id))[0]).toMatchObject({ name: 'Milano, la sera', alert: 'daily' });

    await card.getByRole('button', { name: s.deleteLabel('Milano, la sera') }).click();
    const confirm = page.getByRole('dialog', { name: s.deleteDialog.title });
    await expect(confirm).toContainText('Milano, la sera');
    await shot(page, 'saved-searches-delete-360');
    await confirm.getByRole('button', { name: s.deleteDialog.confirm }).click();
    await expect(page.getByText(s.empty)).toBeVisible();
    // The list shows the deletion as soon as it is in the outbox (issue 45); the server has it once sent.
    await expect(page.getByText(s.deleteDialog.deleted)).toBeVisible();
    expect(await savedOf(giulia.id)).toEqual([]);
  } finally {
    await device.unsubscribe();
  }
});

test('a daily search is told once, at 09:00 Europe/Rome, about everything of the day', async () => {
  const [daily] = (await serviceRest('saved_searches', {
    method: 'POST',
    body: { user_id: giulia.id, name: 'Massaggi a Bari', alert: 'daily', filters: { p_category: 'massaggi', p_city: 'Bari' } },
  })) as { id: string }[];
  await publishAsMarco({ p_category: 'massaggi', p_city: 'Bari', p_title: 'Massaggio rilassante a Bari' });
  await publishAsMarco({ p_category: 'massaggi', p_city: 'Bari', p_title: 'Massaggio sportivo a Bari' });
  const before = (await alertsOf(giulia.id)).length;
  // Tomorrow in Rome, just before and at 09:00.
  const rome = (hhmm: string) => romeAt(1, hhmm);
  await runAlerts(rome('08:59'));
  expect(await alertsOf(giulia.id)).toHaveLength(before);
  await runAlerts(rome('09:00'));
  await runAlerts(rome('09:05'));
  const alerts = await alertsOf(giulia.id);
  expect(alerts).toHaveLength(before + 1);
  expect(alerts.at(-1)).toMatchObject({ entity_id: daily!.id, message: '2 nuovi annunci per "Massaggi a Bari"' });
});
