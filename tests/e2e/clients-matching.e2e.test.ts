/**
 * Clients: a homonym is shown BEFORE the record is written (no POST until the person says so),
 * and a CSV import recognises existing clients and updates or leaves them, as the person chooses.
 */
import type { Browser, Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { AppServer } from './app-server';
import { DESKTOP, MOBILE, openPage } from './page';
import { signIn } from './session';
import { shareAppAndBrowser } from './suite';

let server: AppServer;
let browser: Browser;
shareAppAndBrowser((s, b) => ((server = s), (browser = b)));

/** Every request that writes a client (POST /api/clients, PATCH /api/clients/:id), in order. */
function watchClientWrites(page: Page): string[] {
  const writes: string[] = [];
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    if (!url.pathname.startsWith('/api/clients')) return;
    if (request.method() === 'POST' && url.pathname === '/api/clients') writes.push('POST');
    if (request.method() === 'PATCH') writes.push(`PATCH ${url.pathname}`);
  });
  return writes;
}

async function fillIdentity(page: Page, firstName: string, lastName: string, postalCode: string): Promise<void> {
  await page.getByLabel('Prénom').fill(firstName);
  await page.getByLabel('Nom', { exact: true }).fill(lastName);
  await page.getByLabel('Code postal').fill(postalCode);
}

describe('clients: existing clients are recognised before anything is written', () => {
  it('creating "Hélène Dupré, 75011" twice: the second time the homonym shows before any POST', async () => {
    const w = await openPage(browser);
    const writes = watchClientWrites(w.page);
    await signIn(w.page, server.url, 'commercial');

    await w.page.goto(`${server.url}/clients/new`);
    await fillIdentity(w.page, 'Hélène', 'Dupré', '75011');
    await w.page.getByRole('button', { name: 'Créer le client' }).click();
    await w.page.waitForURL(/\/clients\/[0-9a-f-]{36}$/);
    await w.page.getByText('Client créé', { exact: true }).waitFor();
    const firstId = new URL(w.page.url()).pathname.split('/')[2]!;
    expect(writes).toEqual(['POST']);

    // The second time: the warning comes as the person types, and the save waits for them.
    await w.page.goto(`${server.url}/clients/new`);
    await fillIdentity(w.page, 'helene', 'DUPRE', '75 011');
    const warning = w.page.getByTestId('duplicate-warning');
    await warning.getByText('même nom et code postal', { exact: false }).waitFor();
    await w.page.getByRole('button', { name: 'Créer le client' }).click();
    await warning.getByText('Ce client existe peut-être déjà', { exact: false }).waitFor();
    const link = warning.getByRole('link', { name: 'Hélène Dupré' });
    expect(await link.getAttribute('href')).toBe(`/clients/${firstId}`);
    // Focus moves to the warning, which says why nothing was saved.
    await w.page.waitForFunction(() => document.activeElement?.textContent?.includes('existe peut-être déjà'));
    await w.page.waitForTimeout(300);
    expect(writes).toEqual(['POST']);
    expect(new URL(w.page.url()).pathname).toBe('/clients/new');

    // "Enregistrer quand même": a homonym may be another person.
    await warning.getByRole('button', { name: 'Enregistrer quand même' }).click();
    await w.page.waitForURL(/\/clients\/[0-9a-f-]{36}$/);
    await w.page.getByText('Client créé', { exact: true }).waitFor();
    expect(writes).toEqual(['POST', 'POST']);
    const secondId = new URL(w.page.url()).pathname.split('/')[2]!;
    expect(secondId).not.toBe(firstId);
    // Already seen and accepted: not repeated on the client's page.
    await w.page.getByRole('heading', { name: 'helene DUPRE' }).waitFor();
    expect(await w.page.getByTestId('duplicate-warning').count()).toBe(0);

    // Editing what does not identify the client saves at once (the homonym is known and accepted).
    await w.page.goto(`${server.url}/clients/${secondId}/edit`);
    await w.page.getByLabel('Notes').fill('Sœur de la première');
    await w.page.getByRole('button', { name: 'Enregistrer' }).click();
    await w.page.getByText('Client modifié', { exact: true }).waitFor();
    expect(writes).toEqual(['POST', 'POST', `PATCH /api/clients/${secondId}`]);
    w.expectNoConsoleErrors();
    await w.close();
  });

  it('tags take the organization spelling in the form, and the list filter finds them whatever the case', async () => {
    const w = await openPage(browser);
    await signIn(w.page, server.url, 'commercial');
    await w.page.goto(`${server.url}/clients/new`);
    await w.page.getByLabel('Nom', { exact: true }).fill('Étiquetée');
    // The demo data writes "vip" in lower case: suggested as such, and "VIP" typed becomes "vip".
    await w.page.getByRole('button', { name: 'Ajouter l’étiquette vip' }).waitFor();
    await w.page.getByLabel('Étiquettes').fill('VIP, Vip, Mariage');
    await w.page.getByLabel('Étiquettes').blur();
    expect(await w.page.getByLabel('Étiquettes').inputValue()).toBe('vip, mariage');
    await w.page.getByRole('button', { name: 'Ajouter l’étiquette fidèle' }).click();
    expect(await w.page.getByLabel('Étiquettes').inputValue()).toBe('vip, mariage, fidèle');
    await w.page.getByRole('button', { name: 'Créer le client' }).click();
    await w.page.getByText('Client créé', { exact: true }).waitFor();
    await w.page.goto(`${server.url}/clients?tag=VIP&q=etiquetee`);
    await w.page.getByRole('cell', { name: 'Étiquetée' }).waitFor();
    w.expectNoConsoleErrors();
    await w.close();
  });

  it('on a phone, a client with a known e-mail: the warning links to the existing client', async () => {
    const w = await openPage(browser, { viewport: MOBILE });
    const writes = watchClientWrites(w.page);
    await signIn(w.page, server.url, 'admin');
    await w.page.goto(`${server.url}/clients/new`);
    // A demo client: Chloé Martin, 33000 Bordeaux, chloe.martin@example.fr.
    await w.page.getByLabel('E-mail').fill('Chloe.Martin@example.fr');
    await w.page.getByRole('button', { name: 'Créer le client' }).click();
    // The form's own rule first (the name is required), then nothing else is sent.
    await w.page.getByText('Le nom est obligatoire', { exact: true }).waitFor();
    await w.page.getByLabel('Nom', { exact: true }).fill('Martin');
    await w.page.getByRole('button', { name: 'Créer le client' }).click();
    const warning = w.page.getByTestId('duplicate-warning');
    await warning.getByText('même e-mail', { exact: false }).waitFor();
    expect(writes).toEqual([]);
    const overflow = await w.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await warning.getByRole('link', { name: 'Mme Chloé Martin' }).click();
    const leave = w.page.getByRole('alertdialog');
    await leave.getByText('Quitter sans enregistrer ?', { exact: true }).waitFor();
    await leave.getByRole('button', { name: 'Quitter sans enregistrer' }).click();
    await w.page.getByRole('heading', { name: 'Mme Chloé Martin' }).waitFor();
    expect(writes).toEqual([]);
    w.expectNoConsoleErrors();
    await w.close();
  });
});

