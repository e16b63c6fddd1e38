// The customer's side on a phone: staff share a quote, the customer opens the link in a fresh browser
// (no session), approves it with a drawn signature, and the staff screen hears it (toast + sale); a
// change request reaches the staff the same way.
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, servidorUrl, test, unique } from './fixtures';

const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE });

async function created<T>(res: Awaited<ReturnType<APIRequestContext['post']>>, what: string): Promise<T> {
  expect(res.status(), `${what}: ${await res.text()}`).toBe(201);
  return (await res.json()) as T;
}

/** A client with CPF and mobile, a product at R$ 250,00 per unit and a quote of 2 units, no margin. */
async function seedQuote(admin: APIRequestContext) {
  const cliente = await created<{ id: string; nome: string }>(
    await admin.post('/api/clientes', {
      data: {
        nome: unique('Cliente Link'),
        tipo: 'Pessoa Física',
        cpf_cnpj: '529.982.247-25',
        telefone: '(11) 98765-4321',
      },
    }),
    'cliente',
  );
  const categoria = unique('cat').toLowerCase();
  await created(await admin.post('/api/categorias-produtos', { data: { nome: categoria } }), 'categoria');
  const produto = await created<{ id: string }>(
    await admin.post('/api/produtos', {
      data: { nome: unique('Cuba'), categoria, valor_m2: 250, tipo_unidade: 'unitário', unidade: 'un' },
    }),
    'produto',
  );
  const orcamento = await created<{ id: string; numero: number }>(
    await admin.post('/api/orcamentos', {
      data: {
        cliente_id: cliente.id,
        itens: [{ produto_id: produto.id, quantidade: 2 }],
        margem_lucro: 0,
        horas_trabalho: 0,
        tipo_venda: 'avista',
      },
    }),
    'orçamento',
  );
  return { cliente, orcamento };
}

/** Staff open the history and the quote's "Enviar ao cliente", create the link and read it. */
async function shareFromHistory(page: Page, numero: number) {
  await page.goto('/orcamentos?aba=historico');
  await page.getByRole('button', { name: `Enviar orçamento #${numero} ao cliente` }).click();
  const dialog = page.getByRole('dialog', { name: `Orçamento #${numero} ao cliente` });
  await expect(dialog.getByRole('button', { name: 'Enviar por WhatsApp' })).toBeEnabled();
  await dialog.getByRole('button', { name: 'Copiar link' }).click();
  const link = dialog.getByLabel('Link do cliente');
  await expect(link).toHaveValue(/\/o\/[A-Za-z0-9_-]{43}$/);
  const url = await link.inputValue();
  await page.keyboard.press('Escape');
  return url;
}

async function customerPage(browser: Browser, url: string) {
  // A fresh context: no cookie, as the customer's own phone.
  const ctx = await browser.newContext({
    baseURL: servidorUrl(),
    viewport: PHONE,
    hasTouch: true,
    locale: 'pt-BR',
  });
  const page = await ctx.newPage();
  await page.goto(url);
  return { ctx, page };
}

