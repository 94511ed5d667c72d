/**
 * Issue 45 at 360 px: what giulia writes offline waits in the outbox, says so, and reaches the
 * server once when the connection returns (read back as service_role); supporto sees her reply
 * live; a reply waiting when the app is closed leaves when it is opened again online; a reply to
 * a ticket staff closed meanwhile is dropped and she is told, in Italian. Every test fails on an
 * uncaught error or a console error.
 */
import { expect, test, type BrowserContext, type Page, type Request } from '@playwright/test';
import { t } from '../../src/lib/catalogue/screens.ts';
import { PUBLIC_ORDER } from '../support/seed-search.ts';
import { adultDevice, shot, signInAs, swControlled } from '../support/e2e/page.ts';
import { accessToken, DEMO, rpc, serviceRest } from '../support/e2e/platform.ts';

const th = t.tickets.thread;
const messages = (page: Page) => page.getByTestId('ticket-message');
const waiting = (page: Page) => messages(page).and(page.locator('[data-pending]'));
const bell = (page: Page) => page.getByRole('button', { name: /^Notifiche, \d+ non lett[ae]$/ });

test.beforeEach(async ({ context }) => adultDevice(context));

/** Uncaught errors and console errors of `page`, for the test to find empty at its end. */
function errorsOf(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

/** A ticket of giulia's (about `listingId` if given) that supporto has answered once. */
async function giuliaTicket(subject: string, listingId: string | null = null): Promise<string> {
  const giulia = await accessToken(DEMO.giulia);
  const ticket = await rpc<{ id: string }>(
    'create_ticket',
    { p_sender_email: DEMO.giulia.email, p_message: 'Non riesco a modificare le foto del mio annuncio, mi date una mano?', p_subject: subject, p_listing_id: listingId },
    giulia,
  );
  await rpc('reply_ticket', { p_ticket_id: ticket.id, p_body: 'Ciao Giulia, ci dici da quale telefono scrivi?' }, await accessToken(DEMO.supporto));
  return ticket.id;
}

/**
 * The installed app at rest: its worker serves the app's code offline, and what the page was
 * still reading (photos, the sign-in's favourites sync) is done. What a page reads offline is
 * not this spec's business; what it writes is.
 */
async function settled(page: Page) {
  await swControlled(page);
  // 'networkidle' is a document's, once: an in-app navigation needs its own count of requests in flight.
  const inFlight = new Set<Request>();
  const done = (r: Request) => inFlight.delete(r);
  page.on('request', (r) => inFlight.add(r));
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  let quietSince = Date.now();
  await expect
    .poll(() => {
      if (inFlight.size) quietSince = Date.now();
      return Date.now() - quietSince;
    }, { timeout: 20_000, intervals: [100] })
    .toBeGreaterThan(1000);
  page.off('requestfinished', done);
  page.off('requestfailed', done);
}

const rowsOf = async (path: string) => (await serviceRest(path)) as Record<string, unknown>[];

async function writeReply(page: Page, body: string) {
  await page.getByRole('textbox', { name: th.reply }).fill(body);
  await page.getByRole('button', { name: th.send }).click();
}

// Not the listing report.spec reports as giulia; favourites.spec counts hers, so hers here goes after.
const target = PUBLIC_ORDER.filter((l) => l.userId !== DEMO.giulia.id)[1]!;
const dropFavourite = () => serviceRest(`favourites?listing_id=eq.${target.id}&user_id=eq.${DEMO.giulia.id}`, { method: 'DELETE' });
test.afterAll(dropFavourite);

test('offline: a reply, a report, a favourite and "Segna tutte come lette" wait, said so; back online each arrives once and supporto sees the reply live', async ({ page, context, browser }) => {
  test.setTimeout(150_000);
  const errors = errorsOf(page);
  // Nothing of hers on it from an earlier run.
  await serviceRest(`listing_reports?listing_id=eq.${target.id}&reporter_id=eq.${DEMO.giulia.id}`, { method: 'DELETE' });
  await dropFavourite();
  const subject = `Foto in treno ${Date.now().toString(36)}`;
  const ticketId = await giuliaTicket(subject, target.id);

  // Online: the thread, then the listing it is about (in the app, so the way back needs no network).
  await signInAs(page, 'giulia');
  await page.goto(`/my-tickets/${ticketId}`);
  await swControlled(page);
  await expect(messages(page)).toHaveCount(2);
  await expect.poll(async () => Number(/(\d+)/.exec((await bell(page).getAttribute('aria-label')) ?? '')?.[1] ?? 0)).toBeGreaterThan(0);
  await page.getByRole('link', { name: target.title }).click();
  await expect(page.getByRole('heading', { level: 1, name: target.title })).toBeVisible();
  await settled(page);

  await context.setOffline(true);
  const reply = `Scrivo dal treno, senza rete: uso un Android (${Date.now().toString(36)}).`;
  try {
    await expect(page.getByTestId('offline-banner')).toBeVisible();
    // The favourite: kept here at once.
    await page.getByRole('button', { name: t.favourites.add(target.title) }).click();
    await expect(page.getByRole('button', { name: t.favourites.remove(target.title) })).toBeVisible();
    // The report: the dialog closes saying it leaves with the connection; the page says it waits.
    await page.getByRole('button', { name: t.listings.detail.report }).click();
    const dialog = page.getByRole('dialog', { name: t.listings.report.title });
    await dialog.getByRole('combobox', { name: t.listings.report.reason }).click();
    await page.getByRole('option', { name: t.listings.report.reasons.spam }).click();
    await dialog.getByRole('button', { name: t.listings.report.submit }).click();
    await expect(page.getByText(t.listings.report.queued)).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByTestId('report-waiting')).toHaveText(t.listings.report.waiting);
    await expect(page.getByTestId('offline-banner-outbox')).toHaveText(t.pwa.outbox.waiting(2));
    await page.waitForTimeout(300);
    await shot(page, 'offline-writes-listing-360', { fullPage: true });

    // Back to the thread: the reply shows, waiting, with its time.
    await page.goBack();
    await expect(messages(page)).toHaveCount(2);
    await writeReply(page, reply);
    await expect(waiting(page)).toHaveCount(1);
    await expect(waiting(page)).toContainText(reply);
    await expect(waiting(page)).toContainText(new RegExp(`${t.pwa.outbox.pending} · \\d{2}/\\d{2}/\\d{4} \\d{2}:\\d{2}`));
    await expect(page.getByRole('textbox', { name: th.reply })).toHaveValue('');

    // 'Segna tutte come lette': read here at once.
    await bell(page).click();
    await page.getByRole('button', { name: t.notifications.markAll }).click();
    await expect(page.getByRole('button', { name: t.notifications.bellLabel(0) })).toBeVisible();
    await page.getByRole('button', { name: t.notifications.bellLabel(0) }).click();
    await expect(page.getByRole('button', { name: t.notifications.markAll })).toHaveCount(0);

    await expect(page.getByTestId('offline-banner-outbox')).toHaveText(t.pwa.outbox.waiting(4));
    await waiting(page).scrollIntoViewIfNeeded();
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await shot(page, 'offline-writes-thread-360');
    // Nothing reached the server.
    expect(await rowsOf(`ticket_messages?select=id&ticket_id=eq.${ticketId}`)).toHaveLength(2);
  } finally {
    await context.setOffline(false);
  }

  // supporto has the ticket open in the panel, online.
  const staffContext = await browser.newContext({ viewport: { width: 360, height: 780 }, locale: 'it-IT', timezoneId: 'Europe/Rome' });
  try {
    const panel = await staffContext.newPage();
    await adultDevice(panel);
    await signInAs(panel, 'supporto');
    await panel.goto(`/admin?sezione=ticket&ticket=${ticketId}`);
    await expect(panel.getByText('Ciao Giulia, ci dici da quale telefono scrivi?')).toBeVisible();

    // Back online (the context was set online above; the page replays on `online`).
    await expect(page.getByTestId('offline-banner')).toHaveCount(0);
    await expect(waiting(page)).toHaveCount(0, { timeout: 15_000 });
    await expect(messages(page)).toHaveCount(3);
    await expect(messages(page).last()).toContainText(reply);
    await expect(panel.getByText(reply)).toBeVisible({ timeout: 15_000 });
  } finally {
    await staffContext.close();
  }

  // Each arrived, once, also after the realtime echo and any later trigger.
  const arrived = async () => ({
    replies: (await rowsOf(`ticket_messages?select=client_id&ticket_id=eq.${ticketId}&body=eq.${encodeURIComponent(reply)}`)).map((r) => typeof r.client_id),
    reports: (await rowsOf(`listing_reports?select=reason&listing_id=eq.${target.id}&reporter_id=eq.${DEMO.giulia.id}`)).map((r) => r.reason),
    favourites: (await rowsOf(`favourites?select=listing_id&listing_id=eq.${target.id}&user_id=eq.${DEMO.giulia.id}`)).length,
  });
  const once = { replies: ['string'], reports: ['spam'], favourites: 1 };
  await expect.poll(arrived, { timeout: 15_000 }).toEqual(once);
  // Read on the server too: everything she had when she tapped.
  await expect.poll(async () => (await rowsOf(`admin_notifications?select=id&user_id=eq.${DEMO.giulia.id}&is_read=eq.false`)).length).toBe(0);
  await page.waitForTimeout(3000);
  expect(await arrived()).toEqual(once);
  await expect(messages(page)).toHaveCount(3);
  await expect(page.getByTestId('offline-banner')).toHaveCount(0);
  expect(errors).toEqual([]);
});

