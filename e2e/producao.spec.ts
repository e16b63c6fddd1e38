import sharp from 'sharp';
import { violations } from './axe';
import { expect, test, unique } from './fixtures';
import {
  agendarPara,
  concluirEtapa,
  etapaDe,
  fotoDaCamera,
  lerOs,
  osComInstalador,
  telefoneDo,
} from './producao-helpers';
import { vendaViaOrcamento } from './vendas-helpers';

test('a medição scheduled by drag-and-drop is started and completed on the installer phone, and the OS moves to corte live', async ({
  admin,
  adminPage: page,
  browser,
}) => {
  // Two browsers (desktop and phone) and a calendar: longer than one screen's test.
  test.setTimeout(180_000);
  // Seed: a sale (its OS is created with it), an installer employee and their account.
  const { cliente, os, funcionario, nomeFunc, email, senha } = await osComInstalador(admin);

  // 1. The admin drags the OS's medição from "A agendar" onto the installer's column, 10:00 today.
  await page.goto(`/agenda?visao=day&funcionario=${funcionario.id}`);
  // Other specs' sales wait for scheduling too: find this one by its client, as a user would.
  await page.getByLabel('Buscar etapas a agendar').fill(cliente.nome);
  const item = page.getByTestId(`a-agendar-${os.numero}`);
  await expect(item).toBeVisible();
  await expect(page.getByRole('list', { name: 'Etapas a agendar' }).getByRole('listitem')).toHaveCount(1);
  await expect(page.locator('.rbc-time-header').getByText(nomeFunc)).toBeVisible();
  // The installer's column; 10:00 is the fifth hour from 06:00 (the events layer covers the slots).
  const coluna = page.locator('.rbc-time-content .rbc-day-slot').first();
  const dez = (await coluna.locator('.rbc-timeslot-group').nth(4).boundingBox())!;
  const caixa = (await coluna.boundingBox())!;
  const saved = page.waitForResponse(
    (r) => r.request().method() === 'PATCH' && /\/api\/ordens-servico\/[^/]+\/etapas\/[^/]+$/.test(r.url()),
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
  await expect(page.locator('.rbc-event', { hasText: `Medição · OS #${os.numero}` })).toBeVisible();
  await expect(item).toBeHidden();

  // 2. The admin watches the Produção list (no reload from here on).
  await page.goto(`/producao?q=${encodeURIComponent(cliente.nome)}`);
  const row = page.getByRole('row', { name: new RegExp(`#${os.numero}`) });
  await expect(row.getByRole('cell', { name: 'Medição', exact: true })).toBeVisible();

  // 3. The installer, on a phone, starts the medição, sends a photo and completes it.
  const { phone, cel } = await telefoneDo(browser, email, senha);
  await cel.goto('/minha-agenda');
  await expect(cel.getByText(`Medição · OS #${os.numero}`)).toBeVisible();
  await cel.getByRole('button', { name: `Iniciar Medição — OS #${os.numero}` }).click();
  await expect(cel.getByText('Etapa iniciada.')).toBeVisible();
  await expect(cel.getByText('Em andamento')).toBeVisible();

  const fotoSaved = cel.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes('/fotos'));
  await cel.getByLabel(`Foto de Medição — OS #${os.numero}`).setInputFiles(await fotoDaCamera('medicao.png'));
  expect((await fotoSaved).status()).toBe(201);
  await expect(cel.getByText('Foto enviada.')).toBeVisible();

  await cel.getByRole('button', { name: `Concluir Medição — OS #${os.numero}` }).click();
  await expect(cel.getByText('Etapa concluída.')).toBeVisible();

  // 4. The admin's screen shows the OS at corte, live (SSE), with one stage of five done.
  await expect(row.getByRole('cell', { name: 'Corte', exact: true })).toBeVisible();
  await expect(row.getByRole('progressbar', { name: '1 de 5 etapas concluídas' })).toBeVisible();

  // The photo is on the OS.
  const detalhe = await (await admin.get(`/api/ordens-servico/${os.id}`)).json();
  expect(detalhe.fotos).toEqual([expect.objectContaining({ tipo: 'foto', mime: 'image/jpeg' })]);
  await phone.close();
});

