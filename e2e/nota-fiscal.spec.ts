import { readFile } from 'node:fs/promises';
import { type APIRequestContext, request } from '@playwright/test';
import { expect, test, unique } from './fixtures';
import { NFEIO_API_KEY } from './nfeio';
import { escapeRe, post } from './orcamentos-helpers';

// Issue 30's "Done when" in the browser: from a sale, the Nota fiscal section points to the one fiscal
// field still missing (the product's NCM), the user follows the link, fills it, comes back, emits, sees
// the invoice go from Processando to Autorizada without reloading (the poller's consult is announced by a
// server event), downloads the DANFE, finds the DANFE's public link to send by WhatsApp or e-mail (and it
// opens without a session), and the dashboard counts the invoice. The server talks to the fake NFE.io
// started by playwright.config.ts (e2e/fake-nfeio.ts), which checks every request against NFE.io's
// contract and authorises on the first consult.

const EMAIL_CLIENTE = 'cliente.nfe@exemplo.com.br';

const brl = (cents: number) =>
  `R$ ${Math.trunc(cents / 100).toLocaleString('pt-BR')},${String(cents % 100).padStart(2, '0')}`;

/** Everything the invoice needs but the product's NCM: Empresa's fiscal data and credentials, the client. */
async function semeia(admin: APIRequestContext) {
  const atual = await (await admin.get('/api/empresa')).json();
  const empresa = await admin.put('/api/empresa', {
    data: {
      nome: atual.nome,
      cnpj: '11.222.333/0001-81',
      endereco: 'Av. Marechal Mascarenhas de Moraes, 1000',
      cidade: 'Vitória',
      uf: 'ES',
      cep: '29050-625',
      validade_dias: atual.validade_dias,
      venda_automatica: atual.venda_automatica,
      regime_tributario: 'simples_nacional',
      inscricao_estadual: '082123456',
      municipio_ibge: '3205309',
      nfe_serie: 1,
      fiscal_provedor: 'nfeio',
      fiscal_ambiente: 'homologacao',
      fiscal_api_key: NFEIO_API_KEY,
      // The run's one fake NFE.io serves every spec server, and SEFAZ refuses a number its issuer has
      // used (539): a company of its own per test keeps a fresh database's number 1 its own.
      fiscal_empresa_id: unique('empresa').replace(/[^A-Za-z0-9]+/g, '-'),
      updated_at: atual.updated_at,
    },
  });
  expect(empresa.status(), await empresa.text()).toBe(200);
  const { nfe_proximo_numero } = (await empresa.json()) as { nfe_proximo_numero: number };

  const cliente = await post<{ id: string; nome: string }>(admin, '/api/clientes', {
    nome: unique('Cliente NF-e'),
    tipo: 'Pessoa Física',
    cpf_cnpj: '529.982.247-25',
    telefone: '(27) 98765-4321',
    email: EMAIL_CLIENTE,
    endereco: 'Rua das Pedras',
    numero: '10',
    bairro: 'Centro',
    cidade: 'Vitória',
    uf: 'ES',
    cep: '29010-000',
  });
  const categoria = unique('pedras').toLowerCase();
  await post(admin, '/api/categorias-produtos', { nome: categoria });
  const nomeProduto = unique('Cuba de granito');
  // CSOSN and origem set, the NCM not: the one field the sale's invoice will ask for
  const produto = await post<{ id: string }>(admin, '/api/produtos', {
    nome: nomeProduto,
    categoria,
    valor_m2: 450,
    tipo_unidade: 'unitário',
    unidade: 'un',
    csosn: '102',
    origem: 0,
  });
  // 2 × R$ 450,00, no margin, no labour, no freight: the sale and the invoice are R$ 900,00
  const orcamento = await post<{ id: string }>(admin, '/api/orcamentos', {
    cliente_id: cliente.id,
    itens: [{ produto_id: produto.id, quantidade: 2 }],
    margem_lucro: 0,
    horas_trabalho: 0,
    tipo_venda: 'avista',
  });
  const venda = await post<{ id: string; numero: number; valor_bruto: number }>(
    admin,
    `/api/orcamentos/${orcamento.id}/venda`,
    {},
  );
  return { venda, nomeProduto, numeroNota: nfe_proximo_numero };
}

