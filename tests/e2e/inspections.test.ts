// Inspections in Chromium: the overview's event log switches to its Inspections tab by keyboard; a Survey inspection is
// added through Add Inspection, listed with its toast, edited and deleted; Create Inspections loads a real aerial KMZ in
// the worker, completes the draft and creates it; a viewer sees inspections read-only.
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { INSPECTION_MESSAGES } from '@/domain/inspection';
import { browserSuite, expectAccessible, newPage, signIn, SHOTS } from './harness';

const KMZ = 'tests/fixtures/real-world/kmz/giscore_etna_groundoverlay.kmz';
const pad = (n: number) => String(n).padStart(2, '0');
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A wall time some days back with an unusual minute, as typed, and how the list shows it (12- or 24-hour). */
function typedTime(daysBack: number, hour: number, minute: number) {
  const d = new Date(Date.now() - daysBack * 86_400_000);
  const typed = `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}T${pad(hour)}:${pad(minute)}`;
  const shown = new RegExp(
    `${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}, ${d.getUTCFullYear()}, 0?${hour % 12 || 12}:${pad(minute)}|${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}, ${d.getUTCFullYear()}, ${pad(hour)}:${pad(minute)}`,
  );
  return { typed, shown };
}

async function openInspectionsTab(page: Page): Promise<Locator> {
  const alarmsTab = page.getByRole('tab', { name: 'Alarms' });
  await alarmsTab.focus();
  await page.keyboard.press('ArrowRight');
  const tab = page.getByRole('tab', { name: 'Inspections' });
  expect(await tab.getAttribute('aria-selected')).toBe('true');
  expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Inspections');
  const list = page.getByRole('list', { name: 'Inspections' });
  await list.waitFor({ timeout: 20_000 });
  return list;
}

