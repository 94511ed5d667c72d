/**
 * 'Pannello Controllo' at 360 px and 1280 px: supporto reads the figures, answers a ticket and
 * sets its status, sees a visitor's report arrive live with its Italian reason and removes the
 * listing (the owner is told why); admin reads every one of those actions in the Registro;
 * supporto never sees the Registro.
 */
import { expect, test, type Page } from '@playwright/test';
import { t } from '../../src/lib/catalogue/screens.ts';
import { adultDevice, expectNoSeriousA11yViolations, shot, signInAs } from '../support/e2e/page.ts';
import { accessToken, API, DEMO, keys, makeAccount, serviceRest } from '../support/e2e/platform.ts';

const a = t.admin;

test.beforeEach(async ({ context }) => adultDevice(context));

/** A fresh account signed in through the auth API: its id and access token. */
async function member(prefix: string): Promise<{ id: string; email: string; token: string }> {
  const account = await makeAccount(prefix);
  return { id: account.id, email: account.email, token: await accessToken(account) };
}

/** A REST or RPC call as a signed-in user. */
async function asUser<T>(token: string, path: string, body: unknown): Promise<T> {
  const { anon } = await keys();
  const res = await fetch(`${API}/rest/v1/${path}`, {
    method: 'POST',
    headers: { apikey: anon, authorization: `Bearer ${token}`, 'content-type': 'application/json', prefer: 'return=representation' },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${path}: ${res.status} ${text}`);
  return JSON.parse(text) as T;
}

async function openSection(page: Page, name: string) {
  await page.getByRole('tab', { name }).click();
  await expect(page.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
}

async function look(page: Page, name: string) {
  await page.waitForTimeout(300);
  await shot(page, name, { fullPage: true });
  await expectNoSeriousA11yViolations(page);
}

for (const width of [360, 1280]) {
  test(`supporto runs the panel at ${width} px: figures, a ticket answered, a report handled; admin reads the Registro`, async ({ page, browser }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: width === 360 ? 780 : 900 });
    const suffix = `${width}`;

    // What the staff will act on: a user's ticket and a listing of another user.
    const user = await member('ticketuser');
    const subject = `Aiuto con i crediti ${Date.now()}`;
    const ticket = await asUser<{ id: string }>(user.token, 'rpc/create_ticket', {
      p_sender_email: user.email,
      p_message: 'Ho comprato crediti ma il saldo non è cambiato.',
      p_subject: subject,
    });
    const owner = await member('owner');
    await serviceRest(`profiles?id=eq.${owner.id}`, { method: 'PATCH', body: { credits: 20 } });
    const title = `Annuncio da verificare ${Date.now().toString(36)}`;
    const listing = await asUser<{ id: string }>(owner.token, 'rpc/create_listing', {
      p_title: title,
      p_category: 'donne',
      p_city: 'Bologna',
      p_age: 30,
      p_description: 'Descrizione abbastanza lunga per essere pubblicata sul portale.',
    });
    // A new advertiser's first listing waits for review (issue 26): approved as staff would, so it is public.
    await serviceRest(`listings?id=eq.${listing.id}`, { method: 'PATCH', body: { review_status: 'approved' } });

    // Panoramica: supporto sees the shared sections only.
    await signInAs(page, 'supporto');
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: a.title })).toBeVisible();
    for (const name of [a.sections.overview, a.sections.tickets, a.sections.reports]) await expect(page.getByRole('tab', { name })).toBeVisible();
    await expect(page.getByRole('tab', { name: a.sections.auditLog })).toHaveCount(0);
    await expect(page.getByText(a.overview.figures.open_tickets, { exact: true })).toBeVisible();
    await expect(page.getByRole('img', { name: a.overview.chartLabel(a.overview.figures.revenue_cents) })).toBeVisible();
    await look(page, `admin-panoramica-${suffix}`);

    // Asking for the Registro by address opens Panoramica instead.
    await page.goto('/admin?sezione=registro');
    await expect(page.getByRole('tab', { name: a.sections.overview })).toHaveAttribute('aria-selected', 'true');

    // Ticket: the inbox, the thread, a reply and a status.
    await openSection(page, a.sections.tickets);
    await page.getByRole('button', { name: `${a.tickets.open}: ${subject}` }).click();
    await expect(page.getByRole('heading', { name: subject })).toBeVisible();
    await expect(page.getByText('Ho comprato crediti ma il saldo non è cambiato.')).toBeVisible();
    await page.getByLabel(a.tickets.reply).fill('Abbiamo accreditato i crediti mancanti.');
    await page.getByRole('button', { name: a.tickets.send }).click();
    await expect(page.getByText('Abbiamo accreditato i crediti mancanti.')).toBeVisible();
    await page.getByRole('combobox', { name: a.tickets.setStatus }).click();
    await page.getByRole('option', { name: t.tickets.status.resolved }).click();
    await expect(page.getByText(a.tickets.statusChanged(t.tickets.status.resolved))).toBeVisible();
    await look(page, `admin-ticket-thread-${suffix}`);
    const [row] = (await serviceRest(`tickets?id=eq.${ticket.id}&select=status,last_replied_by`)) as { status: string; last_replied_by: string }[];
    expect(row).toEqual({ status: 'resolved', last_replied_by: 'supporto' });
    await page.getByRole('button', { name: a.tickets.back }).click();
    await expect(page.getByRole('combobox', { name: a.tickets.filter })).toBeVisible();
    await look(page, `admin-ticket-inbox-${suffix}`);

    // Segnalazioni: a visitor's report arrives live, with its reason in Italian.
    await openSection(page, a.sections.reports);
    await expect(page.getByText(a.reports.loadFailed)).toHaveCount(0);
    const reporter = await member('reporter');
    await asUser(reporter.token, 'listing_reports', { listing_id: listing.id, reporter_id: reporter.id, reason: 'foto-false', details: 'Le foto non sono sue.' });
    const card = page.getByRole('article').filter({ has: page.getByRole('link', { name: title }) });
    await expect(card).toBeVisible({ timeout: 15_000 });
    await expect(card.getByText(t.listings.report.reasons['foto-false'])).toBeVisible();
    await expect(card.getByText(reporter.email, { exact: false })).toBeVisible();
    await expect(page.getByText('foto-false')).toHaveCount(0);
    await look(page, `admin-segnalazioni-${suffix}`);

    // Removing the listing tells its owner why.
    await card.getByRole('button', { name: a.reports.remove }).click();
    const dialog = page.getByRole('dialog', { name: a.reports.removeTitle });
    await dialog.getByLabel(a.reports.removeReason).fill('Foto non corrispondenti alla persona');
    await shot(page, `admin-segnalazioni-rimuovi-${suffix}`);
    await dialog.getByRole('button', { name: a.reports.confirmRemove }).click();
    await expect(page.getByText(a.reports.removed)).toBeVisible();
    await expect(card).toHaveCount(0);
    const notes = (await serviceRest(`admin_notifications?user_id=eq.${owner.id}&type=eq.listing_removed&select=message`)) as { message: string }[];
    expect(notes).toEqual([{ message: `Il tuo annuncio "${title}" è stato rimosso dallo staff: Foto non corrispondenti alla persona.` }]);

    // Registro: the admin reads each action with who and why.
    const adminContext = await browser.newContext({ viewport: { width, height: width === 360 ? 780 : 900 }, locale: 'it-IT', timezoneId: 'Europe/Rome' });
    const adminPage = await adminContext.newPage();
    await adultDevice(adminPage);
    await signInAs(adminPage, 'admin');
    await adminPage.goto('/admin?sezione=registro');
    await expect(adminPage.getByRole('tab', { name: a.sections.auditLog })).toHaveAttribute('aria-selected', 'true');
    const entry = (label: string, action: string) =>
      adminPage.getByRole('listitem').filter({ hasText: label }).filter({ hasText: action }).first();
    await expect(entry(title, a.audit.actions.listing_removed)).toContainText('Foto non corrispondenti alla persona');
    await expect(entry(title, a.audit.actions.listing_removed)).toContainText(DEMO.supporto.email);
    await expect(entry(subject, a.audit.actions.ticket_replied)).toBeVisible();
    // In the words the tickets use, never the stored codes.
    const statusRow = entry(subject, a.audit.actions.ticket_status_changed);
    await expect(statusRow).toContainText(`${a.audit.fields.status}: ${t.tickets.status.in_progress} → ${t.tickets.status.resolved}`);
    await expect(statusRow).not.toContainText('in_progress');
    await look(adminPage, `admin-registro-${suffix}`);

    // Filtered by action, only removals remain.
    await adminPage.getByRole('combobox', { name: a.audit.filterAction }).click();
    await adminPage.getByRole('option', { name: a.audit.actions.listing_removed }).click();
    await expect(adminPage.getByRole('listitem').filter({ hasText: a.audit.actions.ticket_replied })).toHaveCount(0);
    await expect(entry(title, a.audit.actions.listing_removed)).toBeVisible();
    await adminContext.close();
  });
}
