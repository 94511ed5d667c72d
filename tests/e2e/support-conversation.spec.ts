/**
 * Support as one conversation between two people at once: giulia (360 px) writes through the
 * support dialog; supporto answers in the panel (1280 px); giulia's open thread and bell
 * change without a reload and a web push reaches her subscription; her answer puts the ticket
 * back among the staff's 'Da gestire'; supporto resolves it and she is told, in the app and
 * by push.
 */
import { expect, test, type Page } from '@playwright/test';
import { t } from '../../src/lib/catalogue/screens.ts';
import { adultDevice, expectNoSeriousA11yViolations, shot, signInAs } from '../support/e2e/page.ts';
import { DEMO, serviceRest } from '../support/e2e/platform.ts';
import { startPushService, subscribePush, type FakePushService } from '../support/e2e/push.ts';

const a = t.admin.tickets;
const th = t.tickets.thread;
const bell = (page: Page) => page.getByRole('button', { name: /^Notifiche, \d+ non lett[ae]$/ });
const messages = (page: Page) => page.getByTestId('ticket-message');

async function unreadCount(page: Page): Promise<number> {
  return Number(/(\d+)/.exec((await bell(page).getAttribute('aria-label')) ?? '')?.[1] ?? NaN);
}

let push: FakePushService;
test.beforeAll(async () => {
  push = await startPushService();
});
test.afterAll(async () => push.close());

test('giulia writes, supporto answers in the panel, live thread and bell, a web push; her reply is back in the staff inbox; resolved is notified', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await adultDevice(page);
  const device = await subscribePush(push, DEMO.giulia.id);
  try {
    // giulia opens a ticket through the support dialog.
    await signInAs(page, 'giulia');
    await page.getByRole('button', { name: t.frame.footer.support }).click();
    const dialog = page.getByRole('dialog', { name: t.tickets.dialog.title });
    const first = `Il mio annuncio non compare nella ricerca di Torino (e2e ${Date.now()}).`;
    await dialog.getByLabel(t.tickets.dialog.message, { exact: false }).fill(first);
    await dialog.getByRole('button', { name: t.tickets.dialog.submit }).click();
    await expect(page.getByText(t.tickets.toasts.sent)).toBeVisible();
    const [message] = (await serviceRest(`ticket_messages?body=eq.${encodeURIComponent(first)}&select=ticket_id`)) as { ticket_id: string }[];
    const ticketId = message!.ticket_id;
    await page.goto(`/my-tickets/${ticketId}`);
    await expect(messages(page)).toHaveCount(1);
    await expect(bell(page)).toBeVisible();
    const unread = await unreadCount(page);

    // supporto answers in the panel, on a desktop.
    const staff = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'it-IT', timezoneId: 'Europe/Rome' });
    const panel = await staff.newPage();
    await adultDevice(panel);
    await signInAs(panel, 'supporto');
    await panel.goto(`/admin?sezione=ticket&ticket=${ticketId}`);
    await expect(panel.getByText(first)).toBeVisible();
    const answer = 'Abbiamo verificato: il tuo annuncio ora compare anche nelle ricerche di Torino.';
    await panel.getByLabel(a.reply).fill(answer);
    await panel.getByRole('button', { name: a.send }).click();
    await expect(panel.getByText(a.sent)).toBeVisible();

    // giulia's open thread and bell change by themselves; the push reaches her subscription.
    await expect(messages(page)).toHaveCount(2, { timeout: 15_000 });
    await expect(messages(page).last()).toContainText(answer);
    await expect(messages(page).last()).toContainText(th.author.supporto);
    await expect(page.getByRole('button', { name: t.notifications.bellLabel(unread + 1) })).toBeVisible({ timeout: 15_000 });
    await expect.poll(() => device.messages().length, { timeout: 15_000 }).toBe(1);
    expect(device.messages()[0]).toMatchObject({ title: 'Nuova risposta al tuo ticket', url: `/my-tickets/${ticketId}` });

    // Her answer puts the ticket back among the staff's open tickets, live.
    await panel.getByRole('button', { name: a.back }).click();
    await panel.getByRole('combobox', { name: a.filter }).click();
    await panel.getByRole('option', { name: a.active }).click();
    const row = panel.getByRole('listitem').filter({ hasText: `#${ticketId.slice(0, 8)}` });
    await expect(row).toContainText(t.tickets.status.in_progress);
    await page.getByRole('textbox', { name: th.reply }).fill('Perfetto, ora lo vedo. Grazie!');
    await page.getByRole('button', { name: th.send }).click();
    await expect(messages(page)).toHaveCount(3);
    await expect(row).toContainText(t.tickets.lastRepliedBy.user, { timeout: 15_000 });
    await shot(panel, 'support-conversation-inbox-1280');
    await expectNoSeriousA11yViolations(panel);

    // supporto resolves it: giulia is told in the bell and by push.
    await row.getByRole('button').click();
    await panel.getByRole('combobox', { name: a.setStatus }).click();
    await panel.getByRole('option', { name: t.tickets.status.resolved }).click();
    await expect(panel.getByText(a.statusChanged(t.tickets.status.resolved))).toBeVisible();
    await expect(page.getByText(t.tickets.status.resolved, { exact: true })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('button', { name: t.notifications.bellLabel(unread + 2) })).toBeVisible({ timeout: 15_000 });
    const notes = (await serviceRest(`admin_notifications?user_id=eq.${DEMO.giulia.id}&entity_id=eq.${ticketId}&select=type&order=created_at`)) as { type: string }[];
    expect(notes.map((n) => n.type)).toEqual(['ticket_reply', 'ticket_resolved']);
    await expect.poll(() => device.messages().length, { timeout: 15_000 }).toBe(2);
    expect(device.messages()[1]).toMatchObject({ title: 'Ticket risolto', url: `/my-tickets/${ticketId}` });
    await staff.close();
  } finally {
    await device.unsubscribe();
  }
});
