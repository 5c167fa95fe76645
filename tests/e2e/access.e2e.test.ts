import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { areaOfScreen, can, canOpenScreen } from '@shared/access';
import type { CurrentUser } from '@shared/schemas/auth';
import { getJson, sendJson } from './api';
import type { AppServer } from './app-server';
import { DESKTOP, MOBILE, openPage, type WatchedPage } from './page';
import { DEMO_PASSWORD, signIn } from './session';
import { shareAppAndBrowser } from './suite';

let server: AppServer;
let browser: Browser;
shareAppAndBrowser((s, b) => ((server = s), (browser = b)));

/** Every screen of the sidebar, in menu order plus the superadmin areas. */
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
  '/diamonds/feeds',
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

describe('organization with its first administrator', () => {
  it('the superadmin creates it; its administrator signs in with the secret shown once', async () => {
    const admin = await openPage(browser);
    await signIn(admin.page, server.url, 'superadmin');
    await admin.page.goto(`${server.url}/superadmin/organizations`);
    const open = admin.page.getByRole('button', { name: 'Nouvelle organisation' });
    await open.click();
    const dialog = admin.page.getByRole('dialog');
    // Annuler closes without sending anything.
    await dialog.getByRole('textbox', { name: "Nom de l'organisation", exact: true }).fill('Brouillon');
    await dialog.getByRole('button', { name: 'Annuler', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await open.click();
    expect(await dialog.getByRole('textbox', { name: "Nom de l'organisation", exact: true }).inputValue()).toBe('');

    // Refused when empty, each field saying why; then created.
    await dialog.getByRole('button', { name: "Créer l'organisation", exact: true }).click();
    expect(await dialog.locator('[aria-invalid="true"]').count()).toBeGreaterThanOrEqual(5);
    const username = `org${Date.now().toString(36)}`;
    await dialog.getByRole('textbox', { name: "Nom de l'organisation", exact: true }).fill(`Atelier ${username}`);
    await dialog.getByRole('textbox', { name: 'Prénom', exact: true }).fill('Inès');
    await dialog.getByRole('textbox', { name: 'Nom', exact: true }).fill('Orfèvre');
    await dialog.getByRole('textbox', { name: 'Email', exact: true }).fill(`${username}@example.test`);
    await dialog.getByRole('textbox', { name: "Nom d'utilisateur", exact: true }).fill(username);
    await dialog.getByRole('button', { name: "Créer l'organisation", exact: true }).click();
    await admin.page.getByText('Organisation créée', { exact: true }).first().waitFor();
    const secret = dialog.getByTestId('secret-value');
    await secret.waitFor();
    const temporaryPassword = (await secret.textContent())?.trim() ?? '';
    expect(temporaryPassword).toMatch(/^\S{12,}$/);
    await dialog.getByRole('button', { name: "J'ai copié, fermer" }).click();
    await dialog.waitFor({ state: 'detached' });
    // Shown once: opened again, the dialog is an empty form.
    await open.click();
    expect(await dialog.getByTestId('secret-value').count()).toBe(0);
    expect(await dialog.getByRole('textbox', { name: "Nom d'utilisateur", exact: true }).inputValue()).toBe('');
    await admin.page.keyboard.press('Escape');
    admin.expectNoConsoleErrors();
    await admin.close();

    const first = await openPage(browser);
    await signIn(first.page, server.url, username, temporaryPassword);
    await first.page.waitForURL(`${server.url}/account`);
    await first.page.getByText('Changez votre mot de passe pour continuer', { exact: true }).waitFor();
    first.expectNoConsoleErrors([/status of 403/]);
    await first.close();
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
    // a French page, not the developer 404.
    await w.page
      .getByRole('heading', { name: "Ce module n'est pas activé pour votre organisation", level: 1 })
      .waitFor();
    expect(await w.page.getByText('404 Page Not Found').count()).toBe(0);

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

/** Creation screens and the roles that may only read their area. */
const CREATION_SCREENS = [
  { path: '/suppliers/new', heading: 'Nouveau fournisseur' },
  { path: '/stones/new', heading: 'Nouvel article' },
  { path: '/production-steps/new', heading: 'Nouvelle étape' },
  { path: '/clients/new', heading: 'Nouveau client' },
];

describe('screens a role may not use are refused before the form shows', () => {
  it('the matrix refuses the creation screens of a read-only area to sales and production', () => {
    for (const path of ['/suppliers/new', '/stones/new', '/production-steps/new']) {
      expect(canOpenScreen('sales', path)).toBe(false);
    }
    expect(canOpenScreen('production', '/suppliers/new')).toBe(false);
    expect(canOpenScreen('production', '/stones/new')).toBe(false);
  });

  for (const { username, role } of DEMO_ROLES) {
    it(`${username}: each creation screen shows its form or "Accès refusé", never a form it cannot save`, async () => {
      const w = await openPage(browser);
      await signIn(w.page, server.url, username);
      for (const { path, heading } of CREATION_SCREENS) {
        await w.page.goto(`${server.url}${path}`);
        const allowed = canOpenScreen(role, path);
        if (allowed) {
          await w.page.getByRole('heading', { name: new RegExp(`^${heading}`), level: 1 }).waitFor();
        } else {
          await w.page.getByRole('heading', { name: 'Accès refusé', level: 1 }).waitFor();
          expect(await w.page.locator('form').count(), `${username} ${path}`).toBe(0);
          expect(await w.page.title()).toBe('Accès refusé · Pricer Bijouterie');
          // A role that may read the area is pointed back to its list.
          const back = w.page.getByRole('link', { name: 'Retour à la liste' });
          if (can(role, areaOfScreen(path), 'read')) {
            expect(await back.getAttribute('href')).toBe(path.replace(/\/new$/, ''));
          } else {
            expect(await back.count()).toBe(0);
          }
        }
      }
      w.expectNoConsoleErrors();
      await w.close();
    });
  }
});

/** The dashboard's quick actions and the header's shortcuts a role sees. */
const QUICK_ACTION_PATHS: Record<string, string> = {
  'Gérer Clients': '/clients',
  'Gérer Fournisseurs': '/suppliers',
  'Gérer Devis': '/quotes',
  'Gérer Produits': '/products',
};

async function quickActions(w: WatchedPage): Promise<Array<{ name: string; href: string }>> {
  const card = w.page.getByTestId('quick-actions');
  await card.waitFor();
  return card.getByRole('link').evaluateAll((links) =>
    links.map((a) => ({
      name: (a.textContent ?? '').replace(/\s+/g, ' ').trim(),
      href: new URL((a as HTMLAnchorElement).href).pathname,
    })),
  );
}

async function headerShortcuts(w: WatchedPage): Promise<string[]> {
  const shortcuts = w.page.getByTestId('header-shortcuts');
  await shortcuts.waitFor({ state: 'attached' });
  return shortcuts.getByRole('link').evaluateAll((links) => links.map((a) => (a.textContent ?? '').trim()));
}

describe('dashboard quick actions and header shortcuts follow the role and the modules', () => {
  for (const { username, role } of DEMO_ROLES) {
    it(`${username}: only what the role may open, as real links`, async () => {
      const w = await openPage(browser);
      await signIn(w.page, server.url, username);
      const expected = Object.entries(QUICK_ACTION_PATHS)
        .filter(([, path]) => canOpenScreen(role, path))
        .map(([label, path]) => ({ label, path }));
      const shown = await quickActions(w);
      expect(shown.map((a) => a.href)).toEqual(expected.map((a) => a.path));
      for (const [i, action] of shown.entries()) expect(action.name.startsWith(expected[i]!.label)).toBe(true);

      const header = await headerShortcuts(w);
      const expectedHeader = [
        ...(canOpenScreen(role, '/clients') ? ['Clients'] : []),
        ...(canOpenScreen(role, '/products') ? ['Produits'] : []),
        ...(can(role, 'sales', 'write') ? ['Nouveau Devis'] : []),
      ];
      expect(header).toEqual(expectedHeader);
      w.expectNoConsoleErrors();
      await w.close();
    });
  }

  it('production sees neither the clients nor the quotes shortcuts', async () => {
    const w = await openPage(browser);
    await signIn(w.page, server.url, 'production');
    const shown = await quickActions(w);
    expect(shown.map((a) => a.href)).toEqual(['/suppliers', '/products']);
    expect(await headerShortcuts(w)).toEqual(['Produits']);
    w.expectNoConsoleErrors();
    await w.close();
  });

  it('a quick action is a link: a click navigates with the toast, a middle-click opens a new tab', async () => {
    const w = await openPage(browser);
    await signIn(w.page, server.url, 'commercial');
    const link = w.page.getByTestId('quick-actions').getByRole('link', { name: /Gérer Fournisseurs/ });
    expect(await link.getAttribute('href')).toBe('/suppliers');

    const opened = w.page.context().waitForEvent('page');
    await link.click({ button: 'middle' });
    const tab = await opened;
    await tab.waitForURL(`${server.url}/suppliers`);
    expect(w.page.url()).toBe(`${server.url}/`);
    await tab.close();

    await link.click();
    await w.page.waitForURL(`${server.url}/suppliers`);
    await w.page.getByText('Navigation vers Fournisseurs', { exact: true }).waitFor();
    w.expectNoConsoleErrors();
    await w.close();
  });

  it('modules turned off: the French page, and their menu items, quick actions and header shortcuts disappear', async () => {
    const superadmin = await openPage(browser);
    await signIn(superadmin.page, server.url, 'superadmin');
    const sales = await openPage(browser);
    await signIn(sales.page, server.url, 'commercial');
    const me = await getJson<CurrentUser>(sales.page.request, `${server.url}/api/user`);
    const setModules = (modules: Record<string, boolean>) =>
      sendJson(
        superadmin.page.request,
        'PUT',
        `${server.url}/api/superadmin/organizations/${me.organizationId}/modules`,
        {
          modules,
        },
      );
    await setModules({ clients: false, products: false, quotes: false });
    try {
      await sales.page.reload();
      const shown = await quickActions(sales);
      expect(shown.map((a) => a.href)).toEqual(['/suppliers']);
      expect(await headerShortcuts(sales)).toEqual([]);
      expect(await sidebarLinks(sales)).not.toContain('/clients');
      expect(await sidebarLinks(sales)).not.toContain('/products');

      for (const viewport of [DESKTOP, MOBILE]) {
        await sales.page.setViewportSize(viewport);
        for (const path of ['/clients', '/clients/new', '/products', '/quotes']) {
          await sales.page.goto(`${server.url}${path}`);
          await sales.page
            .getByRole('heading', { name: "Ce module n'est pas activé pour votre organisation", level: 1 })
            .waitFor();
          expect(await sales.page.getByText('404 Page Not Found').count()).toBe(0);
          expect(await sales.page.title()).toBe('Module non activé · Pricer Bijouterie');
        }
      }
      await sales.page.setViewportSize(DESKTOP);
    } finally {
      await setModules({ clients: true, products: true, quotes: true });
    }
    await sales.page.goto(`${server.url}/`);
    expect((await quickActions(sales)).map((a) => a.href)).toEqual(['/clients', '/suppliers', '/quotes', '/products']);
    sales.expectNoConsoleErrors();
    superadmin.expectNoConsoleErrors();
    await Promise.all([sales.close(), superadmin.close()]);
  });
});
