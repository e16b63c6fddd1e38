import sharp from 'sharp';
import { expect, signInPage, test, unique } from './fixtures';
import { vendaViaOrcamento } from './vendas-helpers';

test('a medição scheduled by drag-and-drop is started and completed on the installer phone, and the OS moves to corte live', async ({
  admin,
  adminPage: page,
  browser,
}) => {
  // Two browsers (desktop and phone) and a calendar: longer than one screen's test.
  test.setTimeout(180_000);
  // Seed: a sale (its OS is created with it), an installer employee and their account.
  const { cliente, venda } = await vendaViaOrcamento(admin, { cliente: unique('Cliente Obra') });
  const lista = await admin.get(`/api/producao/os?q=${encodeURIComponent(cliente.nome)}`);
  const [os] = (await lista.json()).items as { id: string; numero: number; venda_numero: number }[];
  expect(os?.venda_numero).toBe(venda.numero);
  const nomeFunc = unique('Instalador');
  const func = await admin.post('/api/funcionarios', {
    data: { nome: nomeFunc, cargo: 'Instalador Sênior', salario: 3000, horas_mensais: 220 },
  });
  expect(func.status()).toBe(201);
  const funcionario = (await func.json()) as { id: string };
  const email = `${unique('inst').replace(/\W+/g, '.')}@exemplo.com.br`;
  const senha = 'pedra-polida-77';
  const user = await admin.post('/api/usuarios', {
    data: { nome: nomeFunc, email, senha, permissoes: ['dashboard'], funcionario_id: funcionario.id },
  });
  expect(user.status(), await user.text()).toBe(201);

  // 1. The admin drags the OS's medição from "A agendar" onto the installer's column, 10:00 today.
  await page.goto(`/agenda?visao=day&funcionario=${funcionario.id}`);
  // Other specs' sales wait for scheduling too: find this one by its client, as a user would.
  await page.getByLabel('Buscar etapas a agendar').fill(cliente.nome);
  const item = page.getByTestId(`a-agendar-${os!.numero}`);
  await expect(item).toBeVisible();
  await expect(page.getByRole('list', { name: 'Etapas a agendar' }).getByRole('listitem')).toHaveCount(1);
  await expect(page.locator('.rbc-time-header').getByText(nomeFunc)).toBeVisible();
  // The installer's column; 10:00 is the fifth hour from 06:00 (the events layer covers the slots).
  const coluna = page.locator('.rbc-time-content .rbc-day-slot').first();
  const dez = (await coluna.locator('.rbc-timeslot-group').nth(4).boundingBox())!;
  const caixa = (await coluna.boundingBox())!;
  const saved = page.waitForResponse(
    (r) => r.request().method() === 'PATCH' && r.url().includes('/api/producao/etapas/'),
  );
  await item.dragTo(coluna, { targetPosition: { x: caixa.width / 2, y: dez.y - caixa.y + 5 } });
  const res = await saved;
  expect(res.status()).toBe(200);
  const body = (await res.json()) as {
    etapa: { etapa: string; status: string; funcionarios: { id: string }[] };
  };
  expect(body.etapa).toMatchObject({
    etapa: 'medicao',
    status: 'agendada',
    funcionarios: [{ id: funcionario.id }],
  });
  await expect(page.locator('.rbc-event', { hasText: `Medição · OS #${os!.numero}` })).toBeVisible();
  await expect(item).toBeHidden();

  // 2. The admin watches the Produção list (no reload from here on).
  await page.goto(`/producao?q=${encodeURIComponent(cliente.nome)}`);
  const row = page.getByRole('row', { name: new RegExp(`#${os!.numero}`) });
  await expect(row.getByRole('cell', { name: 'Medição', exact: true })).toBeVisible();

  // 3. The installer, on a phone, starts the medição, sends a photo and completes it.
  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
  });
  const cel = await phone.newPage();
  await signInPage(cel, email, senha);
  await cel.goto('/minha-agenda');
  await expect(cel.getByText(`Medição · OS #${os!.numero}`)).toBeVisible();
  await cel.getByRole('button', { name: `Iniciar Medição — OS #${os!.numero}` }).click();
  await expect(cel.getByText('Etapa iniciada.')).toBeVisible();
  await expect(cel.getByText('Em andamento')).toBeVisible();

  const fotoSaved = cel.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes('/fotos'));
  await cel.getByLabel(`Foto de Medição — OS #${os!.numero}`).setInputFiles({
    name: 'medicao.png',
    mimeType: 'image/png',
    // what the phone's camera input hands over, in small
    buffer: await sharp({ create: { width: 64, height: 48, channels: 3, background: '#b33' } })
      .png()
      .toBuffer(),
  });
  expect((await fotoSaved).status()).toBe(201);
  await expect(cel.getByText('Foto enviada.')).toBeVisible();

  await cel.getByRole('button', { name: `Concluir Medição — OS #${os!.numero}` }).click();
  await expect(cel.getByText('Etapa concluída.')).toBeVisible();

  // 4. The admin's screen shows the OS at corte, live (SSE), with one stage of five done.
  await expect(row.getByRole('cell', { name: 'Corte', exact: true })).toBeVisible();
  await expect(row.getByRole('progressbar', { name: '1 de 5 etapas concluídas' })).toBeVisible();

  // The photo is on the OS.
  const detalhe = await (await admin.get(`/api/producao/os/${os!.id}`)).json();
  expect(detalhe.fotos).toEqual([expect.objectContaining({ tipo: 'foto', mime: 'image/jpeg' })]);
  await phone.close();
});
