import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';

// What the quote specs share: seeding through the API and reading the editor.

export async function post<T = { id: string }>(
  api: APIRequestContext,
  path: string,
  data: unknown,
): Promise<T> {
  const res = await api.post(path, { data });
  if (res.status() !== 201) throw new Error(`POST ${path}: ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}

export const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Opens a searchable combobox, types, and picks the matching option. */
export async function choose(page: Page, combobox: Locator, text: string) {
  await combobox.click();
  await page.getByPlaceholder(/^Buscar/).fill(text);
  await page.getByRole('option', { name: new RegExp(escapeRe(text)) }).click();
}

/** The toasts (sonner's region). */
export const toasts = (page: Page) => page.getByRole('region', { name: /^Notifications/ });

/** The value shown next to a label of the summary panel. */
export function figura(page: Page, label: string) {
  return page
    .getByRole('region', { name: '6. Resumo do Orçamento' })
    .locator('dl > div')
    .filter({ has: page.locator('dt > span:first-child', { hasText: new RegExp(`^${escapeRe(label)}$`) }) })
    .locator('dd');
}

/** Each figure of the summary panel, by label, as the server computed it. */
export async function expectFiguras(page: Page, figuras: Record<string, string>) {
  for (const [label, valor] of Object.entries(figuras)) await expect(figura(page, label)).toHaveText(valor);
}
