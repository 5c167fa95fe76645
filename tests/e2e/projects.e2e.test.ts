import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { sendJson } from './api';
import type { AppServer } from './app-server';
import { MOBILE, openPage } from './page';
import { noHorizontalOverflow, uniqueWord } from './page-checks';
import { signIn } from './session';
import { shareAppAndBrowser } from './suite';

let server: AppServer;
let browser: Browser;
shareAppAndBrowser((s, b) => ((server = s), (browser = b)));

/** A client made through the API (the clients screens have their own test); its display name. */
async function createClient(page: Page, lastName: string): Promise<{ id: string; displayName: string }> {
  return sendJson(page.request, 'POST', `${server.url}/api/clients`, {
    civility: 'Mme',
    firstName: 'Inès',
    lastName,
    city: 'Lyon',
  });
}

async function searchList(page: Page, text: string): Promise<void> {
  await page.getByRole('searchbox', { name: 'Rechercher', exact: true }).fill(text);
  await page.waitForURL((url) => url.searchParams.get('q') === text);
}

/** The quotes panel asks the quotes module; a 404 (module not there or turned off) reads as "Aucun devis". */
const QUOTES_404 = /status of 404 .*\/api\/quotes\?projectId=/;

describe('projects', () => {
  it('creates a project from the client record, changes its status, sees the timeline, finds it by status', async () => {
    const w = await openPage(browser);
    await signIn(w.page, server.url, 'commercial');
    const word = uniqueWord();
    const client = await createClient(w.page, `Projet${word}`);
    const title = `Bague ${word}`;

    // The client's record lists its projects and offers "Nouveau projet" with the client chosen.
    await w.page.goto(`${server.url}/clients/${client.id}`);
    const panel = w.page.getByTestId('client-projects');
    await panel.getByText('Aucun projet pour ce client', { exact: true }).waitFor();
    await panel.getByRole('link', { name: 'Nouveau projet' }).click();
    await w.page.waitForURL(`${server.url}/projects/new?clientId=${client.id}`);
    await w.page.getByRole('heading', { name: 'Nouveau projet' }).waitFor();
    await w.page.waitForFunction((name) => {
      const select = document.querySelector<HTMLSelectElement>('form[aria-label="Fiche projet"] select');
      return select?.selectedOptions[0]?.textContent?.startsWith(name) ?? false;
    }, client.displayName);

    // The shared zod schema answers in French before anything is sent.
    await w.page.getByLabel('Budget (€)').fill('12,5,0');
    await w.page.getByRole('button', { name: 'Créer le projet' }).click();
    await w.page.getByText('Le titre est obligatoire', { exact: true }).waitFor();

    await w.page.getByLabel('Titre').fill(title);
    await w.page.getByLabel('Budget (€)').fill('1 234,50');
    await w.page.getByLabel('Livraison prévue').fill('2027-02-14');
    await w.page.getByLabel('Description').fill('Solitaire or blanc, diamant 0,50 ct');
    await w.page.getByRole('button', { name: 'Créer le projet' }).click();
    await w.page.waitForURL(/\/projects\/[0-9a-f-]{36}$/);
    await w.page.getByText('Projet créé', { exact: true }).first().waitFor();
    await w.page.getByRole('heading', { name: title, level: 1 }).waitFor();
    const timeline = w.page.getByTestId('project-timeline');
    await timeline.getByText('Projet créé (Idée)', { exact: true }).waitFor();
    expect(await w.page.getByLabel('Budget (€)').inputValue()).toBe('1234,50');
    await w.page.getByTestId('project-quotes').getByText('Aucun devis', { exact: true }).waitFor();

    // Status change: saved, dated in the timeline with its author.
    await w.page.getByLabel('Statut').selectOption({ label: 'Conception' });
    await w.page.getByRole('button', { name: 'Enregistrer' }).click();
    await w.page.getByText('Projet modifié', { exact: true }).first().waitFor();
    const entry = timeline.getByTestId('timeline-entry').filter({ hasText: 'Statut : Idée → Conception' });
    await entry.waitFor();
    expect(await entry.textContent()).toMatch(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2} · Sophie Bernard/);
    expect(await w.page.getByTestId('project-status').first().textContent()).toBe('Conception');

    // A dated note.
    await w.page.getByLabel('Nouvelle note').fill('Tour de doigt 52');
    await w.page.getByRole('button', { name: 'Ajouter la note' }).click();
    await timeline.getByText('Tour de doigt 52', { exact: true }).waitFor();

    // A sketch: shown in the gallery and dated in the timeline.
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    await w.page.getByTestId('photo-input').setInputFiles({ name: 'croquis.png', mimeType: 'image/png', buffer: png });
    await w.page.getByAltText('croquis.png').waitFor();
    await timeline.getByText('croquis.png', { exact: true }).waitFor();
    const dir = process.env.SCREENSHOTS_DIR;
    if (dir) await w.page.screenshot({ path: `${dir}/project-1440.png`, fullPage: true });

    // The list: found with the status filter, not with another status.
    await w.page.goto(`${server.url}/projects`);
    await w.page.getByRole('heading', { name: 'Projets', level: 1 }).waitFor();
    await w.page.getByLabel('Statut', { exact: true }).selectOption({ label: 'Conception' });
    await w.page.waitForURL((url) => url.searchParams.get('status') === 'conception');
    await searchList(w.page, word);
    await w.page.getByRole('cell', { name: title }).waitFor();
    await w.page.getByRole('cell', { name: client.displayName }).waitFor();
    await w.page.waitForFunction(
      () => document.querySelector('[data-testid="list-range"]')?.textContent?.trim() === '1–1 sur 1',
    );
    await w.page.getByLabel('Statut', { exact: true }).selectOption({ label: 'Devis' });
    await w.page.waitForURL((url) => url.searchParams.get('status') === 'devis');
    await w.page.getByText('Aucun projet trouvé', { exact: true }).waitFor();
    if (dir) await w.page.screenshot({ path: `${dir}/projects-1440.png` });

    // The client's record now lists it.
    await w.page.goto(`${server.url}/clients/${client.id}`);
    await panel.getByRole('link', { name: title }).click();
    await w.page.waitForURL(/\/projects\/[0-9a-f-]{36}$/);
    await w.page.getByRole('heading', { name: title, level: 1 }).waitFor();

    w.expectNoConsoleErrors([QUOTES_404]);
    await w.close();
  });

  it('a phone creates a project with the client search, and shows the list and the record at 375 px', async () => {
    const w = await openPage(browser, { viewport: MOBILE });
    await signIn(w.page, server.url, 'commercial');
    const word = uniqueWord();
    const client = await createClient(w.page, `Mobile${word}`);
    const title = `Alliance ${word}`;

    await w.page.goto(`${server.url}/projects`);
    await w.page.getByRole('heading', { name: 'Projets', level: 1 }).waitFor();
    await w.page.getByTestId('list-range').filter({ hasText: 'sur' }).waitFor();
    await noHorizontalOverflow(w.page);

    await w.page.getByRole('link', { name: 'Nouveau projet' }).click();
    await w.page.waitForURL(`${server.url}/projects/new`);
    await w.page.getByLabel('Titre').fill(title);
    await w.page.getByLabel('Rechercher un client', { exact: true }).fill(`mobile${word}`);
    const clientSelect = w.page.getByLabel('Client', { exact: true });
    await clientSelect.locator('option', { hasText: client.displayName }).waitFor({ state: 'attached' });
    await clientSelect.selectOption({ label: `${client.displayName} — Lyon` });
    await w.page.getByLabel('Statut').selectOption({ label: 'Fabrication' });
    await noHorizontalOverflow(w.page);
    await w.page.getByRole('button', { name: 'Créer le projet' }).click();
    await w.page.waitForURL(/\/projects\/[0-9a-f-]{36}$/);
    await w.page.getByTestId('project-timeline').getByText('Projet créé (Fabrication)', { exact: true }).waitFor();
    await noHorizontalOverflow(w.page);
    const dir = process.env.SCREENSHOTS_DIR;
    if (dir) await w.page.screenshot({ path: `${dir}/project-375.png`, fullPage: true });

    await w.page.getByLabel('Statut').selectOption({ label: 'Livré' });
    await w.page.getByRole('button', { name: 'Enregistrer' }).click();
    await w.page.getByTestId('project-timeline').getByText('Statut : Fabrication → Livré', { exact: true }).waitFor();

    await w.page.goto(`${server.url}/projects?status=livre`);
    await searchList(w.page, word);
    await w.page.getByRole('cell', { name: title }).waitFor();
    await noHorizontalOverflow(w.page);
    if (dir) await w.page.screenshot({ path: `${dir}/projects-375.png`, fullPage: true });

    w.expectNoConsoleErrors([QUOTES_404]);
    await w.close();
  });

  it('production cannot open projects (matrix: sales area, none)', async () => {
    const w = await openPage(browser);
    await signIn(w.page, server.url, 'production');
    await w.page.goto(`${server.url}/projects`);
    await w.page.getByRole('heading', { name: 'Accès refusé', exact: true }).waitFor();
    await w.page.goto(`${server.url}/projects/new`);
    await w.page.getByRole('heading', { name: 'Accès refusé', exact: true }).waitFor();
    w.expectNoConsoleErrors();
    await w.close();
  });
});
