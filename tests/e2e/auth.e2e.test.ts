import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppServer, type AppServer } from './app-server';
import { launchChromium } from './browser';
import { openPage } from './page';

let server: AppServer;
let browser: Browser;

beforeAll(async () => {
  server = await startAppServer();
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const unique = () => `e2e${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

describe('sign-up and sign-in', () => {
  it('refuses mismatched passwords with the toast and sends nothing', async () => {
    const w = await openPage(browser);
    const registerCalls: string[] = [];
    w.page.on('request', (req) => {
      if (req.url().endsWith('/api/register')) registerCalls.push(req.method());
    });
    await w.page.goto(`${server.url}/auth`);
    await w.page.getByRole('tab', { name: 'Inscription' }).click();
    await w.page.getByLabel('Prénom').fill('Jeanne');
    await w.page.getByLabel('Nom', { exact: true }).fill('Orfèvre');
    await w.page.getByLabel('Email').fill('jeanne@example.test');
    await w.page.getByLabel("Nom d'utilisateur").fill(unique());
    await w.page.getByLabel('Mot de passe', { exact: true }).fill('motdepasse-1');
    await w.page.getByLabel('Confirmer le mot de passe').fill('motdepasse-2');
    await w.page.getByRole('button', { name: 'Créer le compte' }).click();
    await w.page.getByText('Les mots de passe ne correspondent pas', { exact: true }).waitFor();
    expect(registerCalls).toEqual([]);
    expect(new URL(w.page.url()).pathname).toBe('/auth');
    w.expectNoConsoleErrors();
    await w.close();
  });

  it('signs up, lands on / with the toast, signs out, signs in again with the toast', async () => {
    const w = await openPage(browser);
    const username = unique();
    await w.page.goto(`${server.url}/auth`);
    await w.page.getByRole('tab', { name: 'Inscription' }).click();
    await w.page.getByLabel('Prénom').fill('Jeanne');
    await w.page.getByLabel('Nom', { exact: true }).fill('Orfèvre');
    await w.page.getByLabel('Email').fill(`${username}@example.test`);
    await w.page.getByLabel("Nom d'utilisateur").fill(username);
    // Not "motdepasse-1": the password policy refuses it as common (shared/password-policy.ts).
    await w.page.getByLabel('Mot de passe', { exact: true }).fill('bague-saphir-18');
    await w.page.getByLabel('Confirmer le mot de passe').fill('bague-saphir-18');
    await w.page.getByRole('button', { name: 'Créer le compte' }).click();
    await w.page.waitForURL(`${server.url}/`);
    await w.page.getByText('Votre compte a été créé avec succès', { exact: true }).waitFor();
    await w.page.getByText('Jeanne Orfèvre', { exact: true }).waitFor();
    await w.page.getByText('Administrateur', { exact: true }).waitFor();

    await w.page.getByRole('button', { name: `Déconnexion (${username})` }).click();
    await w.page.waitForURL(`${server.url}/auth`);

    await w.page.getByLabel("Nom d'utilisateur").fill(username);
    await w.page.getByLabel('Mot de passe').fill('bague-saphir-18');
    await w.page.getByRole('button', { name: 'Se connecter' }).click();
    await w.page.waitForURL(`${server.url}/`);
    await w.page.getByText('Bienvenue dans Pricer Bijouterie', { exact: true }).waitFor();
    w.expectNoConsoleErrors();
    await w.close();
  });

  it('shows the login failure toast with the server message', async () => {
    const w = await openPage(browser);
    await w.page.goto(`${server.url}/auth`);
    await w.page.getByLabel("Nom d'utilisateur").fill('nobody-here');
    await w.page.getByLabel('Mot de passe').fill('wrong-password');
    await w.page.getByRole('button', { name: 'Se connecter' }).click();
    await w.page.getByText('Login failed', { exact: true }).waitFor();
    await w.page.getByText("Nom d'utilisateur ou mot de passe incorrect", { exact: true }).waitFor();
    // The browser reports the 401 of the failed sign-in as a resource error; nothing else is allowed.
    w.expectNoConsoleErrors([/status of 401 .* @ .*\/api\/login$/]);
    await w.close();
  });

  it('sends a signed-out visitor to /auth and shows the 404 page for unknown paths', async () => {
    const w = await openPage(browser);
    await w.page.goto(`${server.url}/quotes`);
    // The sign-in page knows where to come back.
    await w.page.waitForURL(`${server.url}/auth?next=%2Fquotes`);
    await w.page.goto(`${server.url}/definitely/not/a/page`);
    await w.page.getByText('404 Page Not Found', { exact: true }).waitFor();
    await w.page.getByText('Did you forget to add the page to the router?', { exact: true }).waitFor();
    w.expectNoConsoleErrors();
    await w.close();
  });
});
