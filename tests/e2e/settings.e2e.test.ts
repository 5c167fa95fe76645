/**
 * Paramètres (web/src/features/settings/settings-form.tsx) is a record form like the référentiels'
 * (web/src/components/form/use-record-form.ts): saved with the version it was loaded with, a stale save answers
 * 409 and keeps what was typed until "Recharger" shows the other save; after saving, the form stays on
 * /settings with the saved values and saves again. A manager reads the settings without being able to change them.
 */
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { SettingsAnswer } from '@shared/schemas/settings';
import { getJson, sendJson } from './api';
import type { AppServer } from './app-server';
import { openPage } from './page';
import { signIn } from './session';
import { shareAppAndBrowser } from './suite';

let server: AppServer;
let browser: Browser;
shareAppAndBrowser((s, b) => ((server = s), (browser = b)));

const CONFLICT = "Cet enregistrement a été modifié par quelqu'un d'autre. Rechargez la page.";

describe('Paramètres', () => {
  it('a stale save answers 409, keeps the typed values, and "Recharger" shows the other save', async () => {
    const w = await openPage(browser);
    const { page } = w;
    await signIn(page, server.url, 'admin');
    const api = page.context().request;
    await page.goto(`${server.url}/settings`);
    await page.getByLabel('Ville').fill('Bordeaux');

    // Someone else saves the settings meanwhile (another admin, another tab).
    const current = await getJson<SettingsAnswer>(api, `${server.url}/api/settings`);
    const { logo: _logo, ...settings } = current;
    await sendJson(api, 'PUT', `${server.url}/api/settings`, { ...settings, addressLine2: 'Modifié ailleurs' });

    await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    await page.getByText(CONFLICT, { exact: true }).first().waitFor();
    expect(await page.getByLabel('Ville').inputValue()).toBe('Bordeaux');
    expect(await page.getByLabel("Complément d'adresse").inputValue()).toBe(current.addressLine2);
    expect((await getJson<SettingsAnswer>(api, `${server.url}/api/settings`)).city).toBe(current.city);

    await page.getByRole('button', { name: 'Recharger' }).click();
    await page.waitForFunction(
      () =>
        (document.querySelector('input[name="addressLine2"]') as HTMLInputElement | null)?.value === 'Modifié ailleurs',
    );
    expect(await page.getByLabel('Ville').inputValue()).toBe(current.city);

    // Typed again on the other save, it saves; the form stays here with the saved values and saves again.
    await page.getByLabel('Ville').fill('Bordeaux');
    await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    await page.getByText('Paramètres enregistrés', { exact: true }).first().waitFor();
    await page.getByText('Les nouveaux réglages sont appliqués', { exact: true }).first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/settings');
    expect(await page.getByLabel('Ville').inputValue()).toBe('Bordeaux');
    const saved = await getJson<SettingsAnswer>(api, `${server.url}/api/settings`);
    expect(saved).toMatchObject({ city: 'Bordeaux', addressLine2: 'Modifié ailleurs', version: current.version + 2 });

    await page.getByLabel('Téléphone').fill('01 23 45 67 89');
    await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    await expect
      .poll(async () => (await getJson<SettingsAnswer>(api, `${server.url}/api/settings`)).phone)
      .toBe('01 23 45 67 89');
    expect(await page.getByText(CONFLICT, { exact: true }).count()).toBe(0);
    w.expectNoConsoleErrors([/status of 409 .* @ .*\/api\/settings$/]);
    await w.close();
  });

  it('a manager reads the settings: every field is read-only, nothing to save', async () => {
    const w = await openPage(browser);
    await signIn(w.page, server.url, 'manager');
    await w.page.goto(`${server.url}/settings`);
    await w.page.getByText('Lecture seule : seul un administrateur modifie les paramètres.').waitFor();
    expect(await w.page.getByLabel('Ville').isDisabled()).toBe(true);
    expect(await w.page.getByRole('button', { name: 'Enregistrer', exact: true }).count()).toBe(0);
    expect(await w.page.getByRole('button', { name: 'Ajouter un taux horaire' }).count()).toBe(0);
    expect(await w.page.getByTestId('draft-notice').count()).toBe(0);
    w.expectNoConsoleErrors();
    await w.close();
  });
});