/**
 * giulia, on the thread of a new ticket of hers, writes `reply` offline and sees it waiting;
 * `meanwhile` runs before the connection returns. The ticket's id.
 */
async function replyOffline(page: Page, context: BrowserContext, subject: string, reply: string, meanwhile: (ticketId: string) => Promise<void>) {
  const ticketId = await giuliaTicket(`${subject} ${Date.now().toString(36)}`);
  await signInAs(page, 'giulia');
  await page.goto(`/my-tickets/${ticketId}`);
  await expect(messages(page)).toHaveCount(2);
  await settled(page);
  await context.setOffline(true);
  try {
    await writeReply(page, reply);
    await expect(waiting(page)).toContainText(reply);
    await meanwhile(ticketId);
  } finally {
    await context.setOffline(false);
  }
  return ticketId;
}

const copiesOf = async (ticketId: string, reply: string) => (await rowsOf(`ticket_messages?select=id&ticket_id=eq.${ticketId}&body=eq.${encodeURIComponent(reply)}`)).length;

test('a reply waiting when the app is closed leaves once when it is opened again online', async ({ page, context }) => {
  const errors = errorsOf(page);
  const reply = `Scritta offline, app chiusa subito dopo (${Date.now().toString(36)}).`;
  const ticketId = await replyOffline(page, context, 'Chiusa e riaperta', reply, () => page.close());
  expect(errors).toEqual([]);

  const again = await context.newPage();
  const errorsAgain = errorsOf(again);
  await again.goto(`/my-tickets/${ticketId}`);
  await expect(messages(again)).toHaveCount(3, { timeout: 15_000 });
  await expect(messages(again).last()).toContainText(reply);
  await expect(waiting(again)).toHaveCount(0);
  await again.waitForTimeout(3000);
  expect(await copiesOf(ticketId, reply)).toBe(1);
  await expect(messages(again)).toHaveCount(3);
  expect(errorsAgain).toEqual([]);
});