/** The company's identity as the Empresa screen keeps it (the name stays: other specs print it). */
async function fillEmpresa(admin: APIRequestContext) {
  const current = await (await admin.get('/api/empresa')).json();
  const res = await admin.put('/api/empresa', {
    data: {
      nome: 'Lavra Marmoraria',
      cnpj: '11.222.333/0001-81',
      endereco: 'Av. dos Mármores, 1200',
      cidade: 'São Paulo',
      uf: 'SP',
      cep: '04001-000',
      telefone: '(11) 3456-7890',
      whatsapp: '(11) 98888-7777',
      email: 'contato@lavra.com.br',
      validade_dias: 15,
      termos: 'Prazo de entrega: 15 dias úteis após a medição final.',
      instrucoes_pagamento: 'Entrada por Pix na aprovação; saldo na instalação.',
      chave_pix: 'contato@lavra.com.br',
      venda_automatica: true,
      updated_at: current.updated_at,
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  const logo = await sharp(
    Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="240" height="80"><rect width="240" height="80" rx="12" fill="#1e293b"/><path d="M16 64 L40 16 L64 64 Z" fill="#e2e8f0"/><text x="78" y="52" font-family="Arial" font-size="26" font-weight="700" fill="#f8fafc">Lavra</text></svg>',
    ),
  )
    .png()
    .toBuffer();
  const up = await admin.put('/api/empresa/logo', { data: logo, headers: { 'content-type': 'image/png' } });
  expect(up.status(), await up.text()).toBe(200);
}

test('share → the customer approves with a drawn signature → the staff see the toast and the sale', async ({
  adminPage,
  admin,
  browser,
}) => {
  await fillEmpresa(admin);
  const { cliente, orcamento } = await seedQuote(admin);
  const url = await shareFromHistory(adminPage, orcamento.numero);

  const { ctx, page } = await customerPage(browser, url);
  await expect(page.getByRole('heading', { name: `Orçamento Nº ${orcamento.numero}` })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Logotipo de Lavra Marmoraria' })).toBeVisible();
  await expect(page.getByText('Prazo de entrega: 15 dias úteis após a medição final.')).toBeVisible();
  // 2 × R$ 250,00, no margin, no extras
  await expect(page.getByText('R$ 500,00').last()).toBeVisible();
  await expect(page.getByText('2 un. × R$ 250,00/un.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Baixar PDF', exact: true })).toHaveAttribute('href', /\/pdf$/);
  if (process.env.UPDATE_SCREENSHOT)
    await page.screenshot({ path: 'docs/orcamento-publico-celular.png', fullPage: true });

  await page.getByRole('button', { name: 'Aprovar' }).click();
  await page.getByLabel('Seu nome completo').fill(cliente.nome);
  await page.getByLabel('Os 4 primeiros dígitos do seu CPF ou CNPJ').fill('5299');
  const canvas = page.getByLabel('Quadro de assinatura: desenhe com o dedo');
  const box = (await canvas.boundingBox())!;
  await page.mouse.move(box.x + 30, box.y + 120);
  await page.mouse.down();
  for (const [x, y] of [
    [80, 60],
    [140, 130],
    [200, 50],
    [300, 110],
  ] as const)
    await page.mouse.move(box.x + x, box.y + y, { steps: 6 });
  await page.mouse.up();
  await page.getByLabel('Li e aceito os termos e condições acima.').check();
  const approved = page.waitForResponse((r) => r.url().endsWith('/aprovar'));
  await page.getByRole('button', { name: 'Confirmar aprovação' }).click();
  expect((await approved).status()).toBe(200);
  await expect(
    page.getByRole('status').filter({ hasText: `Orçamento aprovado por ${cliente.nome}` }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Baixar PDF assinado' })).toBeVisible();
  // the exact bytes accepted, whose SHA-256 the record keeps
  await expect(page.getByRole('link', { name: 'Baixar PDF aceito' })).toHaveAttribute(
    'href',
    /\/pdf-aceito$/,
  );
  await ctx.close();

  // the staff screen that stayed open hears it live
  await expect(adminPage.getByText(`Orçamento #${orcamento.numero} aprovado pelo cliente`)).toBeVisible();
  // and the sale exists (automatic sale on approval is on by default)
  await adminPage.goto('/vendas');
  await adminPage.getByRole('searchbox').first().fill(cliente.nome);
  await expect(adminPage.getByText(cliente.nome).first()).toBeVisible();
});

test('the customer requests a change; the staff see the message', async ({ adminPage, admin, browser }) => {
  const { orcamento } = await seedQuote(admin);
  const url = await shareFromHistory(adminPage, orcamento.numero);

  const { ctx, page } = await customerPage(browser, url);
  await page.getByRole('button', { name: 'Solicitar alteração' }).click();
  await page.getByLabel('O que você gostaria de mudar?').fill('Prefiro a cuba de sobrepor, por favor.');
  await page.getByRole('button', { name: 'Enviar pedido' }).click();
  await expect(
    page.getByText('Pedido enviado. A empresa vai revisar o orçamento e falar com você.'),
  ).toBeVisible();
  await ctx.close();

  await expect(
    adminPage.getByText(`O cliente pediu alteração no orçamento #${orcamento.numero}`),
  ).toBeVisible();
  await adminPage.getByRole('button', { name: `Ver detalhes do orçamento #${orcamento.numero}` }).click();
  await expect(adminPage.getByText('Prefiro a cuba de sobrepor, por favor.')).toBeVisible();
});

test('an unknown link shows a clear page, not an error', async ({ browser }) => {
  const { ctx, page } = await customerPage(browser, `/o/${'A'.repeat(43)}`);
  await expect(page.getByRole('heading', { name: 'Link indisponível' })).toBeVisible();
  await ctx.close();
});
