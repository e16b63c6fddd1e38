import { parseString } from '@fast-csv/parse';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { csvField, PAGE_SIZE } from './export';
import { seedVenda, seedVendedor } from './routes/vendas.test-helpers';
import { apiSuite, type Client, userWith } from './testing/harness';

const { env, admin } = apiSuite();

async function download(client: Client, path: string) {
  const res = await env.app.request(`http://localhost:3000${path}`, {
    headers: { cookie: client.cookie, origin: 'http://localhost:3000', host: 'localhost:3000' },
  });
  return { res, buf: Buffer.from(await res.arrayBuffer()) };
}

const csvLines = (buf: Buffer) =>
  buf
    .toString('utf8')
    .replace(/^\ufeff/, '')
    .trimEnd()
    .split('\r\n');

async function sheet(buf: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buf as unknown as ArrayBuffer);
  const ws = wb.worksheets[0]!;
  const rows: unknown[][] = [];
  ws.eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
  return rows;
}

describe('GET /api/<lista>/exportar', () => {
  it('CSV of suppliers: pt-BR headers, every row matching the search, file named by resource and date', async () => {
    for (const nome of ['Pedreira Alfa', 'Pedreira Beta', 'Marmoraria Gama']) {
      expect(
        (await admin.post('/api/fornecedores', { nome, telefone: '(27) 3522-1234', cidade: 'Cachoeiro; ES' }))
          .status,
      ).toBe(201);
    }
    const { res, buf } = await download(admin, '/api/fornecedores/exportar?formato=csv&q=pedreira&sort=nome');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="fornecedores-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = csvLines(buf);
    expect(lines[0]).toBe('Nome;CNPJ;Contato;Telefone;E-mail;Endereço;Cidade;UF;CEP;Cadastrado em');
    // the search is respected (Gama is not there), in the requested order; a ; inside a field is quoted
    expect(lines.slice(1).map((l) => l.split(';')[0])).toEqual(['Pedreira Alfa', 'Pedreira Beta']);
    expect(lines[1]).toContain(';"Cachoeiro; ES";');
    expect(lines[1]).toMatch(/;\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
  });

  it('xlsx of products: money as numbers with two decimals, the same rows as the filter', async () => {
    await admin.create('/api/categorias-produtos', { nome: 'Granito' });
    const base = { categoria: 'granito', unidade: 'm²', tipo_unidade: 'm²', estoque: 10, estoque_minimo: 2 };
    expect(
      (await admin.post('/api/produtos', { ...base, nome: 'Preto São Gabriel', valor_m2: '450.5' })).status,
    ).toBe(201);
    expect(
      (await admin.post('/api/produtos', { ...base, nome: 'Branco Siena', valor_m2: 1234.56, estoque: 1 }))
        .status,
    ).toBe(201);
    const { res, buf } = await download(admin, '/api/produtos/exportar?formato=xlsx&abaixo_minimo=true');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const rows = await sheet(buf);
    expect(rows[0]!.slice(0, 4)).toEqual(['Nome', 'Categoria', 'Fornecedor', 'Valor (m²/unidade)']);
    // only the product below its minimum stock (1 < 2)
    expect(rows).toHaveLength(2);
    expect(rows[1]![0]).toBe('Branco Siena');
    expect(rows[1]![3]).toBe(1234.56); // a number cell, not text
    const all = await sheet((await download(admin, '/api/produtos/exportar?formato=xlsx&sort=nome')).buf);
    expect(all.slice(1).map((r) => [r[0], r[3]])).toEqual([
      ['Branco Siena', 1234.56],
      ['Preto São Gabriel', 450.5],
    ]);
    // created_at is a date cell
    expect(all[1]![all[0]!.indexOf('Cadastrado em')]).toBeInstanceOf(Date);
  });

  it('writes every row, across pages (keyset), not only the first page of the list', async () => {
    const n = PAGE_SIZE + 5;
    // one statement: through the API a thousand rows would take minutes on PGlite
    await env.db.execute(
      sql`insert into itens_vendas (nome, formato_medida)
          select 'Item ' || lpad(i::text, 5, '0'), 'Largura x Altura' from generate_series(0, ${n - 1}) i`,
    );
    const { buf } = await download(admin, '/api/itens-venda/exportar?formato=csv&sort=nome');
    const names = csvLines(buf)
      .slice(1)
      .map((l) => l.split(';')[0]);
    expect(names).toHaveLength(n);
    expect(new Set(names).size).toBe(n);
    expect(names[0]).toBe('Item 00000');
    expect(names[n - 1]).toBe(`Item ${String(n - 1).padStart(5, '0')}`);
    const desc = csvLines((await download(admin, '/api/itens-venda/exportar?formato=csv&sort=-nome')).buf);
    expect(desc[1]!.split(';')[0]).toBe(`Item ${String(n - 1).padStart(5, '0')}`);
    expect(desc).toHaveLength(n + 1);
  });

  it('CSV: a text cell a spreadsheet would run as a formula gets a leading apostrophe; numbers stay numbers', async () => {
    await admin.create('/api/fornecedores', {
      nome: '=1+1 Pedreira Fórmula',
      contato: '=HYPERLINK("http://x.example";"Clique")',
      telefone: '(27) 3522-1234',
      endereco: '@SUM(1+1)',
      cidade: '-2+3',
      cep: null,
    });
    await admin.create('/api/fornecedores', {
      nome: '+Pedreira Fórmula',
      contato: '\t=1+1',
      telefone: '(27) 3522-1234',
    });
    const { buf } = await download(
      admin,
      '/api/fornecedores/exportar?formato=csv&q=Pedreira%20F%C3%B3rmula&sort=nome',
    );
    // a third-party parser (fast-csv, as a spreadsheet's import does) removes the quotes, not the apostrophe
    const rows = await new Promise<string[][]>((resolve, reject) => {
      const out: string[][] = [];
      parseString(buf.toString('utf8').replace(/^\ufeff/, ''), { delimiter: ';' })
        .on('data', (r: string[]) => out.push(r))
        .on('error', reject)
        .on('end', () => resolve(out));
    });
    // Nome;CNPJ;Contato;Telefone;E-mail;Endereço;Cidade;UF;CEP;Cadastrado em
    expect(rows.slice(1).map((r) => [r[0], r[2], r[5], r[6]])).toEqual([
      // the server trims the tab away on the way in; a stored one is covered below
      ["'+Pedreira Fórmula", "'=1+1", '', ''],
      ["'=1+1 Pedreira Fórmula", '\'=HYPERLINK("http://x.example";"Clique")', "'@SUM(1+1)", "'-2+3"],
    ]);
    // A negative amount is a number (no apostrophe, no quotes), text without a formula is untouched.
    expect(csvField({ header: 'Valor', value: 'v', type: 'money' }, { v: '-20.1' }, 'UTC')).toBe('-20,10');
    expect(csvField({ header: 'Qtd', value: 'v', type: 'integer' }, { v: -3 }, 'UTC')).toBe('-3');
    expect(csvField({ header: 'Nome', value: 'v' }, { v: 'Ana - Sul' }, 'UTC')).toBe('Ana - Sul');
    expect(csvField({ header: 'Nome', value: 'v' }, { v: '-' }, 'UTC')).toBe("'-");
    expect(csvField({ header: 'Nome', value: 'v' }, { v: '\t=1+1' }, 'UTC')).toBe("'\t=1+1");
    expect(csvField({ header: 'Nome', value: 'v' }, { v: '\r=1+1' }, 'UTC')).toBe('"\'\r=1+1"');
  });

  it('checks the list permission, and refuses an unknown format', async () => {
    const { client } = await userWith(env, ['clientes']);
    expect((await download(client, '/api/fornecedores/exportar?formato=csv')).res.status).toBe(403);
    expect((await download(client, '/api/clientes/exportar?formato=csv')).res.status).toBe(200);
    const anon = await env.app.request('http://localhost:3000/api/clientes/exportar?formato=csv');
    expect(anon.status).toBe(401);
    const bad = await admin.get('/api/clientes/exportar?formato=pdf');
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toBe('O formato deve ser csv ou xlsx.');
    expect((await admin.get('/api/clientes/exportar?formato=csv&sort=senha')).status).toBe(400);
  });

  it('expenses of one month, the search respected, money with two decimals and dates as dates', async () => {
    const body = { tipo: 'avulso', data_vencimento: '2025-03-10', observacoes: null };
    expect(
      (await admin.post('/api/despesas', { ...body, descricao: 'Energia', valor: '1234.5' })).status,
    ).toBe(201);
    expect((await admin.post('/api/despesas', { ...body, descricao: 'Água', valor: 80 })).status).toBe(201);
    expect(
      (
        await admin.post('/api/despesas', {
          ...body,
          descricao: 'Energia abril',
          valor: 99,
          data_vencimento: '2025-04-10',
        })
      ).status,
    ).toBe(201);
    const csv = csvLines(
      (await download(admin, '/api/despesas/exportar?formato=csv&mes=3&ano=2025&q=energia')).buf,
    );
    expect(csv[0]).toBe('Descrição;Valor;Tipo;Vencimento;Parcela;Status;Observações;Cadastrada em');
    // March only (not April's), only the search's row; 1234.5 written as 1234,50
    expect(csv).toHaveLength(2);
    expect(csv[1]!.split(';').slice(0, 6)).toEqual([
      'Energia',
      '1234,50',
      'Avulsa',
      '10/03/2025',
      '1/1',
      'Pendente',
    ]);
    const rows = await sheet(
      (await download(admin, '/api/despesas/exportar?formato=xlsx&mes=3&ano=2025')).buf,
    );
    expect(rows.slice(1).map((r) => [r[0], r[1]])).toEqual([
      ['Energia', 1234.5],
      ['Água', 80],
    ]);
    expect(rows[1]![3]).toEqual(new Date(Date.UTC(2025, 2, 10)));
  });

  it('cash movements filtered by type; users behind the usuarios permission', async () => {
    await admin.post('/api/caixa/movimentacoes', {
      nome: 'Aporte',
      tipo: 'entrada',
      valor: 500,
      data: '2025-01-02',
    });
    await admin.post('/api/caixa/movimentacoes', {
      nome: 'Sangria',
      tipo: 'saida',
      valor: 20.1,
      data: '2025-01-03',
    });
    const caixa = csvLines(
      (await download(admin, '/api/caixa/movimentacoes/exportar?formato=csv&tipo=saida')).buf,
    );
    expect(caixa.slice(1).map((l) => l.split(';').slice(0, 4))).toEqual([
      ['Sangria', 'Saída', '20,10', '03/01/2025'],
    ]);

    const { client } = await userWith(env, ['clientes']);
    expect((await download(client, '/api/usuarios/exportar?formato=csv')).res.status).toBe(403);
    expect((await download(client, '/api/caixa/movimentacoes/exportar?formato=csv')).res.status).toBe(403);
    const users = csvLines((await download(admin, '/api/usuarios/exportar?formato=csv&q=admin')).buf);
    expect(users[0]).toBe('Nome;E-mail;Perfil;Status;Permissões;Cadastrado em');
    expect(users[1]).toContain(';Administrador;Ativo;');
  });

  it('categories, sale items and users: pt-BR headers, the rows of the search, the list permission', async () => {
    for (const nome of ['Mármore Exporta', 'Quartzito Exporta']) {
      expect((await admin.post('/api/categorias-produtos', { nome })).status).toBe(201);
    }
    expect(
      (await admin.post('/api/categorias-produtos', { nome: 'Inativa Exporta', ativa: false })).status,
    ).toBe(201);
    // two products in "mármore exporta" (names are stored in lower case): its count is 2
    const base = {
      categoria: 'mármore exporta',
      unidade: 'm²',
      tipo_unidade: 'm²',
      valor_m2: 100,
      estoque: 1,
    };
    for (const nome of ['Carrara Exporta', 'Travertino Exporta']) {
      expect((await admin.post('/api/produtos', { ...base, nome })).status).toBe(201);
    }
    const cats = csvLines(
      (await download(admin, '/api/categorias-produtos/exportar?formato=csv&q=exporta')).buf,
    );
    expect(cats[0]).toBe('Nome;Ativa;Produtos;Cadastrado em');
    // ordered by name (the list's default), every match of the search, inactive ones too
    expect(cats.slice(1).map((l) => l.split(';').slice(0, 3))).toEqual([
      ['inativa exporta', 'Não', '0'],
      ['mármore exporta', 'Sim', '2'],
      ['quartzito exporta', 'Sim', '0'],
    ]);

    for (const [nome, formato_medida] of [
      ['Soleira Exporta', 'Largura x Profundidade'],
      ['Bancada Exporta', 'Largura x Altura'],
    ]) {
      expect((await admin.post('/api/itens-venda', { nome, formato_medida })).status).toBe(201);
    }
    const itens = await sheet(
      (await download(admin, '/api/itens-venda/exportar?formato=xlsx&q=exporta')).buf,
    );
    expect(itens[0]).toEqual(['Nome', 'Formato de medida', 'Cadastrado em']);
    expect(itens.slice(1).map((r) => r.slice(0, 2))).toEqual([
      ['Bancada Exporta', 'Largura x Altura'],
      ['Soleira Exporta', 'Largura x Profundidade'],
    ]);
    expect(itens[1]![2]).toBeInstanceOf(Date);

    const gerente = await admin.post('/api/usuarios', {
      nome: 'Gerente Exporta',
      email: 'gerente.exporta@lavra.test',
      senha: 'Xq7!cobalto-turvo-38',
      permissoes: ['clientes', 'vendas'],
    });
    expect(gerente.status).toBe(201);
    const users = await sheet((await download(admin, '/api/usuarios/exportar?formato=xlsx&q=exporta')).buf);
    expect(users).toHaveLength(2);
    expect(users[1]!.slice(0, 5)).toEqual([
      'Gerente Exporta',
      'gerente.exporta@lavra.test',
      'Usuário',
      'Ativo',
      'Clientes, Vendas',
    ]);

    // the lists' own permissions: produtos for both product lists, usuarios for the users
    const { client: vendas } = await userWith(env, ['vendas']);
    for (const path of ['categorias-produtos', 'itens-venda', 'usuarios']) {
      expect((await download(vendas, `/api/${path}/exportar?formato=csv`)).res.status).toBe(403);
    }
    const { client: produtos } = await userWith(env, ['produtos']);
    expect((await download(produtos, '/api/categorias-produtos/exportar?formato=csv')).res.status).toBe(200);
    expect((await download(produtos, '/api/itens-venda/exportar?formato=csv')).res.status).toBe(200);
    expect((await download(produtos, '/api/usuarios/exportar?formato=csv')).res.status).toBe(403);
  });

  it('sales and the commission report: the period filter, commission money as numbers', async () => {
    const v = await seedVendedor(env, '10', 'Vera Exporta');
    // 1000.00 − 30.00 fee = 970.00 base; 10 % = 97.00
    await seedVenda(env, {
      data_venda: '2024-05-01',
      valor_bruto: '1000.00',
      valor_taxa: '30.00',
      valor_liquido: '970.00',
      vendedor_id: v.id,
      comissao_vendedor: '97.00',
    });
    await seedVenda(env, {
      data_venda: '2024-07-01',
      valor_bruto: '200.00',
      vendedor_id: v.id,
      comissao_vendedor: '20.00',
    });
    const rel = await sheet(
      (
        await download(
          admin,
          `/api/relatorios/comissoes-vendedores/exportar?formato=xlsx&vendedor_id=${v.id}&inicio=2024-05-01&fim=2024-05-31`,
        )
      ).buf,
    );
    expect(rel[0]).toEqual([
      'Venda',
      'Data da venda',
      'Vendedor',
      'Valor bruto',
      'Taxa',
      'Base de cálculo',
      'Comissão (%)',
      'Comissão',
      'Comissão paga',
    ]);
    expect(rel).toHaveLength(2);
    expect(rel[1]!.slice(2)).toEqual(['Vera Exporta', 1000, 30, 970, 10, 97, 'Não']);

    const vendas = csvLines((await download(admin, '/api/vendas/exportar?formato=csv&sort=data_venda')).buf);
    expect(vendas).toHaveLength(3);
    expect(vendas[1]!.split(';')[1]).toBe('01/05/2024');
    expect(vendas[2]!.split(';')[1]).toBe('01/07/2024');
    const { client } = await userWith(env, ['vendas']);
    expect(
      (await download(client, '/api/relatorios/comissoes-vendedores/exportar?formato=csv')).res.status,
    ).toBe(403);
    expect((await download(client, '/api/orcamentos/exportar?formato=csv')).res.status).toBe(403);
    const orc = csvLines((await download(admin, '/api/orcamentos/exportar?formato=csv')).buf);
    expect(orc[0]!.startsWith('Número;Cliente;Vendedor;Arquiteto;Valor total;Status')).toBe(true);
  });
});