test('on a phone without signal, Iniciar and a photo wait in the queue (through a reload) and reach the server once each when the connection returns', async ({
  admin,
  browser,
}) => {
  test.setTimeout(120_000);
  const { os, funcionario, email, senha } = await osComInstalador(admin);
  const medicao = await agendarPara(admin, os.id, 'medicao', funcionario.id);
  const { phone, cel } = await telefoneDo(browser, email, senha);
  const nome = `Medição — OS #${os.numero}`;
  // Every POST the phone makes for this stage, with its Idempotency-Key, whatever becomes of it.
  const posts: { acao: string; chave: string | null }[] = [];
  cel.on('request', (r) => {
    if (
      r.method() === 'POST' &&
      r.url().includes(`/api/ordens-servico/${medicao.os_id}/etapas/${medicao.id}/`)
    ) {
      posts.push({ acao: r.url().split('/').pop()!, chave: r.headers()['idempotency-key'] ?? null });
    }
  });
  const fila = cel.getByRole('status', { name: 'Alterações no aparelho' });
  const card = cel.getByLabel(nome, { exact: true });

  await cel.goto('/minha-agenda');
  await expect(cel.getByText(`Medição · OS #${os.numero}`)).toBeVisible();
  await expect(card.getByText('Agendada')).toBeVisible();

  // 1. No signal at all: Iniciar and a photo are kept on the phone, in the order they were made.
  await phone.setOffline(true);
  await cel.getByRole('button', { name: `Iniciar ${nome}` }).click();
  await expect(fila).toContainText(`1 ação aguardando conexão: Iniciar ${nome}`);
  // Not offered twice while it waits; Concluir still is (it would go behind the Iniciar).
  await expect(cel.getByRole('button', { name: `Iniciar ${nome}` })).toBeHidden();
  await expect(cel.getByRole('button', { name: `Concluir ${nome}` })).toBeVisible();
  await cel.getByLabel(`Foto de ${nome}`).setInputFiles(await fotoDaCamera());
  await expect(fila).toContainText(`2 ações aguardando conexão: Iniciar ${nome}; Foto de ${nome}`);
  // The job stays on screen while its re-read cannot be made.
  await expect(card.getByText('Agendada')).toBeVisible();

  // 2. One bar: pages load but every save to the server is lost on the way. The queue is tried when
  //    the phone says it is online again, and it outlives a reload of the page.
  let perdidos = 0;
  await cel.route(`**/api/ordens-servico/${medicao.os_id}/etapas/${medicao.id}/**`, (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    perdidos += 1;
    return route.abort('internetdisconnected');
  });
  await phone.setOffline(false);
  // The head of the queue (Iniciar) is tried at once, and lost.
  await expect.poll(() => perdidos).toBeGreaterThan(0);
  await cel.reload();
  await expect(fila).toContainText(`2 ações aguardando conexão: Iniciar ${nome}; Foto de ${nome}`);
  // Opening the page tries the queue again ("Tentar agora" is held while it does), and keeps it:
  // nothing overtakes the Iniciar.
  const antes = perdidos;
  await expect.poll(() => perdidos).toBeGreaterThan(antes);
  await expect(fila.getByRole('button', { name: 'Tentar agora' })).toBeEnabled();
  await expect(fila).toContainText(`2 ações aguardando conexão: Iniciar ${nome}; Foto de ${nome}`);
  // The yellow banner on the phone reads and contrasts as well as the rest of the screen.
  expect(await violations(cel)).toEqual([]);
  expect(posts.filter((p) => p.acao === 'fotos')).toEqual([]);

  // 3. The connection returns, but the photo's answer is lost on the way back (the server stored it):
  //    the queue keeps it and sends it again with the same key, and the server answers as the first time.
  await cel.unroute(`**/api/ordens-servico/${medicao.os_id}/etapas/${medicao.id}/**`);
  let respostaPerdida = false;
  await cel.route(`**/api/ordens-servico/${medicao.os_id}/etapas/${medicao.id}/fotos`, async (route) => {
    if (respostaPerdida) return route.fallback();
    respostaPerdida = true;
    const res = await route.fetch();
    expect(res.status()).toBe(201);
    return route.fulfill({
      status: 503,
      contentType: 'application/problem+json',
      body: JSON.stringify({ title: 'Serviço indisponível', status: 503, detail: 'Tente novamente.' }),
    });
  });
  await phone.setOffline(true);
  await phone.setOffline(false);
  await expect(card.getByText('Em andamento')).toBeVisible();
  await expect(fila).toContainText(`1 ação aguardando conexão: Foto de ${nome}`);
  await fila.getByRole('button', { name: 'Tentar agora' }).click();
  await expect(fila).not.toContainText('aguardando conexão');

  // 4. What the server recorded: the stage started once, one photo. Each action kept its own key
  //    through every attempt (the lost Iniciar and the one that arrived; a photo whose answer was lost,
  //    then the same key again).
  const iniciar = posts.filter((p) => p.acao === 'iniciar');
  const fotos = posts.filter((p) => p.acao === 'fotos');
  expect(iniciar.length).toBeGreaterThan(perdidos);
  expect(new Set(iniciar.map((p) => p.chave)).size).toBe(1);
  expect(fotos).toHaveLength(2);
  expect(fotos[1]!.chave).toBe(fotos[0]!.chave);
  expect(fotos[0]!.chave).not.toBe(iniciar[0]!.chave);

  const depois = await lerOs(admin, os.id);
  expect(etapaDe(depois, 'medicao').status).toBe('em_andamento');
  expect(depois.fotos).toEqual([expect.objectContaining({ tipo: 'foto', etapa_id: medicao.id })]);
  const hist = await admin.get(
    `/api/auditoria/historico?recurso=os_etapas&registro=${encodeURIComponent(medicao.id)}`,
  );
  expect(hist.status()).toBe(200);
  const { items } = (await hist.json()) as { items: { alteracoes: { status?: [string, string] } }[] };
  expect(items.filter((i) => i.alteracoes.status?.[1] === 'em_andamento')).toHaveLength(1);
  await phone.close();
});

