/**
 * A ticket as a conversation at 360 px: staff replies arrive live in the open thread and the
 * bell, the user replies and closes, the bell lands on the newest message; a banned user reads
 * why on /banned and files one appeal, which the page then shows under review.
 */
import { expect, test, type Page } from '@playwright/test';
import { t } from '../../src/lib/catalogue/index.ts';
import { BAN_REASON } from '../../supabase/seed/data.ts';
import { adultDevice, expectNoSeriousA11yViolations, shot, signInAs } from '../support/e2e/page.ts';
import { accessToken, DEMO, rpc, serviceRest, type DemoKey } from '../support/e2e/platform.ts';

test.beforeEach(async ({ page }) => adultDevice(page));

const m = t.tickets.thread;
const bell = (page: Page) => page.getByRole('button', { name: /^Notifiche, \d+ non lett[ae]$/ });

async function unreadCount(page: Page): Promise<number> {
  const label = (await bell(page).getAttribute('aria-label')) ?? '';
  return Number(/(\d+)/.exec(label)?.[1] ?? NaN);
}

/** An RPC as a signed-in demo account. */
const rpcAs = async <T,>(key: DemoKey, fn: string, args: Record<string, unknown>) => rpc<T>(fn, args, await accessToken(DEMO[key]));

const messages = (page: Page) => page.getByTestId('ticket-message');

