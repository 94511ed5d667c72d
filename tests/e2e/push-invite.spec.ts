/**
 * Issue 43, item 12, at 360 px: web push is offered where it matters and says in Italian when
 * it fails. Just after opening a ticket the invite appears on 'I Miei Ticket'; 'Attiva
 * notifiche' subscribes this device (a push_subscriptions row, read as service_role) and a
 * staff reply reaches it. With the push service unreachable (its endpoint aborted, or never
 * answering) /profile-settings' switch says so instead of staying greyed.
 */
import { expect, test } from '@playwright/test';
import { t } from '../../src/lib/catalogue/screens.ts';
import { adultDevice, expectNoSeriousA11yViolations, shot, signIn } from '../support/e2e/page.ts';
import { accessToken, DEMO, makeAccount, rpc, serviceRest } from '../support/e2e/platform.ts';
import { browserPushService, startPushService, type FakePushService } from '../support/e2e/push.ts';

test.use({ viewport: { width: 360, height: 780 } });
/** src/pwa/pushSubscription.ts's PUSH_TIMEOUT_MS (that module needs the app's build to load). */
const PUSH_TIMEOUT_MS = 15_000;
test.beforeEach(async ({ page }) => adultDevice(page));

let service: FakePushService;
test.beforeAll(async () => {
  service = await startPushService();
});
test.afterAll(async () => service.close());

const rowsOf = (userId: string) => serviceRest(`push_subscriptions?user_id=eq.${userId}&select=endpoint,p256dh,auth`) as Promise<{ endpoint: string }[]>;

test('after opening a ticket the invite offers push; enabling it subscribes this device and a staff reply reaches it', async ({ page, context }) => {
  const device = await browserPushService(context, service);
  const user = await makeAccount('pushinvite');
  try {
    await signIn(page, user);
    await page.getByRole('button', { name: t.frame.footer.support }).click();
    const dialog = page.getByRole('dialog', { name: t.tickets.dialog.title });
    const body = `Vorrei sapere come funzionano le promozioni notturne (e2e ${Date.now()}).`;
    await dialog.getByLabel(t.tickets.dialog.message, { exact: false }).fill(body);
    await dialog.getByRole('button', { name: t.tickets.dialog.submit }).click();
    await expect(page).toHaveURL(/\/my-tickets$/);

    const invite = page.getByRole('region', { name: t.pushInvite.ticket.title });
    await expect(invite).toBeVisible();
    await expect(invite).toContainText(t.pushInvite.ticket.text);
    await expectNoSeriousA11yViolations(page, '[data-testid="push-invite"]');
    await shot(page, 'push-invite-ticket-360');

    await invite.getByRole('button', { name: t.pushInvite.enable }).click();
    await expect(page.getByText(t.pwa.push.enabled)).toBeVisible();
    await expect(invite).toHaveCount(0);
    await expect.poll(() => rowsOf(user.id)).toEqual([expect.objectContaining({ endpoint: device.endpoint })]);
    const [profile] = (await serviceRest(`profiles?id=eq.${user.id}&select=push_enabled`)) as { push_enabled: boolean }[];
    expect(profile!.push_enabled).toBe(true);

    // The reason it was offered: supporto answers and the push reaches this device.
    const [message] = (await serviceRest(`ticket_messages?body=eq.${encodeURIComponent(body)}&select=ticket_id`)) as { ticket_id: string }[];
    await rpc('reply_ticket', { p_ticket_id: message!.ticket_id, p_body: 'Ti spieghiamo tutto: trovi i dettagli nella pagina Promuovi.' }, await accessToken(DEMO.supporto));
    await expect.poll(() => device.messages().length, { timeout: 15_000 }).toBe(1);
    expect(device.messages()[0]).toMatchObject({ title: t.pwa.push.replyTitle, url: `/my-tickets/${message!.ticket_id}` });

    // It does not come back: this device is subscribed.
    await page.reload();
    await expect(page.getByRole('heading', { name: t.tickets.list.title })).toBeVisible();
    await expect(invite).toHaveCount(0);
  } finally {
    await device.unsubscribe();
  }
});

