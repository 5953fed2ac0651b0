// Site edit in Chromium: the featured site's dashboard menu opens its edit screen; a source is added by clicking the
// map (saved at once), nudged with an arrow key and saved, deleted and restored through Show Deleted; a box structure
// is dragged out on the map and duplicated; Escape cancels a drawing; a KMZ ground overlay becomes a basemap.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { sourceEditSchema } from '@/contracts/site-edit';
import { SITE_EDIT_CONFIRMATIONS, SITE_EDIT_TOASTS } from '@/domain/site-edit';
import { browserSuite, expectAccessible, findFeaturedSite, newPage, signIn, SHOTS } from './harness';

const KMZ = 'tests/fixtures/real-world/kmz/giscore_etna_groundoverlay.kmz';

const toast = (page: Page, text: string) =>
  page.getByRole('status').getByText(text, { exact: true }).first().waitFor({ timeout: 15_000 });

describe('site edit in the browser', () => {
  const suite = browserSuite();

  it('adds, nudges, deletes and restores a source, draws and duplicates a structure, and uploads a basemap', async () => {
    const origin = suite.server().origin;
    const { siteName, siteId, organizationId } = await findFeaturedSite(suite);
    const context = await suite.browser().newContext({ viewport: { width: 1500, height: 1000 } });
    const { page, problems } = await newPage(context);
    await signIn(page, origin, 'org.admin@example.com', `/site/${siteId}?organizationId=${organizationId}`);
    await page.getByRole('heading', { name: `${siteName} Dashboard` }).waitFor({ timeout: 30_000 });

    // The dashboard's menu opens the edit screen.
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('menuitem', { name: 'Edit Site Layout' }).click();
    await page.waitForURL(/\/site\/\d+\/edit/);
    await page.getByRole('heading', { name: `${siteName} Edit` }).waitFor({ timeout: 20_000 });
    expect(await page.getByRole('link', { name: `← Back to ${siteName} dashboard` }).getAttribute('href')).toMatch(
      /^\/site\/\d+$/,
    );
    const map = page.getByRole('region', { name: `Map of ${siteName}` });
    await map.locator('canvas').first().waitFor();
    const box = (await map.boundingBox())!;
    const cx = box.x + box.width / 2;
    const cy = box.y + box.height / 2;

    // Sources: a new source gets a generated name and point drawing; the click saves it.
    await page.getByRole('tab', { name: 'Sources' }).click();
    expect(page.url()).toContain('tab=Sources');
    const sources = page.getByRole('list', { name: 'Sources' });
    await sources.waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Add Source' }).click();
    await page.getByText('Click the map to place the point.').waitFor();
    const nameField = page.getByRole('form', { name: 'New source' }).getByLabel('Name');
    const name = await nameField.inputValue();
    expect(name).toMatch(/^Source \d+$/);
    // While a tab has unsaved changes the other tabs stay closed.
    expect(await page.getByRole('tab', { name: 'Structures' }).isDisabled()).toBe(true);
    const added = page.waitForResponse(
      (r) => r.url().includes('/api/source/sourceEdit') && r.request().method() === 'POST',
    );
    await page.mouse.click(cx - 80, cy + 60);
    const first = sourceEditSchema.parse(await (await added).json());
    await toast(page, SITE_EDIT_TOASTS.sourceAdded);
    expect(first.name).toBe(name);
    const form = page.getByRole('form', { name: `Edit source ${name}` });
    await form.waitFor();
    expect(await page.getByRole('tab', { name: 'Structures' }).isDisabled()).toBe(false);

    // An arrow key nudges it 0.5 m north; saving sends the new place.
    await form.getByRole('heading', { name: 'Edit Source' }).click();
    await page.keyboard.press('ArrowUp');
    const edited = page.waitForResponse(
      (r) => r.url().includes('/api/source/sourceEdit') && r.request().method() === 'POST',
    );
    await form.getByRole('button', { name: 'Save' }).click();
    const moved = sourceEditSchema.parse(await (await edited).json());
    await toast(page, SITE_EDIT_TOASTS.sourceEdited);
    const [lat0] = first.locationLatLng.split(',').map(Number);
    const [lat1] = moved.locationLatLng.split(',').map(Number);
    // 0.5 m north, give or take the 6 stored decimals (about 0.1 m).
    const north = (lat1! - lat0!) * 111_320;
    expect(north).toBeGreaterThan(0.35);
    expect(north).toBeLessThan(0.65);
    await page.screenshot({ path: `${SHOTS}/site-edit-sources.png` });

    // Delete, then Show Deleted lists it struck through with Restore.
    await form.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete source' });
    await confirm.getByText(SITE_EDIT_CONFIRMATIONS.deleteSource).waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await toast(page, SITE_EDIT_TOASTS.sourceDeleted);
    await expect.poll(() => sources.getByRole('button', { name: new RegExp(`^${name}(?!\\d)`) }).count()).toBe(0);
    await page.getByLabel('Show Deleted').check();
    const struck = sources.getByRole('button', { name: new RegExp(`^${name}(?!\\d)`) });
    await struck.waitFor();
    expect(await struck.getAttribute('class')).toContain('line-through');
    await sources.getByRole('button', { name: `Restore ${name}` }).click();
    await toast(page, SITE_EDIT_TOASTS.sourceRestored);
    await expect.poll(async () => (await struck.getAttribute('class')) ?? '').not.toContain('line-through');

    // Structures: a new one starts drawing a box; dragging on the map gives its footprint.
    await page.getByRole('tab', { name: 'Structures' }).click();
    await page.getByRole('button', { name: 'Add Structure' }).click();
    await page.getByText(/Drag from one corner to the other/).waitFor();
    await page.mouse.move(cx + 40, cy - 40);
    await page.mouse.down();
    await page.mouse.move(cx + 80, cy - 10, { steps: 4 });
    await page.mouse.move(cx + 120, cy + 20, { steps: 4 });
    await page.mouse.up();
    const newStructure = page.getByRole('form', { name: 'New structure' });
    await expect.poll(() => newStructure.getByLabel('X (m)').inputValue()).not.toBe('');
    expect(Number(await newStructure.getByLabel('X (m)').inputValue())).toBeGreaterThan(0);
    expect(Number(await newStructure.getByLabel('Y (m)').inputValue())).toBeGreaterThan(0);
    const structureName = await newStructure.getByLabel('Name').inputValue();
    await newStructure.getByLabel('Z (m)').fill('4');
    await newStructure.getByRole('button', { name: 'Save' }).click();
    await toast(page, SITE_EDIT_TOASTS.structureAdded);
    const saved = page.getByRole('form', { name: `Edit structure ${structureName}` });
    await saved.getByRole('button', { name: 'Duplicate' }).click();
    const copy = page.getByRole('form', { name: 'New structure' });
    expect(await copy.getByLabel('Name').inputValue()).toBe(`${structureName} - copy`);
    await copy.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('form', { name: `Edit structure ${structureName} - copy` }).waitFor();
    const structures = page.getByRole('list', { name: 'Structures' });
    await structures.getByRole('button', { name: new RegExp(`^${structureName} - copy`) }).waitFor();
    await page.screenshot({ path: `${SHOTS}/site-edit-structures.png` });

    // Escape cancels a drawing (and drops the new structure).
    await page
      .getByRole('form', { name: `Edit structure ${structureName} - copy` })
      .getByRole('button', { name: 'Close' })
      .click();
    await page.getByRole('button', { name: 'Add Structure' }).click();
    await page.getByText(/Drag from one corner to the other/).waitFor();
    await page.keyboard.press('Escape');
    await page.getByText(/Drag from one corner to the other/).waitFor({ state: 'detached' });
    expect(await page.getByRole('form', { name: 'New structure' }).count()).toBe(0);

    // Basemaps: a KMZ ground overlay is read in the worker, which fills the corners; the upload lists it.
    await page.getByRole('tab', { name: 'Basemaps' }).click();
    await page.getByRole('button', { name: 'Add Basemap' }).click();
    const newBasemap = page.getByRole('form', { name: 'New basemap' });
    await newBasemap.getByLabel('Image').setInputFiles(KMZ);
    await expect
      .poll(() => newBasemap.getByLabel('Northeast Corner').inputValue(), { timeout: 20_000 })
      .toMatch(/^-?\d+\.\d{5},-?\d+\.\d{5}$/);
    expect(await newBasemap.getByLabel('Southwest Corner').inputValue()).toMatch(/^-?\d+\.\d{5},-?\d+\.\d{5}$/);
    await newBasemap.getByLabel('Name').fill('Etna overlay');
    const imageServed = page.waitForResponse((r) => r.url().includes('/api/basemap/basemapImage/') && r.ok(), {
      timeout: 20_000,
    });
    await newBasemap.getByRole('button', { name: 'Save' }).click();
    await toast(page, SITE_EDIT_TOASTS.basemapAdded);
    await page
      .getByRole('list', { name: 'Basemaps' })
      .getByRole('button', { name: 'Etna overlay', exact: true })
      .waitFor();
    await imageServed;
    await page.screenshot({ path: `${SHOTS}/site-edit-basemaps.png` });

    await expectAccessible(page);
    expect(problems).toEqual([]);
    await context.close();
  }, 180_000);
});