describe('clients: CSV import recognising existing clients', () => {
  const csv = [
    'Prénom;Nom;E-mail;Téléphone mobile;Code postal;Ville',
    'Chloé;Martin;CHLOE.MARTIN@example.fr;;;Arcachon',
    'Étienne;Bernard;;+33 6 98 76 54 32;;Saint-Nazaire',
    'AMELIE;MOREAU;;;31000;Toulouse',
    'Rose;Nouvelle;rose.nouvelle@example.test;;;Brest',
  ].join('\n');

  async function openPreview(page: Page): Promise<ReturnType<Page['getByRole']>> {
    await page.goto(`${server.url}/clients`);
    await page.getByRole('button', { name: 'Importer CSV' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('… ou collez le contenu').fill(csv);
    await dialog.getByRole('button', { name: 'Vérifier le fichier' }).click();
    await dialog.getByTestId('import-preview').getByText('3 fiches existent déjà', { exact: true }).waitFor();
    return dialog;
  }

  it('the preview says new or already there (and why); "update" writes the file over them', async () => {
    const w = await openPage(browser);
    await signIn(w.page, server.url, 'commercial');
    const dialog = await openPreview(w.page);
    const rows = dialog.getByTestId('import-row');
    expect(await rows.count()).toBe(4);
    expect((await rows.allTextContents()).map((t) => t.replace(/\s+/g, ' ').trim())).toEqual([
      '2Chloé MartinExiste déjà (même e-mail) : Mme Chloé MartinLaissée telle quelle (le fichier diffère : E-mail, Ville)',
      '3Étienne BernardExiste déjà (même téléphone) : M. Étienne BernardLaissée telle quelle (le fichier diffère : Téléphone mobile, Ville)',
      '4AMELIE MOREAUExiste déjà (même nom et code postal) : Mme Amélie MoreauLaissée telle quelle (le fichier diffère : Prénom, Nom)',
      '5Rose NouvelleNouveau',
    ]);
    // The default leaves existing clients alone: only the new one would be written.
    await dialog.getByRole('button', { name: 'Importer : 1 nouvelle fiche' }).waitFor();
    await dialog.getByLabel('Les mettre à jour avec les valeurs du fichier', { exact: false }).check();
    await dialog.getByRole('button', { name: 'Importer : 1 nouvelle fiche et 3 mises à jour' }).click();
    await w.page.getByText('Import terminé', { exact: true }).waitFor();
    await w.page.getByText('4 lignes importées (1 nouvelle fiche, 3 mises à jour).', { exact: true }).first().waitFor();

    const search = async (q: string) =>
      (
        (await (await w.page.request.get(`${server.url}/api/clients?q=${encodeURIComponent(q)}`)).json()) as {
          items: Array<{ firstName: string; lastName: string; city: string | null; email: string | null }>;
        }
      ).items;
    expect((await search('chloe martin')).map((c) => [c.city, c.email])).toEqual([
      ['Arcachon', 'CHLOE.MARTIN@example.fr'],
    ]);
    expect((await search('moreau')).map((c) => [c.firstName, c.lastName])).toEqual([['AMELIE', 'MOREAU']]);
    expect(await search('rose nouvelle')).toHaveLength(1);
    w.expectNoConsoleErrors();
    await w.close();
  });
});

/** Screenshots for review (SCREENSHOTS_DIR): the held form and the import preview, 1440/375, light/dark. */
describe.runIf(Boolean(process.env.SCREENSHOTS_DIR))('clients matching screenshots', () => {
  it('takes them', async () => {
    const dir = process.env.SCREENSHOTS_DIR!;
    for (const [name, viewport] of [
      ['1440', DESKTOP],
      ['375', MOBILE],
    ] as const) {
      for (const theme of ['light', 'dark'] as const) {
        const w = await openPage(browser, { viewport });
        await w.page.addInitScript((t) => window.localStorage.setItem('theme', t), theme);
        await signIn(w.page, server.url, 'manager');
        await w.page.goto(`${server.url}/clients/new`);
        await w.page.getByLabel('Civilité').selectOption('Mme');
        await fillIdentity(w.page, 'Hélène', 'Dupré', '69002');
        await w.page.getByLabel('Ville').fill('Lyon');
        await w.page.getByRole('button', { name: 'Créer le client' }).click();
        await w.page
          .getByTestId('duplicate-warning')
          .getByText('Ce client existe peut-être déjà', { exact: false })
          .waitFor();
        await w.page.getByTestId('duplicate-warning').scrollIntoViewIfNeeded();
        await w.page.screenshot({ path: `${dir}/client-homonym-${name}-${theme}.png` });

        await w.page.goto(`${server.url}/clients`);
        await w.page.getByRole('button', { name: 'Importer CSV' }).click();
        const dialog = w.page.getByRole('dialog');
        await dialog
          .getByLabel('… ou collez le contenu')
          .fill(
            [
              'Prénom;Nom;E-mail;Téléphone mobile;Code postal;Ville',
              'Hélène;Dupré;;;69002;Lyon',
              'Léo;Garnier;LEO.GARNIER@example.fr;;;Lille',
              'Inès;Faure;;06 01 02 03 04;;Aix-en-Provence',
              'Paul;Nouveau;paul.nouveau@example.test;;;Brest',
              ';;pas-un-mail;;;',
            ].join('\n'),
          );
        await dialog.getByRole('button', { name: 'Vérifier le fichier' }).click();
        await dialog.getByTestId('import-preview').getByText('fiches existent déjà', { exact: false }).waitFor();
        await dialog.getByLabel('Les mettre à jour avec les valeurs du fichier', { exact: false }).check();
        await dialog.getByRole('button', { name: /mises à jour$/ }).waitFor();
        await w.page.screenshot({ path: `${dir}/client-import-preview-${name}-${theme}.png` });
        // The rows of the preview (below the choice on a phone).
        await dialog.getByTestId('import-row').first().scrollIntoViewIfNeeded();
        await w.page.screenshot({ path: `${dir}/client-import-rows-${name}-${theme}.png` });
        w.expectNoConsoleErrors();
        await w.close();
      }
    }
  });
});
