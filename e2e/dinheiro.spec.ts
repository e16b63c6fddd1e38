import { generateCPF } from '@brazilian-utils/brazilian-utils';
import type { APIRequestContext } from '@playwright/test';
import { expect, test, unique } from './fixtures';
import { choose } from './orcamentos-helpers';

/*
 * Issue 26 §2: money typed as a person in Brazil types it. "4.400,00" was refused in a pt-BR browser
 * ("Informe o valor.") by the number fields, and "4400,00" in an English one was stored as 440.000,00.
 * Every money field takes "4.400,00" as R$ 4.400,00: Despesas, the quote's Frete, Instalação and
 * Entrada, Salário, Recebimento and Caixa (initial value and a movement). What was stored is read back
 * through the API.
 */
const DIGITADO = '4.400,00';

async function created<T>(res: Awaited<ReturnType<APIRequestContext['post']>>): Promise<T> {
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as T;
}

test('"4.400,00" is R$ 4.400,00 in every money field', async ({ adminPage: page, admin }) => {
  // Seeded through the API: a client, a sink at R$ 4.400,00 each, an employee, a sale of one sink.
  const cliente = await created<{ id: string; nome: string }>(
    await admin.post('/api/clientes', {
      data: {
        nome: unique('Cliente Dinheiro'),
        tipo: 'Pessoa Física',
        cpf_cnpj: generateCPF(),
        telefone: '(11) 98765-4321',
      },
    }),
  );
  const categoria = unique('cat').toLowerCase();
  await created(await admin.post('/api/categorias-produtos', { data: { nome: categoria } }));
  const produto = await created<{ id: string; nome: string }>(
    await admin.post('/api/produtos', {
      data: {
        nome: unique('Cuba Dinheiro'),
        categoria,
        valor_m2: 4400,
        tipo_unidade: 'unitário',
        unidade: 'un',
      },
    }),
  );
  const funcionario = await created<{ id: string; nome: string }>(
    await admin.post('/api/funcionarios', {
      data: { nome: unique('Func Dinheiro'), cargo: 'Acabador', salario: 1000 },
    }),
  );
  const obs = unique('Pix dinheiro');
  await created(
    await admin.post('/api/cartoes', {
      data: { bandeira: 'Pix', tipo: 'Débito', taxa: 0, observacoes: obs },
    }),
  );
  const orc = await created<{ id: string }>(
    await admin.post('/api/orcamentos', {
      data: { cliente_id: cliente.id, itens: [{ produto_id: produto.id, quantidade: 1 }], margem_lucro: 0 },
    }),
  );
  const venda = await created<{ numero: number; valor_bruto: number }>(
    await admin.post(`/api/orcamentos/${orc.id}/venda`, { data: {} }),
  );
  expect(venda.valor_bruto).toBe(4400);

  // ── Despesas: Nova
  const descricao = unique('Despesa Dinheiro');
  await page.goto('/despesas');
  await page.getByRole('tab', { name: 'Nova' }).click();
  await page.getByLabel('Descrição').fill(descricao);
  await page.getByLabel('Valor (R$)').fill(DIGITADO);
  await page.getByLabel('Data de Vencimento').fill('2026-03-10');
  await page.getByRole('button', { name: 'Cadastrar Despesa' }).click();
  await expect(page.getByText('Despesa(s) cadastrada(s) com sucesso!')).toBeVisible();
  const despesas = await (
    await admin.get(`/api/despesas?mes=3&ano=2026&q=${encodeURIComponent(descricao)}`)
  ).json();
  expect(despesas.items.map((d: { valor: number }) => d.valor)).toEqual([4400]);

  // ── Funcionários: the salary of an edit
  await page.goto('/funcionarios');
  await page.getByRole('searchbox', { name: 'Buscar funcionários' }).fill(funcionario.nome);
  await page.getByRole('button', { name: `Editar ${funcionario.nome}` }).click();
  await page.getByLabel('Salário (R$)').fill(DIGITADO);
  await page.getByRole('button', { name: 'Atualizar Funcionário' }).click();
  await expect(page.getByText('Funcionário atualizado com sucesso!')).toBeVisible();
  expect((await (await admin.get(`/api/funcionarios/${funcionario.id}`)).json()).salario).toBe(4400);

  // ── Orçamento: Frete, Instalação and Entrada
  await page.goto('/orcamentos');
  await choose(page, page.getByRole('combobox', { name: 'Cliente' }), cliente.nome);
  await page.getByRole('button', { name: 'Adicionar Item' }).click();
  const item1 = page.getByRole('group', { name: 'Item 1' });
  await choose(page, item1.getByRole('combobox', { name: 'Produto' }), produto.nome);
  await item1.getByLabel('Qtd (Unidades)').fill('1');
  await page.getByLabel('Frete (R$)').fill(DIGITADO);
  await page.getByLabel('Instalação (R$)').fill(DIGITADO);
  await page.getByLabel('Tipo de Venda').selectOption('entrada');
  await page.getByLabel('Valor da Entrada (R$)').fill(DIGITADO);
  await expect(page.getByLabel('Frete (R$)')).toHaveValue(DIGITADO);
  const salvo = page.waitForResponse(
    (r) => r.url().endsWith('/api/orcamentos') && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Gerar Orçamento' }).click();
  const res = await salvo;
  expect(res.status(), await res.text()).toBe(201);
  expect(await res.json()).toMatchObject({ valor_frete: 4400, valor_instalacao: 4400, valor_entrada: 4400 });

  // ── Recebimentos: the sale's one instalment, paid in full
  await page.goto(`/recebimentos?cliente_id=${cliente.id}`);
  await page
    .getByRole('button', { name: new RegExp(`^Registrar recebimento da venda #${venda.numero}, parcela`) })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Registrar recebimento' });
  await dialog.getByLabel('Valor recebido').fill(DIGITADO);
  await dialog.getByLabel('Forma de pagamento').selectOption({ label: `Pix - Débito (${obs})` });
  const pago = page.waitForResponse(
    (r) => /\/api\/recebiveis\/[^/]+\/recebimentos$/.test(r.url()) && r.request().method() === 'POST',
  );
  await dialog.getByRole('button', { name: 'Registrar recebimento' }).click();
  const pagoRes = await pago;
  expect(pagoRes.status(), await pagoRes.text()).toBe(201);
  expect((await pagoRes.json()).valor).toBe(4400);

  // ── Caixa: the initial value and a movement
  await page.goto('/caixa');
  await page.getByLabel('Valor Inicial').fill(DIGITADO);
  await page.getByRole('button', { name: 'Atualizar Caixa Inicial' }).click();
  await expect(page.getByText('Caixa inicial atualizado com sucesso!')).toBeVisible();
  await expect(page.getByTestId('caixa-inicial')).toContainText('R$ 4.400,00');
  const mov = unique('Mov Dinheiro');
  const form = page.getByRole('form', { name: 'Nova Movimentação' });
  await form.getByLabel('Nome').fill(mov);
  await form.getByLabel('Valor').fill(DIGITADO);
  await form.getByRole('button', { name: 'Adicionar' }).click();
  await expect(page.getByRole('row').filter({ hasText: mov })).toContainText('R$ 4.400,00');
});
