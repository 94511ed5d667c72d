/** Search as a visitor: filters and the shared URL, the phone layout and its total, the search box and history. */
import { expect, test } from '@playwright/test';
import { t } from '../../src/lib/catalogue/index.ts';
import { SEED_IDS, expectedFor, type SeedFilter } from '../support/seed-search.ts';
import { adultDevice, seedCardIds, shot } from '../support/e2e/page.ts';
import { serviceRest } from '../support/e2e/platform.ts';

// Expectations come from the seed data (tests/support/seed-search.ts), never from the API the
// page calls. Earlier specs may have added listings: cards are compared on the seed's ids.
const ids = (ls: { id: string }[]) => ls.map((l) => l.id);

test.beforeEach(async ({ context }) => adultDevice(context));

test('search with filters returns the matching seeded listings, shareable by URL', async ({ page }) => {
  const expected = ids(expectedFor({ p_city: 'Milano', p_category: 'donne' }));
  expect(expected.length).toBeGreaterThan(0);
  await page.goto('/search');
  await page.getByRole('button', { name: t.search.filtersButton(0) }).click();
  await page.getByRole('combobox', { name: t.search.city }).fill('Milano');
  await page.getByRole('option', { name: 'Milano' }).click();
  await page.getByRole('combobox', { name: t.search.category }).click();
  await page.getByRole('option', { name: 'Donne' }).click();
  await page.getByRole('button', { name: t.search.submit, exact: true }).last().click();
  await expect(page).toHaveURL(/category=donne/);
  await expect(page).toHaveURL(/city=Milano/);
  const cards = page.getByTestId('listing-card');
  await expect(cards.first()).toBeVisible();
  await expect.poll(() => seedCardIds(page)).toEqual(expected);

  // Reloading the shared URL gives the same search; the text query narrows it (Italian stemming).
  await page.reload();
  await expect(cards.first()).toBeVisible();
  await expect.poll(() => seedCardIds(page)).toEqual(expected);
  const stemmed = ids(expectedFor({ query: { text: 'cene', words: /\bcen[ae]\b/ } }));
  await page.goto('/search?q=cene');
  expect(stemmed.length).toBeGreaterThan(20);
  // Pages of 20 (keyset), the next one when the end of the list scrolls into view.
  await expect(cards).toHaveCount(20);
  await page.getByRole('button', { name: t.search.loadMore }).scrollIntoViewIfNeeded();
  await expect.poll(() => seedCardIds(page)).toEqual(stemmed);

  // An array filter (any of) and the age range.
  const hair = ids(expectedFor({ arrays: { hair_color: ['mora', 'bionda'] }, p_age_min: 20, p_age_max: 30 }));
  expect(hair.length).toBeGreaterThan(0);
  expect(hair.length).toBeLessThanOrEqual(20);
  await page.goto('/search?hair_color=bionda,mora&age_min=20&age_max=30');
  await expect(cards.first()).toBeVisible();
  await expect.poll(() => seedCardIds(page)).toEqual(hair);

  await page.goto('/search?city=Atlantide');
  await expect(page.getByText(t.search.empty)).toBeVisible();
});

/**
 * The total a search must show: the seed's public matches (from the seed data, not the API
 * under test) plus the public listings earlier specs added, read from the table as service_role
 * (`where` is the same filter as PostgREST query parameters).
 */
async function publicTotal(f: SeedFilter, where = ''): Promise<number> {
  const added = (await serviceRest(
    `listings?select=id&is_paused=is.false&review_status=eq.approved&expires_at=gt.${new Date().toISOString()}${where}&id=not.in.(${[...SEED_IDS].join(',')})`,
  )) as unknown[];
  return expectedFor(f).length + added.length;
}

test('search on a phone: results first behind Filtri (n), a real total, Cerca goes to the results', async ({ page }) => {
  const everything = await publicTotal({});
  await page.goto('/search');
  const cards = page.getByTestId('listing-card');
  await expect(cards.first()).toBeInViewport();
  await expect(page.getByRole('combobox', { name: t.search.category })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Filtri', exact: true })).toBeVisible();
  await expect(page.getByTestId('result-count')).toHaveText(`${everything} annunci`);

  const milano = await publicTotal({ p_city: 'Milano', p_category: 'donne' }, '&city=ilike.Milano&category=eq.donne');
  await page.goto('/search?category=donne&city=Milano');
  await expect(page.getByRole('button', { name: 'Filtri (2)' })).toBeVisible();
  await expect(page.getByTestId('result-count')).toHaveText(milano === 1 ? '1 annuncio' : `${milano} annunci`);

  // The same total on a desktop.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/search');
  await expect(page.getByTestId('result-count')).toHaveText(`${everything} annunci`);
  await page.setViewportSize({ width: 360, height: 780 });

  // Filters open, chosen at the bottom of the form: 'Cerca' goes to the top of the results.
  await page.getByRole('button', { name: 'Filtri', exact: true }).click();
  await page.getByRole('combobox', { name: t.search.category }).click();
  await page.getByRole('option', { name: 'Donne' }).click();
  const apply = page.getByRole('search').getByRole('button', { name: t.search.submit, exact: true });
  await apply.scrollIntoViewIfNeeded();
  await apply.click();
  await expect(page).toHaveURL(/category=donne/);
  await expect(page.getByRole('combobox', { name: t.search.category })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Filtri (1)' })).toBeVisible();
  const donne = await publicTotal({ p_category: 'donne' }, '&category=eq.donne');
  await expect(page.getByTestId('result-count')).toHaveText(`${donne} annunci`);
  const top = (await page.getByTestId('search-results').boundingBox())!.y;
  expect(top).toBeGreaterThanOrEqual(0);
  expect(top).toBeLessThan(120);
});

test('the search box follows the URL on Back and Forward', async ({ page }) => {
  await page.goto('/search?q=cena');
  const box = page.getByRole('searchbox', { name: t.search.query });
  await expect(box).toHaveValue('cena');
  await box.fill('massaggio');
  await box.press('Enter');
  await expect(page).toHaveURL(/q=massaggio/);
  await page.goBack();
  await expect(page).toHaveURL(/q=cena/);
  await expect(box).toHaveValue('cena');
  await page.goForward();
  await expect(box).toHaveValue('massaggio');
});

test('the search box says what it searches without being cut at 360 px (issue 43)', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto('/search');
  // The app's field, once it has replaced the first paint's (which a measure could still catch
  // as it is taken away: a detached field has no style, and the room read NaN).
  await page.locator('main [aria-controls=search-filters]').waitFor();
  const box = page.locator('main input[type=search]');
  await expect(box).toHaveCount(1);
  await expect(box).toHaveAccessibleName(t.search.query);
  await expect(box).toHaveAttribute('placeholder', t.search.queryPlaceholder);
  // The placeholder's width in the field's own font, against the room inside the field.
  const { text, room } = await box.evaluate((el) => {
    const style = getComputedStyle(el);
    const ctx = document.createElement('canvas').getContext('2d')!;
    ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const input = el as HTMLInputElement;
    return { text: ctx.measureText(input.placeholder).width, room: input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) };
  });
  expect(room).toBeGreaterThan(0);
  expect(text).toBeLessThanOrEqual(room);
  await shot(page, 'search-placeholder-360');
});
