import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from './fixtures';
import { runDir } from './servidor';

// Issue 27: two tests, each on its own worker, change the same server-wide setting (the company's name,
// printed on every quote) at the same time; each must see only its own. They meet through files in the
// run's folder, so both have written before either reads.
test.describe.configure({ mode: 'parallel' });

const marca = (lado: string) => path.join(runDir(), `isolamento-${lado}.json`);

for (const [lado, outro] of [
  ['A', 'B'],
  ['B', 'A'],
] as const) {
  test(`server-wide setting ${lado}: another spec's change at the same time is not seen`, async ({
    admin,
    adminPage: page,
    servidor,
  }, testInfo) => {
    const nome = `Marmoraria Isolamento ${lado}`;
    const atual = await (await admin.get('/api/empresa')).json();
    const res = await admin.put('/api/empresa', {
      data: { ...atual, nome, updated_at: atual.updated_at },
    });
    expect(res.status(), await res.text()).toBe(200);
    await writeFile(marca(lado), JSON.stringify({ url: servidor.url }));

    // With one worker the two tests run one after the other: nothing to wait for.
    if (testInfo.config.workers > 1) {
      await expect.poll(() => existsSync(marca(outro)), { timeout: 45_000 }).toBe(true);
      const { url } = JSON.parse(await readFile(marca(outro), 'utf8'));
      expect(url).not.toBe(servidor.url);
    }

    await page.goto('/empresa');
    await expect(page.getByLabel('Nome', { exact: false }).first()).toHaveValue(nome);
    expect((await (await admin.get('/api/empresa')).json()).nome).toBe(nome);
  });
}