test('a reply queued offline to a ticket staff close meanwhile is dropped, and giulia is told it could not be sent', async ({ page, context }) => {
  const errors = errorsOf(page);
  const reply = `Questa risposta arriva a ticket chiuso (${Date.now().toString(36)}).`;
  const ticketId = await replyOffline(page, context, 'Chiuso nel frattempo', reply, async (id) => {
    await serviceRest(`tickets?id=eq.${id}`, { method: 'PATCH', body: { status: 'closed' } });
  });

  await expect(page.getByText(new RegExp(`^${t.pwa.outbox.dropped('')}.+`))).toBeVisible({ timeout: 15_000 });
  await expect(waiting(page)).toHaveCount(0);
  await expect(messages(page)).toHaveCount(2);
  await expect(page.getByText(th.closedNotice, { exact: true })).toBeVisible();
  await shot(page, 'offline-writes-dropped-360');
  expect(await copiesOf(ticketId, reply)).toBe(0);
  // The refusal is the server's answer, not the app's error: the browser's own line for it is all there is.
  expect(errors.filter((e) => !/Failed to load resource: the server responded with a status of 4\d\d/.test(e))).toEqual([]);
});

test("supporto's reply written offline in the panel waits in the thread, said so, and reaches giulia once, live", async ({ page, context, browser }) => {
  test.setTimeout(120_000);
  const errors = errorsOf(page);
  const ticketId = await giuliaTicket(`Risposta dal pannello ${Date.now().toString(36)}`);
  const reply = `Ciao Giulia, ti scrivo dal treno (${Date.now().toString(36)}).`;

  const userContext = await browser.newContext({ viewport: { width: 360, height: 780 }, locale: 'it-IT', timezoneId: 'Europe/Rome' });
  try {
    const thread = await userContext.newPage();
    await adultDevice(thread);
    await signInAs(thread, 'giulia');
    await thread.goto(`/my-tickets/${ticketId}`);
    await expect(messages(thread)).toHaveCount(2);

    await signInAs(page, 'supporto');
    await page.goto(`/admin?sezione=ticket&ticket=${ticketId}`);
    const staffThread = page.getByRole('list', { name: t.admin.tickets.thread });
    await expect(staffThread.locator('li')).toHaveCount(2);
    await settled(page);
    await context.setOffline(true);
    try {
      await page.getByRole('textbox', { name: t.admin.tickets.reply }).fill(reply);
      await page.getByRole('button', { name: t.admin.tickets.send }).click();
      // Not a spinner until the connection returns: the reply waits in the thread, the box is free again.
      const waitingReply = staffThread.locator('li[data-pending]');
      await expect(waitingReply).toContainText(reply);
      await expect(waitingReply).toContainText(new RegExp(`${t.pwa.outbox.pending} · \\d{2}/\\d{2}/\\d{4} \\d{2}:\\d{2}`));
      await expect(page.getByRole('textbox', { name: t.admin.tickets.reply })).toHaveValue('');
      await expect(page.getByTestId('offline-banner-outbox')).toHaveText(t.pwa.outbox.waiting(1));
      await shot(page, 'offline-writes-staff-reply-360');
      expect(await rowsOf(`ticket_messages?select=id&ticket_id=eq.${ticketId}`)).toHaveLength(2);
    } finally {
      await context.setOffline(false);
    }

    await expect(staffThread.locator('li[data-pending]')).toHaveCount(0, { timeout: 15_000 });
    await expect(staffThread.locator('li')).toHaveCount(3);
    await expect(messages(thread).last()).toContainText(reply, { timeout: 15_000 });
    await page.waitForTimeout(3000);
    expect(await copiesOf(ticketId, reply)).toBe(1);
    await expect(staffThread.locator('li')).toHaveCount(3);
  } finally {
    await userContext.close();
  }
  expect(errors).toEqual([]);
});

