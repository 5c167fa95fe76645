/** Signs in through the real sign-in form, as a user would. */
import type { Page } from 'playwright-core';

/** Demo accounts seeded on first start (README); every one shares this password. */
export const DEMO_PASSWORD = 'demo1234';

export async function signIn(page: Page, baseUrl: string, username = 'admin', password = DEMO_PASSWORD): Promise<void> {
  await page.goto(`${baseUrl}/auth`);
  await page.getByLabel("Nom d'utilisateur").fill(username);
  await page.getByLabel('Mot de passe').fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await page.waitForURL(`${baseUrl}/`);
}