test('a queued Iniciar the server refuses when the connection returns (the office completed the stage meanwhile) is shown with the reason, not retried, until dismissed', async ({
  admin,
  browser,
}) => {
  const { os, funcionario, email, senha } = await osComInstalador(admin);
  const medicao = await agendarPara(admin, os.id, 'medicao', funcionario.id);
  const { phone, cel } = await telefoneDo(browser, email, senha);
  const nome = `Medição — OS #${os.numero}`;
  const fila = cel.getByRole('status', { name: 'Alterações no aparelho' });
  const respostas: number[] = [];
  cel.on('response', (r) => {
    if (r.request().method() === 'POST' && r.url().endsWith(`/etapas/${medicao.id}/iniciar`))
      respostas.push(r.status());
  });

  await cel.goto('/minha-agenda');
  await expect(cel.getByLabel(nome, { exact: true }).getByText('Agendada')).toBeVisible();
  await phone.setOffline(true);
  await cel.getByRole('button', { name: `Iniciar ${nome}` }).click();
  await expect(fila).toContainText(`1 ação aguardando conexão: Iniciar ${nome}`);
  // Meanwhile the office completes the medição.
  await concluirEtapa(admin, os.id, 'medicao');

  await phone.setOffline(false);
  await expect(fila).toContainText(`Não salvo — Iniciar ${nome}: Esta etapa já foi concluída.`);
  await expect(fila).not.toContainText('aguardando conexão');
  expect(respostas).toEqual([409]);
  // The screen re-reads the job: it shows what the office did.
  await expect(cel.getByLabel(nome, { exact: true }).getByText('Concluída')).toBeVisible();
  // "Tentar agora" is gone with nothing waiting; the notice leaves only when dismissed.
  await expect(fila.getByRole('button', { name: 'Tentar agora' })).toBeHidden();
  await fila.getByRole('button', { name: `Dispensar aviso: Iniciar ${nome}` }).click();
  await expect(fila).toBeEmpty();
  expect(respostas).toEqual([409]);
  expect(etapaDe(await lerOs(admin, os.id), 'medicao').status).toBe('concluida');
  await phone.close();
});

