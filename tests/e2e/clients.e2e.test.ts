import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { AppServer } from './app-server';
import { MOBILE, openPage } from './page';
import { uniqueWord } from './page-checks';
import { signIn } from './session';
import { shareAppAndBrowser } from './suite';

let server: AppServer;
let browser: Browser;
shareAppAndBrowser((s, b) => ((server = s), (browser = b)));

async function searchList(page: Page, text: string): Promise<void> {
  const box = page.getByRole('searchbox', { name: 'Rechercher' });
  await box.fill(text);
  await page.waitForURL((url) => url.searchParams.get('q') === text);
}

async function rangeText(page: Page): Promise<string> {
  return ((await page.getByTestId('list-range').textContent()) ?? '').trim();
}

describe('clients', () => {
  it('creates a client, finds it without accents, edits it and archives it', async () => {
    const w = await openPage(browser);
    await signIn(w.page, server.url, 'commercial');
    const word = uniqueWord();
    const lastName = `Dévé${word}`;

    await w.page.goto(`${server.url}/clients`);
    await w.page.getByRole('heading', { name: 'Clients & prospects' }).waitFor();
    await w.page.getByRole('link', { name: 'Nouveau client' }).click();
    await w.page.waitForURL(`${server.url}/clients/new`);

    // The shared zod schema answers inline, in French, before anything is sent.
    await w.page.getByRole('button', { name: 'Créer le client' }).click();
    await w.page.getByText('Le nom est obligatoire', { exact: true }).waitFor();

    await w.page.getByLabel('Civilité').selectOption('Mme');
    await w.page.getByLabel('Prénom').fill('Hélène');
    await w.page.getByLabel('Nom', { exact: true }).fill(lastName);
    await w.page.getByLabel('E-mail').fill(`${word}@example.test`);
    await w.page.getByLabel('Ville').fill('Lyon');
    await w.page.getByLabel('Étiquettes').fill('VIP, mariage');
    await w.page.getByRole('button', { name: 'Créer le client' }).click();
    await w.page.waitForURL(/\/clients\/[0-9a-f-]{36}$/);
    await w.page.getByText('Client créé', { exact: true }).waitFor();
    await w.page.getByRole('heading', { name: `Mme Hélène ${lastName}` }).waitFor();
    await w.page.getByText('Aucun devis pour ce client', { exact: true }).waitFor();

    // Search without accents, in lower case.
    await w.page.goto(`${server.url}/clients`);
    await searchList(w.page, `helene deve${word}`);
    await w.page.getByRole('cell', { name: `Mme Hélène ${lastName}` }).waitFor();
    await w.page.waitForFunction(
      () => document.querySelector('[data-testid="list-range"]')?.textContent?.trim() === '1–1 sur 1',
    );
    // The search is in the URL: a reload shows the same list.
    await w.page.reload();
    await w.page.getByRole('cell', { name: `Mme Hélène ${lastName}` }).waitFor();
    expect(await w.page.getByRole('searchbox', { name: 'Rechercher' }).inputValue()).toBe(`helene deve${word}`);

    // Edit.
    await w.page.getByRole('cell', { name: `Mme Hélène ${lastName}` }).click();
    await w.page.getByRole('link', { name: 'Modifier' }).click();
    await w.page.waitForURL(/\/edit$/);
    await w.page.getByLabel('Ville').fill('Annecy');

    // Unsaved changes: leaving asks first; staying keeps what was typed.
    await w.page.getByRole('link', { name: 'Annuler' }).click();
    const leave = w.page.getByRole('alertdialog');
    await leave.getByText('Quitter sans enregistrer ?', { exact: true }).waitFor();
    await leave.getByRole('button', { name: 'Rester sur la page' }).click();
    expect(new URL(w.page.url()).pathname).toMatch(/\/edit$/);
    expect(await w.page.getByLabel('Ville').inputValue()).toBe('Annecy');

    // Someone else saves the client meanwhile: our save gets 409, nothing is lost, "Recharger" loads theirs.
    const clientId = new URL(w.page.url()).pathname.split('/')[2]!;
    const { csrfToken } = (await (await w.page.request.get(`${server.url}/api/csrf-token`)).json()) as {
      csrfToken: string;
    };
    const current = (await (await w.page.request.get(`${server.url}/api/clients/${clientId}`)).json()) as {
      version: number;
    };
    const other = await w.page.request.patch(`${server.url}/api/clients/${clientId}`, {
      headers: { 'x-csrf-token': csrfToken },
      data: { city: 'Grenoble', version: current.version },
    });
    expect(other.status()).toBe(200);
    await w.page.getByRole('button', { name: 'Enregistrer' }).click();
    await w.page
      .getByText("Cet enregistrement a été modifié par quelqu'un d'autre. Rechargez la page.", { exact: true })
      .waitFor();
    expect(await w.page.getByLabel('Ville').inputValue()).toBe('Annecy');
    await w.page.getByRole('button', { name: 'Recharger' }).click();
    await w.page.waitForFunction(
      () => (document.querySelector('input[name="city"]') as HTMLInputElement | null)?.value === 'Grenoble',
    );
    await w.page.getByLabel('Ville').fill('Annecy');
    await w.page.getByRole('button', { name: 'Enregistrer' }).click();
    await w.page.getByText('Client modifié', { exact: true }).waitFor();
    await w.page.waitForURL(/\/clients\/[0-9a-f-]{36}$/);
    await w.page.getByText('Annecy', { exact: false }).first().waitFor();

    // Archive, after confirmation.
    await w.page.getByRole('button', { name: 'Archiver' }).click();
    const dialog = w.page.getByRole('alertdialog');
    await dialog.getByText('Archiver ce client ?', { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Archiver' }).click();
    await w.page.waitForURL(`${server.url}/clients`);
    await w.page.getByText('Client archivé', { exact: true }).waitFor();
    await searchList(w.page, `helene deve${word}`);
    await w.page.getByText('Aucun client trouvé', { exact: true }).waitFor();
    expect(await rangeText(w.page)).toBe('0 résultat');

    // Chromium logs the expected 409 of the stale save as a failed resource.
    w.expectNoConsoleErrors([/status of 409 .*\/api\/clients\/[0-9a-f-]{36}$/]);
    await w.close();
  });

  it('imports a CSV: the preview shows the bad row, only the good one is imported', async () => {
    const w = await openPage(browser);
    await signIn(w.page, server.url, 'commercial');
    const word = uniqueWord();
    const csv = [
      'Prénom;Nom;E-mail;Ville',
      `Anaïs;Import${word};anais.${word}@example.test;Nantes`,
      `Paul;;pas-un-email;Brest`,
    ].join('\n');

    await w.page.goto(`${server.url}/clients`);
    await w.page.getByRole('button', { name: 'Importer CSV' }).click();
    const dialog = w.page.getByRole('dialog');
    await dialog.getByLabel('… ou collez le contenu').fill(csv);
    await dialog.getByRole('button', { name: 'Vérifier le fichier' }).click();
    const preview = dialog.getByTestId('import-preview');
    await preview.getByText('1 ligne valide', { exact: true }).waitFor();
    await preview.getByText('1 ligne en erreur', { exact: true }).waitFor();
    await preview.getByText('Le nom est obligatoire', { exact: false }).waitFor();
    await preview.getByRole('cell', { name: '3', exact: true }).waitFor();

    await dialog.getByRole('button', { name: 'Importer 1 ligne valide' }).click();
    await w.page.getByText('Import terminé', { exact: true }).waitFor();

    await searchList(w.page, `import${word}`);
    await w.page.getByRole('cell', { name: `Anaïs Import${word}` }).waitFor();
    const bad = (await (await w.page.request.get(`${server.url}/api/clients?q=brest`)).json()) as {
      items: Array<{ firstName: string | null }>;
    };
    expect(bad.items.some((c) => c.firstName === 'Paul')).toBe(false);

    w.expectNoConsoleErrors();
    await w.close();
  });

  it('a search matching more than 1,000 clients says so and still pages, on a phone', async () => {
    const w = await openPage(browser, { viewport: MOBILE });
    await signIn(w.page, server.url, 'commercial');
    const word = uniqueWord();
    const rows = Array.from({ length: 1050 }, (_, i) => `Client${i};Large${word};Lyon`);
    await w.page.goto(`${server.url}/clients`);
    await w.page.getByRole('button', { name: 'Importer CSV' }).click();
    const dialog = w.page.getByRole('dialog');
    await dialog.getByLabel('… ou collez le contenu').fill(['Prénom;Nom;Ville', ...rows].join('\n'));
    await dialog.getByRole('button', { name: 'Vérifier le fichier' }).click();
    await dialog.getByRole('button', { name: /^Importer 1.050 lignes valides$/ }).click();
    await w.page.getByText('Import terminé', { exact: true }).waitFor();
    await dialog.waitFor({ state: 'hidden' });

    await searchList(w.page, `large${word}`);
    const capped = (n: string) => `${n} sur plus de 1 000 (affinez la recherche)`;
    await w.page.getByTestId('list-range').filter({ hasText: 'affinez' }).waitFor();
    expect((await rangeText(w.page)).replace(/\s/g, ' ')).toBe(capped('1–25'));
    await w.page.getByRole('button', { name: 'Page suivante' }).click();
    await w.page.waitForURL((url) => url.searchParams.get('page') === '2');
    await w.page.getByTestId('list-range').filter({ hasText: '26–50' }).waitFor();
    expect((await rangeText(w.page)).replace(/\s/g, ' ')).toBe(capped('26–50'));
    const overflow = await w.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const dir = process.env.SCREENSHOTS_DIR;
    if (dir) await w.page.screenshot({ path: `${dir}/clients-capped-375.png`, fullPage: true });
    w.expectNoConsoleErrors();
    await w.close();
  });

  it('a phone shows the list and the form at 375 px', async () => {
    const w = await openPage(browser, { viewport: MOBILE });
    await signIn(w.page, server.url, 'admin');
    await w.page.goto(`${server.url}/clients`);
    await w.page.getByRole('heading', { name: 'Clients & prospects' }).waitFor();
    await w.page.getByTestId('list-range').filter({ hasText: 'sur' }).waitFor();
    const overflow = await w.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const dir = process.env.SCREENSHOTS_DIR;
    if (dir) await w.page.screenshot({ path: `${dir}/clients-375.png`, fullPage: true });
    await w.page.goto(`${server.url}/clients/new`);
    await w.page.getByRole('button', { name: 'Créer le client' }).waitFor();
    if (dir) await w.page.screenshot({ path: `${dir}/client-new-375.png`, fullPage: true });
    w.expectNoConsoleErrors();
    await w.close();
  });
});

describe('suppliers, stones and production steps', () => {
  it('creates a supplier, a subcontracted step using it and a stone, each through its form', async () => {
    const w = await openPage(browser);
    await signIn(w.page, server.url, 'admin');
    const word = uniqueWord();
    const supplierName = `Atelier ${word}`;

    // The list answer for this search is cached (no match) before the supplier exists.
    await w.page.goto(`${server.url}/suppliers`);
    await w.page.getByRole('heading', { name: 'Ateliers & partenaires' }).waitFor();
    await searchList(w.page, word);
    await w.page.getByText('0 résultat', { exact: true }).waitFor();

    await w.page.goto(`${server.url}/suppliers/new`);
    await w.page.getByRole('button', { name: 'Créer le fournisseur' }).click();
    await w.page.getByText('Le nom est obligatoire', { exact: true }).waitFor();
    await w.page.getByLabel('Nom', { exact: true }).fill(supplierName);
    await w.page.getByRole('button', { name: 'Créer le fournisseur' }).click();
    await w.page.waitForURL(`${server.url}/suppliers`);
    await w.page.getByText('Fournisseur créé', { exact: true }).waitFor();
    await searchList(w.page, word);
    await w.page.getByRole('cell', { name: supplierName }).waitFor();
    await w.page.waitForFunction(
      () => document.querySelector('[data-testid="list-range"]')?.textContent?.trim() === '1–1 sur 1',
    );

    await w.page.goto(`${server.url}/production-steps/new`);
    await w.page.getByLabel('Nom', { exact: true }).fill(`Sertissage ${word}`);
    await w.page.getByLabel('Code').fill(`SERTI-${word}`);
    await w.page.getByLabel('Réalisation').selectOption('subcontracted');
    await w.page.getByLabel('Sous-traitant').selectOption({ label: supplierName });
    await w.page.getByRole('button', { name: 'Créer l’étape' }).click();
    await w.page.waitForURL(`${server.url}/production-steps`);
    await w.page.getByText('Étape créée', { exact: true }).waitFor();
    await w.page.getByText(`Sertissage ${word}`, { exact: true }).first().waitFor();

    await w.page.goto(`${server.url}/stones/new`);
    await w.page.getByLabel('Nom', { exact: true }).fill(`Saphir ${word}`);
    await w.page.getByRole('button', { name: 'Créer l’article' }).click();
    await w.page.waitForURL(`${server.url}/stones`);
    await w.page.getByText('Article créé', { exact: true }).waitFor();
    await searchList(w.page, word);
    await w.page.getByRole('cell', { name: `Saphir ${word}` }).waitFor();

    w.expectNoConsoleErrors();
    await w.close();
  });

  it('lists them, reorders production steps and hides writes from a read-only role', async () => {
    const dir = process.env.SCREENSHOTS_DIR;
    const w = await openPage(browser);
    await signIn(w.page, server.url, 'admin');

    await w.page.goto(`${server.url}/suppliers`);
    await w.page.getByRole('heading', { name: 'Ateliers & partenaires' }).waitFor();
    await w.page.getByTestId('list-range').filter({ hasText: 'sur' }).waitFor();
    await w.page.getByRole('radio', { name: 'Tous', exact: true }).waitFor();
    if (dir) await w.page.screenshot({ path: `${dir}/suppliers-1440.png` });

    await w.page.goto(`${server.url}/stones`);
    await w.page.getByRole('heading', { name: 'Pierres & Composants' }).waitFor();
    await w.page.getByTestId('list-range').filter({ hasText: 'sur' }).waitFor();
    if (dir) await w.page.screenshot({ path: `${dir}/stones-1440.png` });

    await w.page.goto(`${server.url}/production-steps`);
    await w.page.getByRole('heading', { name: 'Étapes Production' }).waitFor();
    // The shared archive filter, its labels agreed with "étapes".
    await w.page.getByRole('radio', { name: 'Toutes', exact: true }).waitFor();
    const firstTwo = async () => {
      const res = await w.page.request.get(`${server.url}/api/production-steps?sort=position&pageSize=100`);
      const body = (await res.json()) as { items: Array<{ name: string }> };
      return body.items.slice(0, 2).map((s) => s.name);
    };
    const [first, second] = await firstTwo();
    expect(first).toBeDefined();
    await w.page.getByRole('button', { name: `Descendre ${first}` }).click();
    await w.page.getByText('Ordre des étapes enregistré', { exact: true }).waitFor();
    expect(await firstTwo()).toEqual([second, first]);
    await w.page.getByRole('button', { name: `Monter ${first}` }).click();
    await w.page.waitForFunction(
      async ([url, name]) => {
        const res = await fetch(`${url}/api/production-steps?sort=position&pageSize=1`);
        const body = (await res.json()) as { items: Array<{ name: string }> };
        return body.items[0]?.name === name;
      },
      [server.url, first] as const,
    );
    if (dir) await w.page.screenshot({ path: `${dir}/production-steps-1440.png` });
    w.expectNoConsoleErrors();
    await w.close();

    // Sales reads stones (matrix: catalog R): no create, import or archive.
    const s = await openPage(browser);
    await s.page.addInitScript(() => window.localStorage.setItem('theme', 'dark'));
    await signIn(s.page, server.url, 'commercial');
    await s.page.goto(`${server.url}/stones`);
    await s.page.getByRole('heading', { name: 'Pierres & Composants' }).waitFor();
    await s.page.getByTestId('list-range').filter({ hasText: 'sur' }).waitFor();
    expect(await s.page.getByRole('link', { name: 'Nouvel article' }).count()).toBe(0);
    expect(await s.page.getByRole('button', { name: 'Importer CSV' }).count()).toBe(0);
    if (dir) await s.page.screenshot({ path: `${dir}/stones-sales-dark.png` });
    // A USD item: its sheet shows the EUR value at the live rate, read-only for sales.
    // The row is one link (its first cell's link covers the row): a click anywhere on it opens the sheet.
    await s.page.getByRole('row').filter({ hasText: '≈' }).first().getByRole('link').first().click();
    await s.page.waitForURL(/\/stones\/[0-9a-f-]{36}$/);
    await s.page.getByText('Coût en euros (cours du moment)', { exact: true }).waitFor();
    expect(await s.page.getByRole('button', { name: 'Enregistrer' }).count()).toBe(0);
    expect(await s.page.getByLabel('Nom', { exact: true }).isDisabled()).toBe(true);
    if (dir) await s.page.screenshot({ path: `${dir}/stone-sales-dark.png`, fullPage: true });
    s.expectNoConsoleErrors();
    await s.close();
  });
});