test('a ticket written offline waits on I Miei Ticket, readable at 360 px, and is listed once when it leaves while another screen shows', async ({ page, context }) => {
  const errors = errorsOf(page);
  const message = `Scrivo dal treno: come cambio la città del mio annuncio? (${Date.now().toString(36)})`;
  await signInAs(page, 'giulia');
  // Her favourites seen once online, where the ticket will leave from: offline they come back
  // from the worker's cache, photos too (asked for once the worker controls the page).
  await page.goto('/preferiti');
  await swControlled(page);
  await page.reload();
  await settled(page);
  await page.goto('/my-tickets');
  await expect(page.getByRole('link', { name: new RegExp(`^${t.tickets.list.view}: `) }).first()).toBeVisible();
  await settled(page);
  await context.setOffline(true);
  try {
    await page.getByRole('button', { name: t.tickets.list.newTicket }).click();
    const dialog = page.getByRole('dialog', { name: t.tickets.dialog.title });
    await dialog.getByRole('textbox', { name: t.tickets.dialog.message }).fill(message);
    await dialog.getByRole('button', { name: t.tickets.dialog.submit }).click();
    await expect(dialog).toHaveCount(0);
    const queued = page.getByTestId('queued-ticket');
    await expect(queued).toContainText(t.pwa.outbox.pending);
    await expect(queued).toContainText(message);
    // The subject has the card's width, not what the long label beside it left (a word a line).
    const [card, subject] = await Promise.all([queued.boundingBox(), page.getByTestId('queued-ticket-subject').boundingBox()]);
    expect(subject!.width).toBeGreaterThan(card!.width * 0.8);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await shot(page, 'offline-writes-queued-ticket-360');
    // Elsewhere in the app when the connection returns.
    await page.getByRole('link', { name: t.favourites.headerLink }).click();
    await expect(page).toHaveURL(/\/preferiti$/);
  } finally {
    await context.setOffline(false);
  }
  await expect.poll(async () => (await rowsOf(`ticket_messages?select=id&author_id=eq.${DEMO.giulia.id}&body=eq.${encodeURIComponent(message)}`)).length, { timeout: 15_000 }).toBe(1);
  // Back within the list's 30 s of freshness: the ticket is there, once, and waits no more.
  await page.goBack();
  await expect(page.getByTestId('queued-ticket')).toHaveCount(0);
  await expect(page.getByRole('link', { name: new RegExp(`^${t.tickets.list.view}: `) })).toHaveCount((await rowsOf(`tickets?select=id&user_id=eq.${DEMO.giulia.id}`)).length);
  expect(errors).toEqual([]);
});