test('at delivery the customer signs on the phone: an empty pad is refused, the drawn signature is stored as a PNG and the entrega completed', async ({
  admin,
  browser,
}) => {
  test.setTimeout(120_000);
  const { os, funcionario, email, senha } = await osComInstalador(admin);
  // The workshop did its part: every stage before the delivery is completed.
  for (const etapa of ['medicao', 'corte', 'acabamento', 'instalacao'])
    await concluirEtapa(admin, os.id, etapa);
  const entrega = await agendarPara(admin, os.id, 'entrega', funcionario.id);
  const { phone, cel } = await telefoneDo(browser, email, senha);
  const nome = `Entrega — OS #${os.numero}`;
  let enviadas = 0;
  cel.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith(`/etapas/${entrega.id}/assinatura`)) enviadas += 1;
  });

  await cel.goto('/minha-agenda');
  await expect(cel.getByText(`Entrega · OS #${os.numero}`)).toBeVisible();
  await cel.getByRole('button', { name: 'Assinatura do cliente' }).click();
  const dialog = cel.getByRole('dialog', { name: 'Assinatura do cliente' });
  const pad = dialog.getByLabel('Área de assinatura');
  await expect(pad).toBeVisible();

  // Nothing drawn: refused on the phone, in pt-BR, and nothing sent.
  await dialog.getByRole('button', { name: 'Salvar assinatura' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'Assinatura vazia: peça ao cliente para assinar na área branca.',
  );
  expect(enviadas).toBe(0);
  expect(await violations(cel)).toEqual([]);

  // The customer signs with a finger: two strokes across the pad.
  const box = (await pad.boundingBox())!;
  const traco = async (pontos: [number, number][]) => {
    await cel.mouse.move(box.x + pontos[0]![0] * box.width, box.y + pontos[0]![1] * box.height);
    await cel.mouse.down();
    for (const [x, y] of pontos.slice(1)) {
      await cel.mouse.move(box.x + x * box.width, box.y + y * box.height, { steps: 4 });
    }
    await cel.mouse.up();
  };
  await traco([
    [0.1, 0.7],
    [0.25, 0.3],
    [0.4, 0.7],
    [0.55, 0.3],
  ]);
  await traco([
    [0.6, 0.6],
    [0.9, 0.4],
  ]);
  await expect(dialog.getByRole('alert')).toBeHidden();
  const salva = cel.waitForResponse(
    (r) => r.request().method() === 'POST' && r.url().includes('/assinatura'),
  );
  await dialog.getByRole('button', { name: 'Salvar assinatura' }).click();
  expect((await salva).status()).toBe(201);
  await expect(cel.getByText('Assinatura registrada.')).toBeVisible();
  await expect(dialog).toBeHidden();
  expect(enviadas).toBe(1);

  // The signature confirms the receipt: the installer completes the delivery.
  await cel.getByRole('button', { name: `Concluir ${nome}` }).click();
  await expect(cel.getByText('Etapa concluída.')).toBeVisible();

  const depois = await lerOs(admin, os.id);
  expect(etapaDe(depois, 'entrega').status).toBe('concluida');
  expect(depois.status).toBe('concluida');
  const assinaturas = depois.fotos.filter((f) => f.tipo === 'assinatura');
  expect(assinaturas).toEqual([expect.objectContaining({ mime: 'image/png', etapa_id: entrega.id })]);
  // The stored image is a PNG with the strokes on it (dark pixels on the white pad), not a blank one.
  const img = await admin.get(`/api/ordens-servico/${os.id}/fotos/${assinaturas[0]!.id}`);
  expect(img.status()).toBe(200);
  const png = await img.body();
  expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const { channels } = await sharp(png).stats();
  expect(channels[0]!.min).toBeLessThan(100);
  expect(channels[0]!.max).toBe(255);
  await phone.close();
});

