/**
 * The role form of a user's sheet (web/src/features/users/user-dialog.tsx) is a record form
 * (web/src/components/form/use-record-form.ts): saved with the user's version, a stale save answers 409 and keeps
 * the chosen role until "Recharger" shows the other save; then the role saves and the sheet shows it.
 */
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Page } from '@shared/schemas/common-fields';
import type { UserSummary } from '@shared/schemas/users';
import { getJson, sendJson } from './api';
import type { AppServer } from './app-server';
import { shareAppAndBrowser } from './suite';
import { openPage } from './page';
import { signIn } from './session';

let server: AppServer;
let browser: Browser;
shareAppAndBrowser((s, b) => ((server = s), (browser = b)));

const CONFLICT = "Cet enregistrement a été modifié par quelqu'un d'autre. Rechargez la page.";

describe('Utilisateurs: the role of a user', () => {
  it('a stale role change answers 409, "Recharger" shows the other save, then the role saves', async () => {
    const w = await openPage(browser);
    const { page } = w;
    await signIn(page, server.url, 'admin');
    const api = page.context().request;
    const list = await getJson<Page<UserSummary>>(api, `${server.url}/api/users?q=production`);
    const target = list.items.find((u) => u.username === 'production')!;
    await page.goto(`${server.url}/users?user=${target.id}`);
    const dialog = page.getByRole('dialog');
    const role = dialog.getByLabel('Rôle', { exact: true });
    await role.selectOption('sales');

    // Another admin changes the role meanwhile.
    await sendJson(api, 'PATCH', `${server.url}/api/users/${target.id}`, { role: 'manager', version: target.version });

    await dialog.getByRole('button', { name: 'Changer le rôle' }).click();
    await page.getByText(CONFLICT, { exact: true }).first().waitFor();
    expect(await role.inputValue()).toBe('sales');
    await page.getByRole('button', { name: 'Recharger' }).click();
    await expect.poll(() => role.inputValue()).toBe('manager');

    await role.selectOption('sales');
    await dialog.getByRole('button', { name: 'Changer le rôle' }).click();
    await page.getByText('Rôle modifié', { exact: true }).first().waitFor();
    await page.getByText('production est maintenant Commercial', { exact: true }).first().waitFor();
    const saved = await getJson<UserSummary>(api, `${server.url}/api/users/${target.id}`);
    expect(saved).toMatchObject({ role: 'sales', version: target.version + 2 });
    expect(await role.inputValue()).toBe('sales');
    w.expectNoConsoleErrors([/status of 409 .* @ .*\/api\/users\/[0-9a-f-]+$/]);
    await w.close();
  });
});
