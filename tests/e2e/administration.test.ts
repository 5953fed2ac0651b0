// Administration journeys in Chromium over the real server: sites through the shared grid and its dialogs.
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { browserSuite, expectAccessible, newPage, signIn, SHOTS } from './harness';

const shots = SHOTS;
const BULK_HEADER =
  'Id,Name,Alias,Latitude,Longitude,Groups,Business Unit,Asset/Area,Country,State/Province,Regulation,Regulatory Site Type,Generic Site Type,Basin,Industry Segment,Fluid Type,Notification Required,Special Tickets Required,Work Permit Required,Access Notes';

async function search(page: Page, text: string) {
  await page.getByRole('searchbox', { name: 'Search sites' }).fill(text);
}

describe('administration in the browser', () => {
  const suite = browserSuite();
  const server = {
    get origin() {
      return suite.server().origin;
    },
  };
  const browser = { newContext: (...args: Parameters<Browser['newContext']>) => suite.browser().newContext(...args) };

  it('adds a site through the dialog, with the location rule and the toast', async () => {
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    const { page, problems } = await newPage(context);
    await signIn(page, server.origin, 'org.admin@example.com', '/sites');
    await page.getByText(/^Rows: \d+\/\d+$/).waitFor();
    await page.screenshot({ path: `${shots}/sites-grid.png` });
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Add Site' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Site' });
    await dialog.getByLabel('Name').fill('Browser Pad 1');
    await dialog.getByLabel('Location').fill('95,-102');
    await dialog.getByLabel('Country').selectOption({ label: 'United States' });
    await expect(dialog.getByLabel('State/Province').isEnabled()).resolves.toBe(true);
    await dialog.getByLabel('State/Province').selectOption({ label: 'Texas' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Please enter valid latitude and longitude coordinates.').waitFor();
    await page.screenshot({ path: `${shots}/site-add-invalid.png` });
    await expectAccessible(page);
    // Changing the country clears the state.
    await dialog.getByLabel('Country').selectOption({ label: 'Canada' });
    await expect(dialog.getByLabel('State/Province').inputValue()).resolves.toBe('');
    await dialog.getByLabel('Country').selectOption({ label: 'United States' });
    await dialog.getByLabel('State/Province').selectOption({ label: 'Texas' });
    await dialog.getByLabel('Location').fill('31.95123,-102.21456');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Site added').waitFor();
    await search(page, 'Browser Pad 1');
    const row = page.getByRole('row').filter({ hasText: 'Browser Pad 1' });
    await expect(row.getByRole('cell', { name: 'Texas' }).isVisible()).resolves.toBe(true);
    // Edit it: the form opens with the saved values.
    await page.getByRole('button', { name: 'Edit Browser Pad 1' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Site' });
    await expect(edit.getByLabel('Location').inputValue()).resolves.toBe('31.95123,-102.21456');
    await edit.getByLabel('Alias').fill('BP1');
    await edit.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Site details saved').waitFor();
    await expect(row.getByRole('cell', { name: 'BP1' }).isVisible()).resolves.toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('uploads a CSV of sites: row problems first, then the new-sites warning and the upload', async () => {
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    const { page, problems } = await newPage(context);
    await signIn(page, server.origin, 'org.admin@example.com', '/sites');
    await page.getByText(/^Rows: \d+\/\d+$/).waitFor();
    await page.getByRole('button', { name: 'Bulk Add/Edit Sites' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload Sites' });
    const input = dialog.getByLabel('CSV file');
    await input.setInputFiles({ name: 'sites.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF') });
    await dialog.getByText('The file must be in CSV file format').waitFor();
    await input.setInputFiles({
      name: 'bad.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`${BULK_HEADER}\n,Bulk Bad,,95,10,,,,,,,,,,,,,,,\n,,,31,-102,,,,,,,,,,,,,,,\n`),
    });
    await dialog.getByText('2 rows have problems; nothing was changed.').waitFor();
    await dialog.getByText(/Row 2: Please enter valid latitude and longitude coordinates\./).waitFor();
    await page.screenshot({ path: `${shots}/sites-bulk-problems.png` });
    const good = `${BULK_HEADER}\r\n,Bulk Pad A,,31.5,-102.5,,,,United States,Texas,,,,,,,Yes,No,No,"Gate 4, call ahead"\r\n,Bulk Pad B,,31.6,-102.6,,,,,,,,,,,,No,No,Yes,\r\n`;
    await input.setInputFiles({ name: 'good.csv', mimeType: 'text/csv', buffer: Buffer.from(good) });
    await dialog.getByText('2 new sites will be created by this upload.').waitFor();
    await page.screenshot({ path: `${shots}/sites-bulk-ready.png` });
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Upload' }).click();
    await page.getByText('2 row(s) successfully changed').waitFor();
    await search(page, 'Bulk Pad');
    await expect
      .poll(() =>
        page
          .getByRole('row')
          .filter({ hasText: /Bulk Pad [AB]/ })
          .count(),
      )
      .toBe(2);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('assigns groups to several sites with the tri-state popover', async () => {
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    const { page, problems } = await newPage(context);
    await signIn(page, server.origin, 'org.admin@example.com', '/sites');
    await page.getByText(/^Rows: \d+\/\d+$/).waitFor();
    // A fresh group, given to one of two sites.
    await page.locator('button[aria-haspopup="dialog"]', { hasText: /^Groups/ }).click();
    await page.getByText('Select one or more sites to edit their groups').waitFor();
    await page.getByRole('button', { name: 'Manage Site Groups' }).click();
    const manage = page.getByRole('dialog', { name: 'Manage Site Groups' });
    await manage.getByRole('button', { name: 'Add Group' }).click();
    await manage.getByLabel('New group name').fill('Tri, State');
    await manage.getByRole('button', { name: 'Save' }).click();
    await manage.getByText('Site Group cannot contain ","').waitFor();
    await manage.getByLabel('New group name').fill('Tri State');
    await manage.getByRole('button', { name: 'Save' }).click();
    await manage.getByRole('cell', { name: 'Tri State', exact: true }).waitFor();
    await page.screenshot({ path: `${shots}/site-groups-manager.png` });
    await manage.getByRole('button', { name: 'Close' }).click();

    await search(page, 'Bulk Pad');
    await page.getByRole('checkbox', { name: 'Select row 1' }).check();
    await page.locator('button[aria-haspopup="dialog"]', { hasText: /^Groups/ }).click();
    await page.getByRole('checkbox', { name: 'Tri State' }).check();
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByText('Updated 1 Sites').waitFor();
    await page.getByRole('checkbox', { name: 'Select all rows' }).check();
    await page.locator('button[aria-haspopup="dialog"]', { hasText: /^Groups \(2\)/ }).click();
    await page.getByText('Edit the groups for the selected sites').waitFor();
    const box = page.getByRole('checkbox', { name: 'Tri State' });
    await expect(box.evaluate((el) => (el as HTMLInputElement).indeterminate)).resolves.toBe(true);
    await page.screenshot({ path: `${shots}/site-groups-popover.png` });
    await expectAccessible(page);
    await box.click();
    await expect(box.isChecked()).resolves.toBe(true);
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByText('Updated 2 Sites').waitFor();
    await expect.poll(() => page.getByRole('row').filter({ hasText: 'Tri State' }).count()).toBe(2);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('filters a column, hides a column for good, and exports what it shows', async () => {
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, acceptDownloads: true });
    const { page, problems } = await newPage(context);
    await signIn(page, server.origin, 'org.admin@example.com', '/sites');
    const footer = page.getByText(/^Rows: \d+\/\d+$/);
    await footer.waitFor();
    await page.getByRole('button', { name: 'Filter Name' }).click();
    const filter = page.getByRole('dialog', { name: 'Filter Name' });
    await filter.getByLabel('Filter type').selectOption('starts with');
    await filter.getByLabel('Value').fill('bulk pad');
    await filter.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => footer.textContent()).toMatch(/^Rows: 2\//);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    const text = await new Promise<string>((resolve) => {
      void file.createReadStream().then((s) => {
        let out = '';
        s.on('data', (c: Buffer) => (out += c.toString()));
        s.on('end', () => resolve(out));
      });
    });
    expect(text.trim().split('\r\n')).toHaveLength(3);
    await page.getByRole('button', { name: /^Columns/ }).click();
    await page.getByRole('checkbox', { name: 'Basin' }).uncheck();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('columnheader', { name: /Basin/ }).count()).resolves.toBe(0);
    // Saved for the user: a reload keeps it hidden.
    await page.waitForTimeout(1200);
    await page.reload();
    await footer.waitFor();
    // The header row may render after the footer: wait for the visible column, then check the hidden one stays out.
    await expect
      .poll(() => page.getByRole('columnheader', { name: /Fluid Type/ }).count(), { timeout: 15_000 })
      .toBe(1);
    await expect(page.getByRole('columnheader', { name: /Basin/ }).count()).resolves.toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('adds a Qube user, resets their temporary password, and they choose their own when they sign in', async () => {
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    const { page, problems } = await newPage(context);
    await signIn(page, server.origin, 'provider.admin@example.com', '/admin/users');
    await page.getByRole('heading', { name: 'Qube Users', level: 1 }).waitFor();
    const footer = page.getByText(/^Rows: \d+\/\d+$/);
    await footer.waitFor();
    await page.getByRole('button', { name: 'Qube Users', exact: true }).click();
    await expect.poll(async () => Number(/Rows: (\d+)/.exec((await footer.textContent())!)![1])).toBe(2);
    await page.getByRole('button', { name: 'Add Qube User' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Qube User' });
    await dialog.getByLabel('Email', { exact: true }).fill('night.shift@example.com');
    await dialog.getByLabel('Role').selectOption({ label: 'Qube Support' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('User added').waitFor();
    await page.getByRole('button', { name: 'Details of night.shift@example.com' }).click();
    const details = page.getByRole('dialog', { name: 'User Details' });
    await details.getByText('FORCE_CHANGE_PASSWORD').waitFor();
    await page.screenshot({ path: `${shots}/user-details.png` });
    await expectAccessible(page);
    await details.getByRole('button', { name: 'Reset Temporary Password' }).click();
    await details.getByText('The user is not notified of the new password', { exact: false }).waitFor();
    await details.getByLabel('Password').fill('weak');
    await details.getByRole('button', { name: 'Reset Password' }).click();
    await details
      .getByText('At least 8 characters with an upper-case letter, a lower-case letter and a digit')
      .waitFor();
    await details.getByLabel('Password').fill('Welcome2026');
    await details.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByText('Password reset successfully').waitFor();
    await details.getByRole('button', { name: 'Close' }).click();
    // An organization user's row cannot be edited here: the tooltip says where.
    await page.getByRole('button', { name: 'Qube Users', exact: true }).click();
    await page.getByRole('button', { name: 'Organization Users' }).click();
    await expect(
      page
        .getByRole('button', { name: 'This user can only be edited from the organization user list' })
        .first()
        .isDisabled(),
    ).resolves.toBe(true);
    expect(problems).toEqual([]);
    await context.close();

    // The new user signs in with the temporary password and must choose their own.
    const fresh = await browser.newContext();
    const newcomer = await newPage(fresh);
    await newcomer.page.goto(`${server.origin}/admin/users`);
    await newcomer.page.waitForURL(/\/oidc\//);
    await newcomer.page.getByLabel(/e-?mail/i).fill('night.shift@example.com');
    await newcomer.page.getByLabel(/^password/i).fill('Welcome2026');
    await newcomer.page.getByRole('button', { name: /sign in/i }).click();
    await newcomer.page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    await newcomer.page.getByLabel('New password', { exact: true }).fill('NightShift99');
    await newcomer.page.getByLabel('Confirm new password').fill('NightShift99');
    await newcomer.page.getByRole('button', { name: 'Set password and sign in' }).click();
    // Qube Support may not administer users: the console opens, and the guard sends them to the access-denied page.
    await newcomer.page.waitForURL(/\/accessDenied\?to=page/);
    await newcomer.page.screenshot({ path: `${shots}/new-password-signed-in.png` });
    await newcomer.page.getByRole('button', { name: 'Overview' }).click();
    await newcomer.page.getByRole('navigation', { name: 'Main' }).waitFor();
    expect(newcomer.problems).toEqual([]);
    await fresh.close();
  });

  it('deletes an organization: its users lose access until it is restored', async () => {
    const admin = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    const { page, problems } = await newPage(admin);
    await signIn(page, server.origin, 'provider.admin@example.com', '/organizations');
    await page.getByRole('button', { name: 'Delete Red Mesa Energy' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Organization deleted').waitFor();

    const member = await browser.newContext();
    const viewer = await newPage(member);
    await signIn(viewer.page, server.origin, 'viewer@example.com', '/');
    await viewer.page.waitForURL(/\/accessDenied/);
    await viewer.page.screenshot({ path: `${shots}/deleted-organization-member.png` });
    await member.close();

    await page.getByLabel('Show Deleted').check();
    await page.getByRole('button', { name: 'Restore Red Mesa Energy' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Restore' }).click();
    await page.getByText('Organization restored').waitFor();
    const again = await browser.newContext();
    const back = await newPage(again);
    await signIn(back.page, server.origin, 'viewer@example.com', '/benchmarks');
    await back.page.getByRole('heading', { name: 'Benchmarks', level: 1 }).waitFor();
    expect(problems).toEqual([]);
    expect(back.problems).toEqual([]);
    await again.close();
    await admin.close();
  });

  it('saves the unit configuration from the account menu', async () => {
    const context = await browser.newContext();
    const { page, problems } = await newPage(context);
    await signIn(page, server.origin, 'operator@example.com', '/sites');
    await page.getByLabel('Account menu').click();
    await page.getByRole('button', { name: 'Unit Configuration' }).click();
    const dialog = page.getByRole('dialog', { name: 'Unit Configuration' });
    await dialog.getByLabel('Speed').selectOption({ label: 'mph — Miles per hour' });
    await dialog.getByLabel('Temperature').selectOption({ label: '°F — Degrees Fahrenheit' });
    await page.screenshot({ path: `${shots}/unit-configuration.png` });
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Units edited').waitFor();
    await page.reload();
    await page.getByLabel('Account menu').click();
    await page.getByRole('button', { name: 'Unit Configuration' }).click();
    await expect(
      page.getByRole('dialog', { name: 'Unit Configuration' }).getByLabel('Speed').inputValue(),
    ).resolves.toBe('43');
    expect(problems).toEqual([]);
    await context.close();
  });
});
