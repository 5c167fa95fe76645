import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { areaOfScreen, can } from '@shared/access';
import { startAppServer, type AppServer } from './app-server';
import { launchChromium } from './browser';
import { openPage, type WatchedPage } from './page';
import { DEMO_PASSWORD, signIn } from './session';

let server: AppServer;
let browser: Browser;

beforeAll(async () => {
  server = await startAppServer({ env: { MARKET_POLL_MS: '3600000' } });
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Every screen of the sidebar, in menu order (spec §2 navigation plus the superadmin areas). */
const MENU_SCREENS = [
  '/',
  '/projects',
  '/quotes',
  '/work-orders',
  '/goldbuy',
  '/clients',
  '/suppliers',
  '/diamonds',
  '/stones',
  '/products',
  '/production-steps',
  '/users',
  '/logs',
  '/settings',
  '/superadmin/organizations',
  '/superadmin/data-sources',
  '/superadmin/modules',
];

/** What the matrix (shared/access.ts) lets a role open: the expected menu, computed, not typed by hand. */
const allowedFor = (role: string) => MENU_SCREENS.filter((p) => can(role, areaOfScreen(p), 'read'));

const DEMO_ROLES = [
  { username: 'superadmin', role: 'superadmin' },
  { username: 'admin', role: 'admin' },
  { username: 'manager', role: 'manager' },
  { username: 'commercial', role: 'sales' },
  { username: 'production', role: 'production' },
];

async function sidebarLinks(w: WatchedPage): Promise<string[]> {
  const nav = w.page.getByTestId('sidebar').getByRole('navigation', { name: 'Navigation principale' });
  await nav.getByRole('link').first().waitFor();
  return nav
    .getByRole('link')
    .evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
}

describe('menu and route guard follow the authorization matrix', () => {
  for (const { username, role } of DEMO_ROLES) {
    it(`${username}: the sidebar shows exactly what the matrix allows, a forbidden URL says "Accès refusé"`, async () => {
      const w = await openPage(browser);
      const context = w.page.waitForResponse((r) => new URL(r.url()).pathname === '/api/me/context');
      await signIn(w.page, server.url, username);
      await context;
      expect(await sidebarLinks(w)).toEqual(allowedFor(role));

      const forbidden = MENU_SCREENS.find((p) => !can(role, areaOfScreen(p), 'read'));
      if (forbidden) {
        await w.page.goto(`${server.url}${forbidden}`);
        await w.page.getByRole('heading', { name: 'Accès refusé', exact: true }).waitFor();
        await w.page.getByRole('link', { name: 'Retour au tableau de bord' }).click();
        await w.page.waitForURL(`${server.url}/`);
      } else {
        await w.page.goto(`${server.url}/superadmin/modules`);
        await w.page.getByRole('heading', { name: 'Modules', exact: true }).waitFor();
        expect(await w.page.getByText('Accès refusé', { exact: true }).count()).toBe(0);
      }
      w.expectNoConsoleErrors();
      await w.close();
    });
  }
});

describe('staff account with a temporary password', () => {
  it('admin creates it; the new user signs in and must change the password first', async () => {
    const admin = await openPage(browser);
    await signIn(admin.page, server.url, 'admin');
    await admin.page.getByTestId('sidebar').getByRole('link', { name: 'Utilisateurs', exact: true }).click();
    await admin.page.getByRole('heading', { name: 'Utilisateurs', exact: true }).waitFor();
    await admin.page.getByRole('button', { name: 'Nouvel utilisateur' }).click();
    const dialog = admin.page.getByRole('dialog');
    const username = `e2e${Date.now().toString(36)}`;
    // Required fields carry an aria-hidden "*": locate them by accessible name.
    await dialog.getByRole('textbox', { name: 'Prénom', exact: true }).fill('Lucie');
    await dialog.getByRole('textbox', { name: 'Nom', exact: true }).fill('Sertisseuse');
    await dialog.getByRole('textbox', { name: 'Email', exact: true }).fill(`${username}@example.test`);
    await dialog.getByRole('textbox', { name: "Nom d'utilisateur", exact: true }).fill(username);
    await dialog.getByRole('combobox', { name: 'Rôle', exact: true }).selectOption('production');
    await dialog.getByRole('button', { name: 'Créer le compte' }).click();
    const secret = dialog.getByTestId('secret-value');
    await secret.waitFor();
    const temporaryPassword = (await secret.textContent())?.trim() ?? '';
    expect(temporaryPassword).toMatch(/^\S{12,}$/);
    await dialog.getByText('Affiché une seule fois.', { exact: true }).waitFor();
    await dialog.getByRole('button', { name: "J'ai copié, fermer" }).click();
    await admin.page
      .getByRole('cell', { name: new RegExp(username) })
      .first()
      .waitFor();
    admin.expectNoConsoleErrors();
    await admin.close();

    const staff = await openPage(browser);
    await signIn(staff.page, server.url, username, temporaryPassword);
    await staff.page.waitForURL(`${server.url}/account`);
    await staff.page.getByText('Changez votre mot de passe pour continuer', { exact: true }).waitFor();
    // Other screens stay closed until the change: a direct visit comes back to Mon compte.
    await staff.page.goto(`${server.url}/work-orders`);
    await staff.page.waitForURL(`${server.url}/account`);

    const newPassword = `${DEMO_PASSWORD}-nouveau`;
    await staff.page.getByLabel('Mot de passe actuel').fill(temporaryPassword);
    await staff.page.getByLabel('Nouveau mot de passe').fill(newPassword);
    await staff.page.getByRole('button', { name: 'Changer le mot de passe' }).click();
    await staff.page.getByText('Vos autres sessions ont été fermées', { exact: true }).waitFor();
    await staff.page.getByTestId('password-change-banner').waitFor({ state: 'detached' });
    await staff.page.getByTestId('sidebar').getByRole('link', { name: 'Ordres Fabrication', exact: true }).click();
    await staff.page.waitForURL(`${server.url}/work-orders`);
    // The shell's price widgets ask before the redirect to Mon compte; the server answers 403 PASSWORD_CHANGE_REQUIRED.
    staff.expectNoConsoleErrors([/status of 403/]);
    await staff.close();
  });
});

describe('modules per organization', () => {
  it('a module turned off leaves the menu and its URL shows the 404 page; turned on again, it is back', async () => {
    const w = await openPage(browser);
    await signIn(w.page, server.url, 'superadmin');
    await w.page.goto(`${server.url}/superadmin/modules`);
    const toggle = w.page.getByRole('switch', { name: "Achats d'Or — Bijouterie Démo", exact: true });
    await toggle.waitFor();
    expect(await toggle.getAttribute('aria-checked')).toBe('true');
    const sidebar = w.page.getByTestId('sidebar');
    await sidebar.getByRole('link', { name: "Achats d'Or", exact: true }).waitFor();

    await toggle.click();
    await w.page.getByText('Module désactivé', { exact: true }).waitFor();
    await sidebar.getByRole('link', { name: "Achats d'Or", exact: true }).waitFor({ state: 'detached' });
    await w.page.goto(`${server.url}/goldbuy`);
    await w.page.getByText('404 Page Not Found', { exact: true }).waitFor();

    await w.page.goto(`${server.url}/superadmin/modules`);
    await toggle.click();
    await w.page.getByText('Module activé', { exact: true }).waitFor();
    await sidebar.getByRole('link', { name: "Achats d'Or", exact: true }).waitFor();
    w.expectNoConsoleErrors();
    await w.close();
  });
});

describe('staff account by invitation', () => {
  it('the one-time link lets the person choose a password, then sign in; a second use is refused', async () => {
    const admin = await openPage(browser);
    await signIn(admin.page, server.url, 'admin');
    await admin.page.goto(`${server.url}/users`);
    await admin.page.getByRole('button', { name: 'Nouvel utilisateur' }).click();
    const dialog = admin.page.getByRole('dialog');
    const username = `inv${Date.now().toString(36)}`;
    await dialog.getByRole('textbox', { name: 'Prénom', exact: true }).fill('Hugo');
    await dialog.getByRole('textbox', { name: 'Nom', exact: true }).fill('Polisseur');
    await dialog.getByRole('textbox', { name: 'Email', exact: true }).fill(`${username}@example.test`);
    await dialog.getByRole('textbox', { name: "Nom d'utilisateur", exact: true }).fill(username);
    await dialog.getByLabel("Lien d'invitation").check();
    await dialog.getByRole('button', { name: 'Créer le compte' }).click();
    const link = (await dialog.getByTestId('secret-value').textContent())?.trim() ?? '';
    expect(link).toMatch(new RegExp(`^${server.url}/invitation/\\S+$`));
    admin.expectNoConsoleErrors();
    await admin.close();

    const guest = await openPage(browser);
    await guest.page.goto(link);
    await guest.page.getByText('Bienvenue Hugo', { exact: true }).waitFor();
    await guest.page.getByLabel('Mot de passe', { exact: true }).fill('atelier-2026');
    await guest.page.getByLabel('Confirmer le mot de passe').fill('atelier-2026');
    await guest.page.getByRole('button', { name: 'Activer mon compte' }).click();
    await guest.page.getByText('Mot de passe enregistré', { exact: true }).waitFor();
    await signIn(guest.page, server.url, username, 'atelier-2026');
    await guest.page.getByTestId('sidebar').getByText('Hugo Polisseur', { exact: true }).waitFor();

    await guest.page.goto(link);
    await guest.page.getByText('Invitation invalide', { exact: true }).waitFor();
    // The used link answers 404, which Chromium reports as a failed resource.
    guest.expectNoConsoleErrors([/status of 404 .*\/api\/invitations\//]);
    await guest.close();
  });
});
