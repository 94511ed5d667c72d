/** The local FlexPay sandbox's hosted page at 360 px: readable, accessible, and 'Paga' back to the app with the order paid. */
import { expect, test } from '@playwright/test';
import { adultDevice, expectNoSeriousA11yViolations, shot, signIn } from '../support/e2e/page.ts';
import { accessToken, API, makeAccount, serviceRest } from '../support/e2e/platform.ts';

test('the sandbox page shows the order in Italian and Paga returns to the result screen with the order paid', async ({ page, baseURL }) => {
  const who = await makeAccount('pay');
  // The buyer is signed in in this browser, as in the app: the result screen is for signed-in users
  // (signed out, it sends them to sign in first, which raced with the URL check).
  await adultDevice(page);
  await signIn(page, who);
  const [pkg] = (await serviceRest('credit_packages?name=eq.Starter&select=id')) as { id: string }[];
  const res = await fetch(`${API}/functions/v1/create-purchase`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await accessToken(who)}`, 'content-type': 'application/json' },
    body: JSON.stringify({ packageId: pkg!.id }),
  });
  const { orderId, url } = (await res.json()) as { orderId: string; url: string };
  expect(res.status).toBe(200);

  await page.goto(url);
  await expect(page.getByRole('heading', { name: 'Conferma il pagamento' })).toBeVisible();
  await expect(page.getByText('50 crediti - pacchetto Starter')).toBeVisible();
  await expect(page.getByText(/9,90\s€/)).toBeVisible();
  for (const name of ['Paga', 'Rifiuta', 'Errore']) await expect(page.getByRole('button', { name, exact: true })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectNoSeriousA11yViolations(page);
  await shot(page, 'payments-sandbox', { fullPage: true });

  await page.getByRole('button', { name: 'Paga', exact: true }).click();
  await expect(page).toHaveURL(`${baseURL}/buy-credits/esito?order=${orderId}`);
  const [order] = (await serviceRest(`payments?id=eq.${orderId}&select=status`)) as { status: string }[];
  expect(order!.status).toBe('completed');
  const [profile] = (await serviceRest(`profiles?id=eq.${who.id}&select=credits`)) as { credits: number }[];
  expect(profile!.credits).toBe(50);
});
