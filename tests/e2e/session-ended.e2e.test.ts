/**
 * A session the server ended (ended from another device, user deactivated) sends the person to sign in
 * again on the next request with "Session expirée", brings them back where they were, and a form being typed (a
 * client, the settings) is kept (a draft in sessionStorage) and can be saved after signing in again.
 */
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Client } from '@shared/schemas/clients';
import type { SettingsAnswer } from '@shared/schemas/settings';
import { getJson, sendJson } from './api';
import type { AppServer } from './app-server';
import { MOBILE, openPage, type WatchedPage } from './page';
import { uniqueWord } from './page-checks';
import { DEMO_PASSWORD, signIn } from './session';
import { shareAppAndBrowser } from './suite';

let server: AppServer;
let browser: Browser;
shareAppAndBrowser((s, b) => ((server = s), (browser = b)));

/** The refused calls of an ended session: the browser reports them as failed resources. */
const ENDED_SESSION_ERRORS = [/status of 401 /, /status of 403 /];

/** Ends every other session of the signed-in user, as "Fermer toutes les autres sessions" on Mon compte does. */
async function endOtherSessions(username: string): Promise<void> {
  const other = await openPage(browser);
  await signIn(other.page, server.url, username);
  await other.page.goto(`${server.url}/account`);
  await other.page.getByRole('button', { name: 'Fermer toutes les autres sessions' }).click();
  await other.page.getByText('Sessions fermées', { exact: true }).waitFor();
  other.expectNoConsoleErrors();
  await other.close();
}

async function signInAgain(page: Page, username: string, password = DEMO_PASSWORD): Promise<void> {
  await page.getByLabel("Nom d'utilisateur").fill(username);
  await page.getByLabel('Mot de passe').fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
}

async function createClient(w: WatchedPage, lastName: string): Promise<Client> {
  return sendJson<Client>(w.page.request, 'POST', `${server.url}/api/clients`, {
    kind: 'particulier',
    status: 'client',
    lastName,
    firstName: 'Aurore',
    city: 'Lyon',
    country: 'France',
  });
}

