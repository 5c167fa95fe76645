/**
 * "Mes informations" on Mon compte (web/src/features/account/profile-form.tsx) is a record form
 * (web/src/components/form/use-record-form.ts): saved with the user's version it was loaded with, a stale save
 * answers 409 and keeps what was typed until "Recharger" shows the other save; after saving, the form stays on
 * /account with the saved values and saves again.
 */
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { AccountProfile } from '@shared/schemas/account';
import { getJson, sendJson } from './api';
import type { AppServer } from './app-server';
import { shareAppAndBrowser } from './suite';
import { openPage } from './page';
import { signIn } from './session';

let server: AppServer;
let browser: Browser;
shareAppAndBrowser((s, b) => ((server = s), (browser = b)));

const CONFLICT = "Cet enregistrement a été modifié par quelqu'un d'autre. Rechargez la page.";

describe('Mon compte: Mes informations', () => {
  it('a stale save answers 409, keeps the typed values, and "Recharger" shows the other save', async () => {
    const w = await openPage(browser);
    const { page } = w;
    await signIn(page, server.url, 'commercial');
    const api = page.context().request;
    await page.goto(`${server.url}/account`);
    const form = page.getByRole('form', { name: 'Mes informations' });
    const firstName = form.getByLabel('Prénom', { exact: true });
    const lastName = form.getByLabel('Nom', { exact: true });
    const save = form.getByRole('button', { name: 'Enregistrer', exact: true });
    await firstName.fill('Camille');

    // The same account is saved meanwhile (another tab).
    const current = await getJson<AccountProfile>(api, `${server.url}/api/account`);
    const { email, version } = current;
    await sendJson(api, 'PUT', `${server.url}/api/account`, {
      firstName: current.firstName,
      lastName: 'Modifié ailleurs',
      email,
      version,
    });

    await save.click();
    await page.getByText(CONFLICT, { exact: true }).first().waitFor();
    expect(await firstName.inputValue()).toBe('Camille');
    expect(await lastName.inputValue()).toBe(current.lastName);
    expect((await getJson<AccountProfile>(api, `${server.url}/api/account`)).firstName).toBe(current.firstName);

    await page.getByRole('button', { name: 'Recharger' }).click();
    await page.waitForFunction(
      () => (document.querySelector('input[name="lastName"]') as HTMLInputElement | null)?.value === 'Modifié ailleurs',
    );
    expect(await firstName.inputValue()).toBe(current.firstName);

    // Typed again on the other save, it saves; the form stays here with the saved values and saves again.
    await firstName.fill('Camille');
    await save.click();
    await page.getByText('Profil enregistré', { exact: true }).first().waitFor();
    await page.getByText('Vos informations ont été mises à jour', { exact: true }).first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/account');
    expect(await firstName.inputValue()).toBe('Camille');
    const saved = await getJson<AccountProfile>(api, `${server.url}/api/account`);
    expect(saved).toMatchObject({ firstName: 'Camille', lastName: 'Modifié ailleurs', version: version + 2 });

    await lastName.fill('Dupont');
    await save.click();
    await expect
      .poll(async () => (await getJson<AccountProfile>(api, `${server.url}/api/account`)).lastName)
      .toBe('Dupont');
    expect(await page.getByText(CONFLICT, { exact: true }).count()).toBe(0);
    w.expectNoConsoleErrors([/status of 409 .* @ .*\/api\/account$/]);
    await w.close();
  });
});