describe('inspections in the browser', () => {
  const suite = browserSuite();
  const origin = () => suite.server().origin;

  it('adds, lists, edits and deletes a Survey inspection from the overview, and creates one from an aerial KMZ', async () => {
    const context = await suite.browser().newContext({ viewport: { width: 1500, height: 1100 } });
    const { page, problems } = await newPage(context);
    await signIn(page, origin(), 'org.admin@example.com', '/');
    await page.waitForURL(/\/overview\?organizationId=\d+/);
    const list = await openInspectionsTab(page);
    // The demo's inspections are listed, newest first.
    expect(await list.getByRole('button').count()).toBeGreaterThan(0);
    await page.getByRole('region', { name: 'Event Log' }).screenshot({ path: `${SHOTS}/inspections-tab.png` });

    // Add a Survey inspection.
    await page.getByRole('button', { name: 'Add Inspection' }).click();
    const add = page.getByRole('dialog', { name: 'Add Inspection' });
    await add.getByLabel('Site', { exact: true }).waitFor();
    expect(await add.getByLabel('Type', { exact: true }).inputValue()).toBe('2');
    // A site with emission sources, so the source and coordinate couplings can be seen.
    const siteSelect = add.getByLabel('Site', { exact: true });
    const sourceSelect = add.getByLabel('Source');
    const siteCount = await siteSelect.locator('option').count();
    for (let i = 1; i < siteCount; i++) {
      await siteSelect.selectOption({ index: i });
      if ((await sourceSelect.locator('option').count()) > 1) break;
    }
    const siteName = (await siteSelect.locator('option:checked').textContent())!;
    expect(await sourceSelect.locator('option').count()).toBeGreaterThan(1);
    const when = typedTime(9, 3, 17);
    await add.getByLabel('Inspection Date').fill(when.typed);
    // Detection off: the detection fields are disabled. Saving without a survey type shows the rule's message.
    expect(await add.getByLabel('Emission Rate (kg/h)').isDisabled()).toBe(true);
    await add.getByRole('button', { name: 'Save' }).click();
    await add.getByText(INSPECTION_MESSAGES.surveyTypeRequired).waitFor();
    await add.getByLabel('Survey Type').selectOption({ label: 'AVO' });
    await add.getByLabel('Detection Found').check();
    await add.getByLabel('Emission Rate (kg/h)').fill('3.25');
    await add.getByRole('button', { name: 'Save' }).click();
    await add.getByText(INSPECTION_MESSAGES.locationRequired).waitFor();
    // A source clears the coordinates, coordinates clear the source, and another site clears the source.
    await add.getByLabel('Location (lat,lng)').fill('31.90012,-102.10034');
    await sourceSelect.selectOption({ index: 1 });
    expect(await add.getByLabel('Location (lat,lng)').inputValue()).toBe('');
    await add.getByLabel('Location (lat,lng)').fill('31.90012,-102.10034');
    expect(await sourceSelect.inputValue()).toBe('');
    await sourceSelect.selectOption({ index: 1 });
    const otherSite =
      (await siteSelect.inputValue()) === (await siteSelect.locator('option').nth(1).getAttribute('value')) ? 2 : 1;
    const chosenSite = await siteSelect.inputValue();
    await siteSelect.selectOption({ index: otherSite });
    expect(await sourceSelect.inputValue()).toBe('');
    await siteSelect.selectOption(chosenSite);
    await add.getByLabel('Location (lat,lng)').fill('31.90012,-102.10034');
    await add.getByLabel('Description').fill('Walked the pad with the AVO kit.');
    await expectAccessible(page);
    await add.screenshot({ path: `${SHOTS}/inspection-add.png` });
    await add.getByRole('button', { name: 'Save' }).click();
    await page.getByText(INSPECTION_MESSAGES.added).waitFor();
    await add.waitFor({ state: 'detached' });
    const row = list.getByRole('button').filter({ hasText: siteName }).filter({ hasText: when.shown });
    await row.waitFor();
    expect(await row.textContent()).toContain('AVO');
    expect(await row.textContent()).toContain('Detection');

    // Edit it: no detection any more.
    await row.click();
    const edit = page.getByRole('dialog', { name: 'Edit Inspection' });
    await edit.getByLabel('Description').waitFor();
    expect(await edit.getByLabel('Description').inputValue()).toBe('Walked the pad with the AVO kit.');
    expect(await edit.getByLabel('Emission Rate (kg/h)').inputValue()).toBe('3.25');
    await edit.getByLabel('Detection Found').uncheck();
    expect(await edit.getByLabel('Emission Rate (kg/h)').inputValue()).toBe('');
    expect(await edit.getByLabel('Location (lat,lng)').inputValue()).toBe('');
    await edit.getByRole('button', { name: 'Save' }).click();
    await page.getByText(INSPECTION_MESSAGES.edited).waitFor();
    await edit.waitFor({ state: 'detached' });
    await row.filter({ hasText: 'No detection' }).waitFor();

    // Delete it, after the confirmation.
    await row.click();
    await edit.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Inspection' });
    await confirm.getByText(INSPECTION_MESSAGES.deleteConfirm).waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByText(INSPECTION_MESSAGES.deleted).waitFor();
    await row.waitFor({ state: 'detached' });

    // Create Inspections from a real aerial KMZ read in the worker.
    await page.getByRole('button', { name: 'Create Inspections' }).click();
    const create = page.getByRole('dialog', { name: 'Create Inspections' });
    await create.getByText('No inspections yet').waitFor();
    await create.getByRole('button', { name: 'Load Aerial KMZ' }).click();
    const load = page.getByRole('dialog', { name: 'Load Aerial KMZ' });
    await load.getByRole('button', { name: 'Load' }).click();
    await load.getByText('A file is required').waitFor();
    await load.getByLabel('KMZ file').setInputFiles(KMZ);
    expect(await load.getByRole('button', { name: 'Cancel' }).count()).toBe(1);
    await load.getByRole('button', { name: 'Load' }).click();
    await load.getByText('1 inspection(s) loaded').waitFor({ timeout: 30_000 });
    // Once loaded, Cancel becomes Close.
    expect(await load.getByRole('button', { name: 'Cancel' }).count()).toBe(0);
    await load.getByRole('button', { name: 'Close' }).click();
    await load.waitFor({ state: 'detached' });
    const problemsOf = create.getByRole('list', { name: 'Problems of giscore_etna_groundoverlay.kmz' });
    await problemsOf.getByText('Site: Site is required').waitFor();
    await problemsOf.getByText('Inspection Date: Inspection Date is required').waitFor();
    await create.getByText(INSPECTION_MESSAGES.someInvalid).waitFor();
    expect(await create.getByRole('button', { name: 'Create 1' }).isDisabled()).toBe(true);
    await create.screenshot({ path: `${SHOTS}/inspections-create-invalid.png` });

    // Complete the draft in the same form: its image, corners and description came from the file.
    await create.getByRole('button', { name: 'Edit giscore_etna_groundoverlay.kmz' }).click();
    const draft = page.getByRole('dialog', { name: 'Edit Inspection' });
    await draft.getByRole('img', { name: 'Inspection image' }).waitFor();
    expect(await draft.getByLabel('Type', { exact: true }).inputValue()).toBe('1');
    expect(await draft.getByLabel('Detection Found').isChecked()).toBe(true);
    expect(await draft.getByLabel('Description').inputValue()).toContain('Etna');
    expect(await draft.getByLabel('North-East Corner (lat,lng)').inputValue()).toMatch(/^37\.9/);
    await draft.getByLabel('Site', { exact: true }).selectOption({ index: 2 });
    const aerialWhen = typedTime(5, 14, 41);
    await draft.getByLabel('Inspection Date').fill(aerialWhen.typed);
    await draft.getByLabel('Emission Rate (kg/h)').fill('12');
    await draft.screenshot({ path: `${SHOTS}/inspection-draft.png` });
    await draft.getByRole('button', { name: 'Update' }).click();
    await draft.waitFor({ state: 'detached' });
    await create.getByText('Valid', { exact: true }).waitFor();
    expect(await create.getByText(INSPECTION_MESSAGES.someInvalid).count()).toBe(0);
    await expectAccessible(page);
    // The server's refusals (a 400 keyed inspections[n].field marks the draft) are covered by the integration and
    // unit tests: this journey talks to the real server only.
    await create.getByRole('button', { name: 'Create 1' }).click();
    await page.getByText(INSPECTION_MESSAGES.created(1)).waitFor();
    await create.waitFor({ state: 'detached' });
    const aerialRow = list.getByRole('button').filter({ hasText: aerialWhen.shown }).filter({ hasText: 'Aerial' });
    await aerialRow.waitFor();
    expect(await aerialRow.textContent()).toContain('Image');
    // Its image is served back.
    await aerialRow.click();
    await page
      .getByRole('dialog', { name: 'Edit Inspection' })
      .getByRole('img', { name: 'Inspection image' })
      .waitFor();
    await page.keyboard.press('Escape');
    await expectAccessible(page);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('shows a viewer the inspections read-only', async () => {
    const context = await suite.browser().newContext({ viewport: { width: 1400, height: 1000 } });
    const { page, problems } = await newPage(context);
    await signIn(page, origin(), 'viewer@example.com', '/');
    await page.waitForURL(/\/overview\?organizationId=\d+/);
    const list = await openInspectionsTab(page);
    expect(await page.getByRole('button', { name: 'Add Inspection' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Create Inspections' }).count()).toBe(0);
    await list.getByRole('button').first().click();
    const view = page.getByRole('dialog', { name: 'Inspection' });
    await view.getByLabel('Description').waitFor();
    expect(await view.getByLabel('Description').isDisabled()).toBe(true);
    expect(await view.getByRole('button', { name: 'Save' }).count()).toBe(0);
    expect(await view.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    await view.getByRole('button', { name: 'Close' }).click();
    await view.waitFor({ state: 'detached' });
    await expectAccessible(page);
    expect(problems).toEqual([]);
    await context.close();
  });
});