test('from a sale: the missing NCM filled through its link; emitted, authorised live, DANFE downloaded and sent', async ({
  adminPage: page,
  admin,
}) => {
  // A whole working session (seed, two screens, the provider's queue of about 5 s, a download, the
  // dashboard): 40 s on a quiet machine, past the usual 60 s on a busy one.
  test.setTimeout(150_000);
  const { venda, nomeProduto, numeroNota } = await semeia(admin);
  expect(venda.valor_bruto).toBe(900);
  const antes = (await (await admin.get('/api/dashboard')).json()).nfe_autorizadas_mes as {
    quantidade: number;
    valor: number;
  };

  await page.goto('/vendas');
  await page.getByRole('button', { name: `Ver venda #${venda.numero}` }).click();
  let detalhes = page.getByRole('dialog', { name: `Detalhes da Venda #${venda.numero}` });
  let nf = detalhes.getByRole('region', { name: 'Nota fiscal' });
  await expect(nf.getByText('Não emitida')).toBeVisible();
  // one pending field, and no way to emit until it is set
  await expect(nf.getByRole('listitem')).toHaveCount(1);
  await expect(nf.getByRole('button', { name: 'Emitir NF-e' })).toHaveCount(0);
  await nf.getByRole('link', { name: `Informe o NCM (8 dígitos) do produto "${nomeProduto}".` }).click();

  await expect(page).toHaveURL(/\/produtos\?tab=novo&id=/);
  await page.getByRole('combobox', { name: 'NCM' }).click();
  await page.getByPlaceholder('Código (6802) ou descrição (granito)...').fill('6802.93');
  await page.getByRole('option', { name: /^6802\.93\.90/ }).click();
  await page.getByRole('button', { name: 'Salvar Alterações' }).click();
  await expect(page.getByText('Produto atualizado com sucesso!')).toBeVisible();

  // back to the sale, as the user would: the menu, the sale's row
  await page
    .getByRole('navigation', { name: 'Menu principal' })
    .first()
    .getByRole('link', { name: 'Vendas', exact: true })
    .click();
  await page.getByRole('button', { name: `Ver venda #${venda.numero}` }).click();
  detalhes = page.getByRole('dialog', { name: `Detalhes da Venda #${venda.numero}` });
  nf = detalhes.getByRole('region', { name: 'Nota fiscal' });
  // the region's own text, so a failure prints what it still asks for
  await expect(nf).not.toContainText('Antes de emitir, complete:');
  await nf.getByRole('button', { name: 'Emitir NF-e' }).click();
  // the review: the item with its NCM, the invoice's total equal to the sale's
  await expect(nf.getByRole('row').filter({ hasText: nomeProduto })).toContainText('NCM 68029390');
  await expect(nf).toContainText(`Total da NF-e ${brl(90000)}`);
  await nf.getByRole('button', { name: 'Confirmar e emitir' }).click();
  await expect(page.getByText('NF-e enviada ao provedor fiscal')).toBeVisible();

  // Sent and queued at the provider; the poller's consult decides it a few seconds later, and the
  // section follows by the server's event (no reload, no click)
  await expect(nf.getByText(`Processando · NF-e 1/${numeroNota}`)).toBeVisible();
  await expect(nf.getByText(`Autorizada · NF-e 1/${numeroNota}`)).toBeVisible({ timeout: 30_000 });

  const baixando = page.waitForEvent('download');
  await nf.getByRole('link', { name: 'DANFE' }).click();
  const danfe = await baixando;
  expect(danfe.suggestedFilename()).toBe(`nfe-1-${numeroNota}.pdf`);
  const bytes = await readFile(await danfe.path());
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

  // Enviar ao cliente: the DANFE's public link by WhatsApp (the client's mobile) or e-mail, and it opens
  // the PDF without a session
  const url = await nf.getByLabel('Link do DANFE para o cliente').inputValue();
  expect(url).toMatch(/\/api\/publico\/notas-fiscais\/[\w-]+\.[\w-]+\/danfe$/);
  const noTexto = escapeRe(encodeURIComponent(url));
  await expect(nf.getByRole('link', { name: 'Enviar por WhatsApp' })).toHaveAttribute(
    'href',
    new RegExp(`^https://wa\\.me/5527987654321\\?text=.*${noTexto}`),
  );
  await expect(nf.getByRole('link', { name: 'Enviar por e-mail' })).toHaveAttribute(
    'href',
    new RegExp(`^mailto:${escapeRe(encodeURIComponent(EMAIL_CLIENTE))}\\?subject=.*&body=.*${noTexto}`),
  );
  const semSessao = await request.newContext();
  const publico = await semSessao.get(url);
  expect(publico.status()).toBe(200);
  expect(publico.headers()['content-type']).toBe('application/pdf');
  expect((await publico.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  await semSessao.dispose();

  // the dashboard's month of authorised invoices counts it (compared with what it said before, so a
  // second run on the same server passes too)
  await page.goto('/');
  const card = page.getByTestId('dash-nfe-autorizadas');
  const quantidade = antes.quantidade + 1;
  await expect(card).toContainText(brl(Math.round(antes.valor * 100) + 90000));
  await expect(card).toContainText(
    quantidade === 1 ? '1 nota autorizada' : `${quantidade} notas autorizadas`,
  );
});

test.describe('the installation’s NFS-e, on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('review → emit → authorised with the city’s number → PDF; the section never scrolls sideways at 390 px', async ({
    adminPage: page,
    admin,
  }) => {
    test.setTimeout(150_000);
    const atual = await (await admin.get('/api/empresa')).json();
    const empresa = await admin.put('/api/empresa', {
      data: {
        nome: atual.nome,
        cnpj: '11.222.333/0001-81',
        endereco: 'Av. Marechal Mascarenhas de Moraes, 1000',
        cidade: 'Vitória',
        uf: 'ES',
        cep: '29050-625',
        validade_dias: atual.validade_dias,
        venda_automatica: atual.venda_automatica,
        regime_tributario: 'simples_nacional',
        inscricao_estadual: '082123456',
        inscricao_municipal: '1234567',
        municipio_ibge: '3205309',
        nfse_codigo_servico: '0702',
        nfse_item_lista: '07.02',
        nfse_aliquota_iss: '5',
        fiscal_provedor: 'nfeio',
        fiscal_ambiente: 'homologacao',
        fiscal_api_key: NFEIO_API_KEY,
        fiscal_empresa_id: unique('empresa-nfse').replace(/[^A-Za-z0-9]+/g, '-'),
        updated_at: atual.updated_at,
      },
    });
    expect(empresa.status(), await empresa.text()).toBe(200);
    // real-length values: a long name, street and complement (what widened the section before)
    const cliente = await post<{ id: string }>(admin, '/api/clientes', {
      nome: unique('Maria Aparecida dos Santos Albuquerque Vasconcellos'),
      tipo: 'Pessoa Física',
      cpf_cnpj: '529.982.247-25',
      telefone: '(27) 98765-4321',
      endereco: 'Avenida Desembargador Santos Neves Filho Junior',
      numero: '1234',
      complemento: 'Ed. Residencial Vista da Baía, Apto 1802, Bloco C',
      bairro: 'Jardim da Penha',
      cidade: 'Vitória',
      uf: 'ES',
      cep: '29060-050',
    });
    const categoria = unique('pedras').toLowerCase();
    await post(admin, '/api/categorias-produtos', { nome: categoria });
    const produto = await post<{ id: string }>(admin, '/api/produtos', {
      nome: unique('Bancada de granito Preto São Gabriel polido com frontão e saia'),
      categoria,
      valor_m2: 450,
      tipo_unidade: 'unitário',
      unidade: 'un',
      ncm: '68029390',
      csosn: '102',
      origem: 0,
    });
    // goods 2 × R$ 450,00 and installation R$ 350,00: the NFS-e is R$ 350,00, its ISS 5 % R$ 17,50
    const orcamento = await post<{ id: string }>(admin, '/api/orcamentos', {
      cliente_id: cliente.id,
      itens: [{ produto_id: produto.id, quantidade: 2 }],
      margem_lucro: 0,
      horas_trabalho: 0,
      valor_instalacao: 350,
      tipo_venda: 'avista',
    });
    const venda = await post<{ id: string; numero: number }>(
      admin,
      `/api/orcamentos/${orcamento.id}/venda`,
      {},
    );

    await page.goto('/vendas');
    await page.getByRole('button', { name: `Ver venda #${venda.numero}` }).click();
    const detalhes = page.getByRole('dialog', { name: `Detalhes da Venda #${venda.numero}` });
    const nf = detalhes.getByRole('region', { name: 'Nota fiscal' });
    const nfse = nf.getByRole('region', { name: 'NFS-e da instalação' });
    await expect(nfse.getByText('Não emitida')).toBeVisible();

    // the NF-e's review open too: its table and the long address must wrap, not widen the page
    await nf.getByRole('button', { name: 'Emitir NF-e' }).click();
    await expect(nf).toContainText('Total da NF-e');
    await nfse.getByRole('button', { name: 'Emitir NFS-e' }).click();
    await expect(nfse).toContainText('Valor da NFS-e R$ 350,00');
    await expect(nfse).toContainText('ISS 5% = R$ 17,50');
    const medir = () =>
      nf.evaluate((secao) => ({
        pagina: document.documentElement.scrollWidth - window.innerWidth,
        secao: secao.scrollWidth - secao.clientWidth,
        dialogo:
          (secao.closest('[role="dialog"]') as HTMLElement).scrollWidth -
          (secao.closest('[role="dialog"]') as HTMLElement).clientWidth,
      }));
    expect(await medir()).toEqual({ pagina: 0, secao: 0, dialogo: 0 });

    await nfse.getByRole('button', { name: 'Confirmar e emitir NFS-e' }).click();
    await expect(page.getByText('NFS-e enviada ao provedor fiscal')).toBeVisible();
    // the city's number arrives with the poller's consult, announced by the server's event
    await expect(nfse.getByText(/^Autorizada · NFS-e \d+$/)).toBeVisible({ timeout: 30_000 });
    const lista = await (await admin.get(`/api/notas-fiscais?venda_id=${venda.id}&tipo=nfse`)).json();
    expect(lista.items).toHaveLength(1);
    expect(lista.items[0]).toMatchObject({ tipo: 'nfse', status: 'autorizada', valor_total: 350 });
    const numero = lista.items[0].numero_prefeitura as number;
    await expect(nfse.getByText(`Autorizada · NFS-e ${numero}`)).toBeVisible();
    // authorised: the verification code and the buttons row must wrap too
    expect(await medir()).toEqual({ pagina: 0, secao: 0, dialogo: 0 });

    const baixando = page.waitForEvent('download');
    await nfse.getByRole('link', { name: 'PDF da NFS-e' }).click();
    const pdf = await baixando;
    expect(pdf.suggestedFilename()).toBe(`nfse-${numero}.pdf`);
    expect((await readFile(await pdf.path())).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });
});