describe('a session that ended', () => {
  for (const viewport of [undefined, MOBILE]) {
    const size = viewport ? '375 px' : '1440 px';
    it(`ended from another device while a client is being edited: sign in again, the typed values are back and save (${size})`, async () => {
      const w = await openPage(browser, viewport ? { viewport } : {});
      await signIn(w.page, server.url, 'commercial');
      const client = await createClient(w, `Sessionfin${uniqueWord()}`);
      const editPath = `/clients/${client.id}/edit`;
      await w.page.goto(`${server.url}${editPath}`);
      await w.page.getByLabel('Ville').fill('Annecy');
      await w.page.getByLabel('Notes').fill('Bague de fiançailles, taille 52');

      await endOtherSessions('commercial');

      await w.page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
      await w.page.waitForURL(
        (url) =>
          url.pathname === '/auth' &&
          url.searchParams.get('session') === 'expiree' &&
          url.searchParams.get('next') === editPath,
      );
      const notice = w.page.getByTestId('session-ended');
      await notice.getByText('Session expirée', { exact: true }).waitFor();
      expect(await notice.textContent()).toContain('vos saisies non enregistrées ont été conservées');
      // No error toast on the sign-in page: the ended session is explained once, by the notice.
      expect(await w.page.getByText('Enregistrement impossible').count()).toBe(0);
      expect(await w.page.title()).toBe('Connexion · Pricer Bijouterie');

      await signInAgain(w.page, 'commercial');
      await w.page.waitForURL(`${server.url}${editPath}`);
      await w.page.getByTestId('draft-notice').getByText('Brouillon restauré').waitFor();
      expect(await w.page.getByLabel('Ville').inputValue()).toBe('Annecy');
      expect(await w.page.getByLabel('Notes').inputValue()).toBe('Bague de fiançailles, taille 52');

      await w.page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
      await w.page.waitForURL(`${server.url}/clients/${client.id}`);
      await w.page.getByText('Client modifié', { exact: true }).waitFor();
      const saved = await getJson<Client>(w.page.request, `${server.url}/api/clients/${client.id}`);
      expect(saved.city).toBe('Annecy');
      expect(saved.notes).toBe('Bague de fiançailles, taille 52');

      // Saved: the draft is gone, the form opens with the saved values and no notice.
      await w.page.goto(`${server.url}${editPath}`);
      await w.page.getByLabel('Ville').waitFor();
      expect(await w.page.getByLabel('Ville').inputValue()).toBe('Annecy');
      expect(await w.page.getByTestId('draft-notice').count()).toBe(0);
      w.expectNoConsoleErrors(ENDED_SESSION_ERRORS);
      await w.close();
    });
  }

  it('ended from another device while the settings are being edited: the draft (an hourly rate too) is back and saves', async () => {
    const w = await openPage(browser);
    await signIn(w.page, server.url, 'admin');
    const before = await getJson<SettingsAnswer>(w.page.request, `${server.url}/api/settings`);
    await w.page.goto(`${server.url}/settings`);
    await w.page.getByLabel('Ville').fill('Annecy');
    await w.page.getByRole('button', { name: 'Ajouter un taux horaire' }).click();
    await w.page.getByLabel('Libellé').last().fill('Sertissage');
    await w.page.getByLabel('€ / heure').last().fill('62,5');

    await endOtherSessions('admin');

    await w.page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    await w.page.waitForURL(
      (url) =>
        url.pathname === '/auth' &&
        url.searchParams.get('session') === 'expiree' &&
        url.searchParams.get('next') === '/settings',
    );
    await signInAgain(w.page, 'admin');
    await w.page.waitForURL(`${server.url}/settings`);
    await w.page.getByTestId('draft-notice').getByText('Brouillon restauré').waitFor();
    expect(await w.page.getByLabel('Ville').inputValue()).toBe('Annecy');
    expect(await w.page.getByLabel('Libellé').last().inputValue()).toBe('Sertissage');
    expect(await w.page.getByLabel('€ / heure').last().inputValue()).toBe('62,5');

    await w.page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    await w.page.getByText('Paramètres enregistrés', { exact: true }).first().waitFor();
    await w.page.getByTestId('draft-notice').waitFor({ state: 'detached' });
    const saved = await getJson<SettingsAnswer>(w.page.request, `${server.url}/api/settings`);
    expect(saved.city).toBe('Annecy');
    expect(saved.version).toBe(before.version + 1);
    expect(saved.hourlyRates.at(-1)?.label).toBe('Sertissage');
    expect(Number(saved.hourlyRates.at(-1)?.ratePerHour)).toBe(62.5);
    expect(saved.hourlyRates).toHaveLength(before.hourlyRates.length + 1);

    // Saved: the draft is gone, the page opens with the saved values and no notice.
    await w.page.reload();
    await w.page.getByLabel('Ville').waitFor();
    expect(await w.page.getByLabel('Ville').inputValue()).toBe('Annecy');
    expect(await w.page.getByTestId('draft-notice').count()).toBe(0);
    w.expectNoConsoleErrors(ENDED_SESSION_ERRORS);
    await w.close();
  });

  it('a user deactivated by an admin is sent to sign in by the next read (a list search), with the way back', async () => {
    const admin = await openPage(browser);
    await signIn(admin.page, server.url, 'admin');
    const username = `fin${uniqueWord()}`;
    const created = await sendJson<{ user: { id: string }; invitation: { token: string } }>(
      admin.page.request,
      'POST',
      `${server.url}/api/users`,
      {
        username,
        email: `${username}@example.test`,
        firstName: 'Inès',
        lastName: 'Vendeuse',
        role: 'sales',
        onboarding: 'invitation',
      },
    );
    const password = 'vitrine-2026-rubis';
    await sendJson(admin.page.request, 'POST', `${server.url}/api/invitations/${created.invitation.token}/accept`, {
      password,
    });

    const w = await openPage(browser);
    await signIn(w.page, server.url, username, password);
    await w.page.goto(`${server.url}/clients`);
    await w.page.getByRole('searchbox', { name: 'Rechercher' }).waitFor();

    await sendJson(admin.page.request, 'POST', `${server.url}/api/users/${created.user.id}/deactivate`);
    await w.page.getByRole('searchbox', { name: 'Rechercher' }).fill('dupont');
    await w.page.waitForURL(
      (url) =>
        url.pathname === '/auth' &&
        url.searchParams.get('session') === 'expiree' &&
        url.searchParams.get('next') === '/clients?q=dupont',
    );
    const notice = w.page.getByTestId('session-ended');
    await notice.getByText('Session expirée', { exact: true }).waitFor();
    expect(await notice.textContent()).not.toContain('saisies');
    // Deactivated: signing in again is refused.
    await signInAgain(w.page, username, password);
    await w.page.getByText('Login failed', { exact: true }).waitFor();
    w.expectNoConsoleErrors(ENDED_SESSION_ERRORS);
    admin.expectNoConsoleErrors();
    await Promise.all([w.close(), admin.close()]);
  });

  it('a draft is never offered to another user who signs in on the same tab', async () => {
    const w = await openPage(browser);
    await signIn(w.page, server.url, 'manager');
    await w.page.goto(`${server.url}/suppliers/new`);
    await w.page.getByLabel('Nom', { exact: true }).fill(`Atelier ${uniqueWord()}`);

    await endOtherSessions('manager');
    await w.page.getByRole('button', { name: 'Créer le fournisseur' }).click();
    await w.page.waitForURL((url) => url.pathname === '/auth' && url.searchParams.get('next') === '/suppliers/new');

    await signInAgain(w.page, 'admin');
    await w.page.waitForURL(`${server.url}/suppliers/new`);
    await w.page.getByLabel('Nom', { exact: true }).waitFor();
    expect(await w.page.getByLabel('Nom', { exact: true }).inputValue()).toBe('');
    expect(await w.page.getByTestId('draft-notice').count()).toBe(0);
    expect(
      await w.page.evaluate(() => Object.keys(sessionStorage).filter((k) => k.startsWith('pricer.brouillon:'))),
    ).toEqual([]);
    w.expectNoConsoleErrors(ENDED_SESSION_ERRORS);
    await w.close();
  });

  it('a restored draft can be discarded: the form goes back to the saved values and the draft is forgotten', async () => {
    const w = await openPage(browser);
    await signIn(w.page, server.url, 'commercial');
    await w.page.goto(`${server.url}/clients/new`);
    await w.page.getByLabel('Nom', { exact: true }).fill(`Brouillon${uniqueWord()}`);
    await w.page.getByLabel('Ville').fill('Colmar');

    await endOtherSessions('commercial');
    await w.page.getByRole('button', { name: 'Créer le client' }).click();
    await w.page.waitForURL((url) => url.pathname === '/auth' && url.searchParams.get('next') === '/clients/new');
    await signInAgain(w.page, 'commercial');
    await w.page.waitForURL(`${server.url}/clients/new`);
    const notice = w.page.getByTestId('draft-notice');
    await notice.waitFor();
    expect(await w.page.getByLabel('Ville').inputValue()).toBe('Colmar');

    await notice.getByRole('button', { name: 'Abandonner le brouillon' }).click();
    await notice.waitFor({ state: 'detached' });
    expect(await w.page.getByLabel('Ville').inputValue()).toBe('');
    expect(await w.page.getByLabel('Nom', { exact: true }).inputValue()).toBe('');
    // Nothing is left to restore: a reload opens an empty form, and leaving asks nothing.
    await w.page.reload();
    await w.page.getByLabel('Ville').waitFor();
    expect(await w.page.getByLabel('Ville').inputValue()).toBe('');
    expect(await w.page.getByTestId('draft-notice').count()).toBe(0);
    w.expectNoConsoleErrors(ENDED_SESSION_ERRORS);
    await w.close();
  });

  it('after a deliberate sign-out, the sign-in page says nothing of an ended session and leads to the dashboard', async () => {
    const w = await openPage(browser);
    await signIn(w.page, server.url, 'commercial');
    await w.page.goto(`${server.url}/clients`);
    await w.page.getByRole('button', { name: 'Déconnexion (commercial)' }).click();
    await w.page.waitForURL(`${server.url}/auth`);
    expect(await w.page.getByTestId('session-ended').count()).toBe(0);
    await signInAgain(w.page, 'commercial');
    await w.page.waitForURL(`${server.url}/`);
    // A signed-out visitor following a link comes back to it after signing in.
    const visitor = await openPage(browser);
    await visitor.page.goto(`${server.url}/clients?q=martin`);
    await visitor.page.waitForURL(
      (url) => url.pathname === '/auth' && url.searchParams.get('next') === '/clients?q=martin',
    );
    expect(await visitor.page.getByTestId('session-ended').count()).toBe(0);
    await signInAgain(visitor.page, 'commercial');
    await visitor.page.waitForURL(`${server.url}/clients?q=martin`);
    w.expectNoConsoleErrors();
    visitor.expectNoConsoleErrors();
    await Promise.all([w.close(), visitor.close()]);
  });
});