test('the month view carries a few stages a day and the day total, which opens that day', async ({
  admin,
  adminPage: page,
}) => {
  test.setTimeout(120_000);
  // A month no other spec schedules in, and an employee of this test only: the counts are this test's.
  const ano = 2041 + Math.floor(Math.random() * 50);
  const dia = `${ano}-03-12`;
  const func = await admin.post('/api/funcionarios', {
    data: { nome: unique('Medidor'), cargo: 'Instalador Sênior', salario: 2800, horas_mensais: 220 },
  });
  expect(func.status()).toBe(201);
  const funcionario = (await func.json()) as { id: string };
  const numeros: number[] = [];
  for (let k = 0; k < 6; k++) {
    const { cliente } = await vendaViaOrcamento(admin, { cliente: unique('Cliente Mês') });
    const lista = await admin.get(`/api/ordens-servico?q=${encodeURIComponent(cliente.nome)}`);
    const [os] = (await lista.json()).items as { id: string; numero: number }[];
    const medicao = etapaDe(await lerOs(admin, os!.id), 'medicao');
    // 08:00, 09:00, … in São Paulo (UTC−3)
    const inicio = `${dia}T${String(11 + k).padStart(2, '0')}:00:00.000Z`;
    const fim = `${dia}T${String(12 + k).padStart(2, '0')}:00:00.000Z`;
    const res = await admin.patch(`/api/ordens-servico/${medicao.os_id}/etapas/${medicao.id}`, {
      data: {
        inicio_previsto: inicio,
        fim_previsto: fim,
        funcionario_ids: [funcionario.id],
        updated_at: medicao.updated_at,
      },
    });
    expect(res.status(), await res.text()).toBe(200);
    numeros.push(os!.numero);
  }
  const resposta = page.waitForResponse(
    (r) => r.url().includes('/api/agenda') && r.url().includes('por_dia=4'),
  );
  await page.goto(`/agenda?visao=month&data=${dia}&funcionario=${funcionario.id}`);
  const body = (await (await resposta).json()) as {
    items: unknown[];
    dias: { dia: string; total: number }[];
  };
  // The server sends 4 of the day's 6 stages, and the day's total.
  expect(body.items).toHaveLength(4);
  expect(body.dias).toEqual([{ dia, total: 6 }]);
  const total = page.getByRole('button', { name: `6 etapas em 12/03: ver o dia` });
  await expect(total).toBeVisible();
  await total.click();
  await expect(page).toHaveURL(new RegExp(`visao=day.*data=${dia}|data=${dia}.*visao=day`));
  // The day view asks for the whole day: all six stages are there.
  for (const n of numeros)
    await expect(page.locator('.rbc-event', { hasText: `Medição · OS #${n} · ` })).toBeVisible();

  // On a phone (390 px) the month grid still shows the day's total inside its cell, and it opens the day;
  // a client's name with no space to break at (in the "A agendar" list) does not widen the page.
  await vendaViaOrcamento(admin, { cliente: unique(`Marmoraria${'X'.repeat(60)}`) });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/agenda?visao=month&data=${dia}&funcionario=${funcionario.id}`);
  const noCelular = page.getByRole('button', { name: `6 etapas em 12/03: ver o dia` });
  await expect(noCelular).toBeVisible();
  // The whole week fits the screen: Sunday's column ends inside it, and the page does not scroll sideways.
  const domingo = (await page.locator('.rbc-month-header .rbc-header').last().boundingBox())!;
  expect(domingo.x + domingo.width).toBeLessThanOrEqual(390);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  if (process.env.E2E_SHOTS) await page.screenshot({ path: `${process.env.E2E_SHOTS}/agenda-mes-390.png` });
  await noCelular.click();
  await expect(page).toHaveURL(new RegExp(`visao=day.*data=${dia}|data=${dia}.*visao=day`));
});