test('a staff reply appears live in the open thread and the bell; the user replies, lands on the newest, closes', async ({ page }) => {
  const subject = `Foto non caricate ${Date.now().toString(36)}`;
  const ticket = await rpcAs<{ id: string }>('giulia', 'create_ticket', {
    p_sender_email: DEMO.giulia.email,
    p_message: 'Da ieri non riesco a caricare le foto del mio annuncio di Milano.',
    p_subject: subject,
  });
  // A long conversation, so "scrolled to the newest" means something at 360 × 780.
  for (let i = 1; i <= 6; i++) {
    await rpcAs('supporto', 'reply_ticket', {
      p_ticket_id: ticket.id,
      p_body: `Risposta ${i} dello staff: abbiamo controllato il caricamento e ti chiediamo qualche dettaglio in più sul telefono e sul browser che usi.`,
    });
  }

  await signInAs(page, 'giulia');
  await page.goto(`/my-tickets/${ticket.id}`);
  await expect(page.getByRole('heading', { name: subject })).toBeVisible();
  await expect(page.getByText(t.tickets.status.in_progress, { exact: true })).toBeVisible();
  await expect(messages(page)).toHaveCount(7);
  await expect(messages(page).first()).toContainText(m.author.user);
  await expect(messages(page).nth(1)).toContainText(m.author.supporto);
  await expect(messages(page).first()).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
  // Opened at the newest message.
  await expect(messages(page).last()).toBeInViewport();
  await expect(messages(page).first()).not.toBeInViewport();

  // A staff reply arrives without a reload, in the thread and in the bell.
  await expect(bell(page)).toBeVisible();
  // The six replies above are unread: wait for the bell's first count rather than its 0 while loading.
  await expect.poll(() => unreadCount(page)).toBeGreaterThanOrEqual(6);
  const before = await unreadCount(page);
  const live = 'Abbiamo risolto il problema del caricamento: riprova adesso.';
  await rpcAs('supporto', 'reply_ticket', { p_ticket_id: ticket.id, p_body: live });
  await expect(messages(page)).toHaveCount(8, { timeout: 15_000 });
  await expect(messages(page).last()).toContainText(live);
  await expect(messages(page).last()).toContainText(m.author.supporto);
  await expect(messages(page).last()).toBeInViewport();
  await expect(page.getByRole('button', { name: t.notifications.bellLabel(before + 1) })).toBeVisible({ timeout: 15_000 });

  // Her reply: Italian validation first, then it is sent and shown as hers.
  await page.getByRole('button', { name: m.send }).click();
  await expect(page.getByText(m.replyEmpty)).toBeVisible();
  const mine = 'Grazie, adesso funziona tutto!';
  await page.getByRole('textbox', { name: m.reply }).fill(mine);
  await page.getByRole('button', { name: m.send }).click();
  await expect(messages(page)).toHaveCount(9);
  await expect(messages(page).last()).toContainText(mine);
  await expect(messages(page).last()).toContainText(m.author.user);
  await expect(messages(page).last()).toBeInViewport();
  await page.waitForTimeout(300);
  await shot(page, 'ticket-thread-360');
  await expectNoSeriousA11yViolations(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.waitForTimeout(300);
  await shot(page, 'ticket-thread-1280');
  await expectNoSeriousA11yViolations(page);
  await page.setViewportSize({ width: 360, height: 780 });

  // The bell's 'ticket_reply' lands on the thread, scrolled to the newest message.
  await page.goto('/dashboard');
  await bell(page).click();
  await page.getByText(`Nuova risposta al tuo ticket "${subject}".`).first().click();
  await expect(page).toHaveURL(new RegExp(`/my-tickets/${ticket.id}$`));
  await expect(messages(page)).toHaveCount(9);
  await expect(messages(page).last()).toBeInViewport();

  // She closes it: no more reply box.
  await page.getByRole('button', { name: m.close }).click();
  await expect(page.getByText(t.tickets.status.closed, { exact: true })).toBeVisible();
  await expect(page.getByText(m.closedNotice)).toBeVisible();
  await expect(page.getByRole('button', { name: m.send })).toHaveCount(0);
  await expect(page.getByRole('button', { name: m.reopen })).toHaveCount(0);

  // 'I Miei Ticket' at 360 px: cards, whole badges, no sideways scrolling.
  await page.goto('/my-tickets');
  const card = page.getByRole('listitem').filter({ hasText: subject });
  await expect(card).toBeVisible();
  await expect(card.getByText(t.tickets.status.closed, { exact: true })).toBeVisible();
  const cut = await page.locator('.mantine-Badge-label').evaluateAll((els) =>
    els.filter((e) => e.scrollWidth > e.clientWidth + 1).map((e) => e.textContent),
  );
  expect(cut).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await shot(page, 'my-tickets-cards-360');
  await expectNoSeriousA11yViolations(page);
  await card.getByRole('link', { name: new RegExp(t.tickets.list.view) }).click();
  await expect(page).toHaveURL(new RegExp(`/my-tickets/${ticket.id}$`));

  // Another user's ticket is simply not found.
  const [others] = (await serviceRest(`tickets?select=id&user_id=eq.${DEMO.marco.id}&limit=1`)) as { id: string }[];
  await page.goto(`/my-tickets/${others!.id}`);
  await expect(page.getByText(m.notFound)).toBeVisible();
  await expect(messages(page)).toHaveCount(0);
});

test('a banned user reads why and since when on /banned and files one appeal, then sees it under review', async ({ page }) => {
  // The seeded bannato@ starts without an open appeal on every run.
  await serviceRest(`tickets?user_id=eq.${DEMO.bannato.id}&kind=eq.appeal&status=in.(open,in_progress)`, {
    method: 'PATCH',
    body: { status: 'closed' },
  });

  await signInAs(page, 'bannato');
  await expect(page).toHaveURL(/\/banned$/);
  await expect(page.getByTestId('ban-reason')).toHaveText(BAN_REASON);
  await expect(page.getByText(new RegExp(`${t.auth.banned.since} \\d{2}/\\d{2}/\\d{4} \\d{2}:\\d{2}`))).toBeVisible();
  await page.waitForTimeout(300);
  await shot(page, 'banned-reason-360');
  await expectNoSeriousA11yViolations(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.waitForTimeout(300);
  await shot(page, 'banned-reason-1280');
  await expectNoSeriousA11yViolations(page);
  await page.setViewportSize({ width: 360, height: 780 });

  const dialog = page.getByRole('dialog');
  await page.getByRole('button', { name: t.auth.banned.appeal }).click();
  await expect(dialog.getByText(t.tickets.appeal.title)).toBeVisible();
  await dialog.getByRole('button', { name: t.tickets.appeal.submit }).click();
  await expect(dialog.getByText(t.tickets.validation.messageShort)).toBeVisible();
  const appeal = 'Le foto del mio annuncio sono mie e posso dimostrarlo: chiedo di rivedere la sospensione.';
  await dialog.getByLabel(t.tickets.appeal.message).fill(appeal);
  await page.waitForTimeout(300);
  await shot(page, 'appeal-dialog-360');
  await expectNoSeriousA11yViolations(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.waitForTimeout(300);
  await shot(page, 'appeal-dialog-1280');
  await page.setViewportSize({ width: 360, height: 780 });
  await dialog.getByRole('button', { name: t.tickets.appeal.submit }).click();
  await expect(page.getByText(t.tickets.appeal.sent)).toBeVisible();
  await expect(dialog).toHaveCount(0);

  // While it is open the page says so and offers no second appeal (the database refuses one too).
  const review = page.getByTestId('appeal-open');
  await expect(review).toContainText(t.auth.banned.appealOpen);
  await expect(page.getByRole('button', { name: t.auth.banned.appeal })).toHaveCount(0);
  await page.waitForTimeout(300);
  await shot(page, 'appeal-under-review-360');
  await expectNoSeriousA11yViolations(page);

  // He reads the appeal's thread, without a reply box.
  const [filed] = (await serviceRest(`tickets?select=id&user_id=eq.${DEMO.bannato.id}&kind=eq.appeal&status=eq.open`)) as { id: string }[];
  await review.getByRole('link', { name: t.auth.banned.appealOpenLink }).click();
  await expect(page).toHaveURL(new RegExp(`/my-tickets/${filed!.id}$`));
  await expect(messages(page)).toHaveCount(1);
  await expect(messages(page).first()).toContainText(appeal);
  await expect(page.getByText(m.appeal, { exact: true })).toBeVisible();
  await expect(page.getByText(m.bannedNotice)).toBeVisible();
  await expect(page.getByRole('button', { name: m.send })).toHaveCount(0);
  // Other member pages still send him to /banned.
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/banned$/);
});
