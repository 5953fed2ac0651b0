// The deployment plan in Chromium: the featured site's edit screen opens on its Deployment Plan tab with the seeded
// plan; a placement line is drawn on the map, Preview proposes devices with scores and an unsaved revision, Save
// shows the toast, and Export PDF downloads 'Deployment Plan for {organization}-{site}-{modelRunAt}.pdf'.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEPLOYMENT_PLAN_SAVED } from '@/domain/deployment-plan';
import { browserSuite, expectAccessible, findFeaturedSite, newPage, signIn, SHOTS } from './harness';

describe('deployment plan in the browser', () => {
  const suite = browserSuite();

  it('previews, saves and exports the featured site’s plan', async () => {
    const origin = suite.server().origin;
    const { siteName, siteId, organizationId } = await findFeaturedSite(suite);

    // The organization's administrator (SiteDeploymentEdit) opens the edit screen on the Deployment Plan tab.
    const context = await suite
      .browser()
      .newContext({ viewport: { width: 1500, height: 1100 }, acceptDownloads: true });
    const { page, problems } = await newPage(context);
    const planLoaded = page.waitForResponse(
      (r) => r.url().includes('/api/deploymentPlan/getDeploymentPlanForSite/') && r.ok(),
    );
    await signIn(
      page,
      origin,
      'org.admin@example.com',
      `/site/${siteId}/edit?tab=DeploymentPlan&organizationId=${organizationId}`,
    );
    await planLoaded;
    const tab = page.getByTestId('deployment-plan-tab');
    await tab.waitFor({ timeout: 30_000 });
    // The seeded plan: saved by provider staff, with its coverage and wind rose.
    const history = tab.getByRole('table', { name: 'Deployment plan history' });
    await expect
      .poll(() => history.getByRole('row', { name: /Modified By/ }).innerText())
      .toContain('provider.admin@example.com');
    await tab.getByRole('table', { name: 'Source scores' }).waitFor();
    await tab.getByRole('img', { name: /Wind rose/ }).waitFor();
    const linesBefore = await tab.getByRole('list', { name: 'Placement lines' }).getByRole('listitem').count();
    expect(linesBefore).toBe(1);

    // Draw a line across the map: two clicks, then Enter.
    await tab.getByRole('button', { name: 'Draw line' }).click();
    const map = page.getByRole('region', { name: `Map of ${siteName}` });
    const box = (await map.boundingBox())!;
    await page.mouse.click(box.x + box.width * 0.3, box.y + box.height * 0.55);
    await page.mouse.click(box.x + box.width * 0.7, box.y + box.height * 0.6);
    await page.keyboard.press('Enter');
    await expect
      .poll(() => tab.getByRole('list', { name: 'Placement lines' }).getByRole('listitem').count())
      .toBe(linesBefore + 1);
    // An edit hides the coverage until the next run.
    await tab.getByText('The plan changed: run Preview to see its coverage.').waitFor();

    // Preview: proposed devices, scores and the unsaved revision.
    await tab.getByRole('textbox', { name: 'Device budget' }).fill('6');
    const previewed = page.waitForResponse((r) => r.url().includes('/api/deploymentPlan/devicePlacement/'));
    await tab.getByRole('button', { name: 'Preview' }).click();
    expect((await previewed).status()).toBe(200);
    const scores = tab.getByRole('table', { name: 'Source scores' });
    await scores.waitFor();
    expect(await scores.getByRole('row').count()).toBeGreaterThan(1);
    await expect.poll(() => history.getByRole('row', { name: /Devices/ }).innerText()).toMatch(/Devices\s+5\s+6/);
    await expect
      .poll(() => tab.locator('.tooltip').first().getAttribute('data-tip'))
      .toMatch(/% coverage with one less device/);
    await expect.poll(() => tab.getByRole('button', { name: 'Save' }).isEnabled()).toBe(true);
    await page.screenshot({ path: `${SHOTS}/deployment-plan.png`, fullPage: true });
    await expectAccessible(page);

    // A proposed device made mandatory is kept first by the next run.
    await tab.getByRole('button', { name: 'Make D1 mandatory' }).click();
    await expect
      .poll(() => tab.getByRole('list', { name: 'Mandatory placements' }).getByRole('listitem').count())
      .toBe(1);
    const kept = (
      await tab.getByRole('list', { name: 'Mandatory placements' }).getByRole('listitem').innerText()
    ).match(/M1: ([-\d.]+), ([-\d.]+)/)!;
    const rerun = page.waitForResponse((r) => r.url().includes('/api/deploymentPlan/devicePlacement/'));
    await tab.getByRole('button', { name: 'Preview' }).click();
    const again = (await (await rerun).json()) as { devicePlacements: [number, number][]; mandatory: boolean[] };
    expect(again.mandatory[0]).toBe(true);
    expect(again.devicePlacements[0]![1].toFixed(6)).toBe(kept[1]);
    expect(again.devicePlacements[0]![0].toFixed(6)).toBe(kept[2]);
    await expect.poll(() => tab.getByRole('button', { name: 'Save' }).isEnabled()).toBe(true);

    // Save: the toast, and the saved column takes the new plan.
    await tab.getByRole('textbox', { name: 'Notes' }).fill('Second fence line by the tanks');
    await tab.getByRole('button', { name: 'Save' }).click();
    await page.getByText(DEPLOYMENT_PLAN_SAVED).waitFor();
    await expect
      .poll(() => history.getByRole('row', { name: /Notes/ }).innerText())
      .toContain('Second fence line by the tanks');
    await expect
      .poll(() => history.getByRole('row', { name: /Modified By/ }).innerText())
      .toContain('org.admin@example.com');

    // Export PDF.
    const download = page.waitForEvent('download');
    await tab.getByRole('button', { name: 'Export PDF' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(
      new RegExp(
        `^Deployment Plan for .+-${siteName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}-\\d{4}-\\d{2}-\\d{2}T\\d{2}_\\d{2}_\\d{2}Z\\.pdf$`,
      ),
    );
    const bytes = readFileSync((await file.path())!);
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('%PDF');
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);
});
