// Push integrations in Chromium: on /integrations?tab=PushApi an administrator adds an integration (an http:// URL is
// refused with the spec's message first), edits it (the data type is fixed), opens its execution history (nothing
// delivered yet) and deletes it after the spec's confirmation.
import { describe, expect, it } from 'vitest';
import { INTEGRATION_MESSAGES } from '@/domain/integrations';
import { browserSuite, expectAccessible, newPage, signIn, SHOTS } from './harness';

describe('push integrations in the browser', () => {
  const suite = browserSuite();
  const origin = () => suite.server().origin;

  it('adds, edits, shows the execution history of and deletes a push integration', async () => {
    const context = await suite.browser().newContext({ viewport: { width: 1500, height: 1000 } });
    const { page, problems } = await newPage(context);
    await signIn(page, origin(), 'org.admin@example.com', '/integrations?tab=PushApi');
    await page.waitForURL(/\/integrations\?.*tab=PushApi/);
    await page.getByRole('button', { name: 'Add Integration' }).waitFor({ timeout: 20_000 });

    // Add: an http:// URL is refused in the form with the spec's text.
    await page.getByRole('button', { name: 'Add Integration' }).click();
    const add = page.getByRole('dialog', { name: 'Add Integration' });
    await add.getByLabel('Name').fill('E2E warehouse feed');
    await add.getByLabel('Data Type').selectOption({ label: 'Emission Rates' });
    await add.getByLabel('Request URL').fill('http://hooks.example.com/in');
    await add.getByRole('button', { name: 'Save' }).click();
    await add.getByText(INTEGRATION_MESSAGES.urlHttps).waitFor();
    await add.getByLabel('Request URL').fill('https://hooks.example.com/e2e/rates');
    await add.getByRole('button', { name: 'Add Header' }).click();
    await add.getByLabel('Header 1 key').fill('Authorization');
    await add.getByLabel('Header 1 value').fill('Bearer e2e-token');
    await add.getByLabel('Max Request Size (bytes)').fill('500');
    await add.getByRole('button', { name: 'Save' }).click();
    await add.getByText(INTEGRATION_MESSAGES.maxRequestSize).waitFor();
    await add.getByLabel('Max Request Size (bytes)').fill('20000');
    await add.getByLabel('Enabled').uncheck();
    await add.screenshot({ path: `${SHOTS}/push-integration-add.png` });
    await add.getByRole('button', { name: 'Save' }).click();
    await page.getByText(INTEGRATION_MESSAGES.added).waitFor();
    await add.waitFor({ state: 'detached' });
    const grid = page.getByRole('table', { name: 'Push integrations' });
    const row = grid.getByRole('row').filter({ hasText: 'E2E warehouse feed' });
    await row.waitFor();
    expect(await row.textContent()).toContain('Emission Rates');
    expect(await row.textContent()).toContain('https://hooks.example.com/e2e/rates');

    // Edit: the saved values come back and the data type cannot change.
    await page.getByRole('button', { name: 'Edit E2E warehouse feed', exact: true }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Integration' });
    await edit.getByLabel('Name').waitFor();
    expect(await edit.getByLabel('Data Type').isDisabled()).toBe(true);
    expect(await edit.getByLabel('Header 1 value').inputValue()).toBe('Bearer e2e-token');
    expect(await edit.getByLabel('Max Request Size (bytes)').inputValue()).toBe('20000');
    await edit.getByLabel('Name').fill('E2E warehouse feed 2');
    await edit.getByRole('button', { name: 'Save' }).click();
    await page.getByText(INTEGRATION_MESSAGES.edited).waitFor();
    await grid.getByRole('row').filter({ hasText: 'E2E warehouse feed 2' }).waitFor();

    // Execution history: nothing has been delivered (the integration is disabled); Escape closes it.
    await page.getByRole('button', { name: 'Execution history of E2E warehouse feed 2' }).click();
    const executions = page.getByRole('dialog', { name: 'Execution History: E2E warehouse feed 2' });
    await executions.getByText(INTEGRATION_MESSAGES.noExecutions).waitFor();
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await executions.waitFor({ state: 'detached' });

    // The audit history shows the edit.
    await page.getByRole('button', { name: 'History of E2E warehouse feed 2', exact: true }).click();
    const audit = page.getByRole('dialog', { name: 'History: E2E warehouse feed 2' });
    await audit.getByRole('cell', { name: 'E2E warehouse feed 2' }).waitFor();
    await page.keyboard.press('Escape');
    await audit.waitFor({ state: 'detached' });

    await expectAccessible(page);
    await page.screenshot({ path: `${SHOTS}/push-integrations.png` });

    // Delete after the spec's confirmation.
    await page.getByRole('button', { name: 'Delete E2E warehouse feed 2' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Integration' });
    await confirm.getByText(INTEGRATION_MESSAGES.deleteConfirm('E2E warehouse feed 2')).waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByText(INTEGRATION_MESSAGES.deleted).waitFor();
    await grid.getByRole('row').filter({ hasText: 'E2E warehouse feed 2' }).waitFor({ state: 'detached' });

    expect(problems).toEqual([]);
    await context.close();
  });
});