test('with the push service unreachable, /profile-settings says so in Italian instead of staying greyed', async ({ page, context }) => {
  test.setTimeout(60_000 + PUSH_TIMEOUT_MS);
  const device = await browserPushService(context, service);
  const user = await makeAccount('pushdown');
  await signIn(page, user);
  await page.goto('/profile-settings');
  const toggle = page.getByRole('switch', { name: t.profile.settings.pushLabel });
  const unreachable = 'Non è stato possibile attivare le notifiche push: il servizio non risponde. Riprova più tardi.';

  // The push service refuses the connection: the message comes at once.
  await context.route(device.register, (route) => route.abort('connectionrefused'));
  await toggle.click();
  await expect(page.getByText(unreachable)).toBeVisible();
  await expect(toggle).toHaveAccessibleDescription(unreachable);
  await expect(toggle).not.toBeChecked();
  await expect(toggle).toBeEnabled();
  await page.getByText(unreachable).scrollIntoViewIfNeeded();
  await shot(page, 'push-unreachable-settings-360');

  // The push service never answers: greyed while it waits, then the same message, not greyed for ever.
  await context.unroute(device.register);
  await context.route(device.register, () => undefined);
  await toggle.click();
  await expect(toggle).toBeDisabled();
  await expect(page.getByText(unreachable)).toBeHidden();
  await expect(page.getByText(unreachable)).toBeVisible({ timeout: PUSH_TIMEOUT_MS + 5_000 });
  await expect(toggle).toBeEnabled();
  await expect(toggle).not.toBeChecked();
  expect(await rowsOf(user.id)).toEqual([]);
});

test("saving a search with alerts offers push in the dialog; 'No, grazie' keeps it away on this device", async ({ page }) => {
  const s = t.savedSearches;
  const user = await makeAccount('pushsearch');
  await signIn(page, user);
  await page.goto('/search?category=donne&city=Milano');
  const open = async () => {
    await page.getByRole('button', { name: t.search.save }).click();
    return page.getByRole('dialog', { name: s.save.title });
  };
  let dialog = await open();
  const invite = dialog.getByRole('region', { name: t.pushInvite.savedSearch.title });
  await expect(dialog.getByLabel(s.alertLabel)).toHaveValue(s.alerts.instant!);
  await expect(invite).toContainText(t.pushInvite.savedSearch.text);
  await shot(page, 'push-invite-saved-search-360');
  await expectNoSeriousA11yViolations(page, '[role="dialog"]');

  // No alerts, nothing to push: no invite.
  await dialog.getByLabel(s.alertLabel).click();
  await page.getByRole('option', { name: s.alerts.never! }).click();
  await expect(invite).toHaveCount(0);
  await dialog.getByLabel(s.alertLabel).click();
  await page.getByRole('option', { name: s.alerts.daily! }).click();
  await expect(invite).toBeVisible();

  // This browser refuses notifications (headless Chromium answers the prompt so): the invite says how to allow them.
  await invite.getByRole('button', { name: t.pushInvite.enable }).click();
  await expect(invite.getByRole('alert')).toHaveText(t.pwa.push.denied);
  await invite.scrollIntoViewIfNeeded();
  await shot(page, 'push-invite-denied-360');

  await invite.getByRole('button', { name: t.pushInvite.dismiss }).click();
  await expect(invite).toHaveCount(0);
  await dialog.getByRole('button', { name: s.save.cancel }).click();
  await page.reload();
  dialog = await open();
  await expect(dialog.getByLabel(s.alertLabel)).toHaveValue(s.alerts.instant!);
  await expect(dialog.getByRole('region', { name: t.pushInvite.savedSearch.title })).toHaveCount(0);
});
