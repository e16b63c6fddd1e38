// LGPD end to end (issue 26 §5): a client with everything the shop keeps about a deal — a quote
// approved on the public link, a change request, a sale, its work order, a payment in Caixa. The
// export gives the person their own records and none of the shop's internals; anonymisation leaves no
// trace of their name, CPF, phone or e-mail in any table, keeps the money figures and closes the link.
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/queries/common';
import { answer, apiSuite, Client, ok, refused } from '../testing/harness';
import { seedBaseOrcamento } from './vendas.test-helpers';

const { env, admin } = apiSuite();

const NOME = 'Zacarias Quintino Lemos';
const CPF = '529.982.247-25';
const TELEFONE = '(27) 99876-5432';
const EMAIL = 'zacarias.quintino@exemplo.com.br';
const ENDERECO = 'Rua das Acácias Floridas';
const NUMERO = '455';
const COMPLEMENTO = 'Bloco Safira, ap. 12';
const BAIRRO = 'Jardim Limoeiro Dourado';
/** The work order's job address: the client's street line, número, complemento and bairro. */
const ENDERECO_OS = 'Rua das Acácias Floridas, 455, Bloco Safira, ap. 12 — Jardim Limoeiro Dourado';
/**
 * What must not be found anywhere after anonymising (each also as digits only where it has any). The
 * número alone ("455") would match unrelated digits: the audit rows' masked keys are checked instead.
 */
const RASTROS = [
  'Zacarias',
  'Quintino',
  '52998224725',
  '529.982.247-25',
  '27998765432',
  '99876-5432',
  EMAIL,
  'Acácias Floridas',
  'Bloco Safira',
  'Limoeiro Dourado',
];

const ids: Record<string, string> = {};
let token: string;
let tokenAlteracao: string;

async function assinaturaPng() {
  const png = await sharp({ create: { width: 300, height: 120, channels: 4, background: '#ffffff00' } })
    .composite([
      {
        input: Buffer.from(
          '<svg width="300" height="120"><path d="M10 100 C 80 10, 160 10, 290 90" stroke="#000" stroke-width="3" fill="none"/></svg>',
        ),
      },
    ])
    .png()
    .toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}

async function share(id: string) {
  const res = await ok(admin.api.orcamentos[':id'].link.$post({ param: { id } }), 201);
  return String(res.url).split('/o/')[1]!;
}

beforeAll(async () => {
  const cliente = await ok(
    admin.api.clientes.$post({
      json: {
        nome: NOME,
        tipo: 'Pessoa Física',
        cpf_cnpj: CPF,
        telefone: TELEFONE,
        email: EMAIL,
        endereco: ENDERECO,
        numero: NUMERO,
        complemento: COMPLEMENTO,
        bairro: BAIRRO,
        cidade: 'Serra',
        uf: 'ES',
        cep: '29160-000',
      },
    }),
    201,
  );
  ids.cliente = cliente.id;
  Object.assign(ids, await seedBaseOrcamento(env, { granito: 'Granito Branco Dallas', credito: {} }));
  // bancada 2,00 × 0,50 = 1 m² × R$ 450,00 = R$ 450,00, plus Ana's 10 h at R$ 10,00 = R$ 100,00
  const quote = {
    cliente_id: ids.cliente,
    vendedor_id: ids.vendedor!,
    arquiteto_id: ids.arquiteto!,
    funcionario_ids: [ids.ana!],
    itens: [
      { item_venda_id: ids.bancada!, produto_id: ids.granito!, quantidade: 1, medida1: 2, medida2: 0.5 },
    ],
    horas_trabalho: 10,
    margem_lucro: 30,
    tipo_venda: 'avista' as const,
    observacoes: `Ligar para ${NOME} no ${TELEFONE} antes de ir.`,
  };
  const o = await ok(admin.api.orcamentos.$post({ json: quote }), 201);
  ids.orcamento = o.id;
  token = await share(o.id);
  const publico = new Client(env).api.publico.orcamentos[':token'];
  const page = await ok(publico.$get({ param: { token } }));
  await ok(
    publico.aprovar.$post(
      {
        param: { token },
        json: {
          nome: NOME,
          documento: '5299',
          assinatura: await assinaturaPng(),
          aceite: true,
          versao: page.orcamento.versao,
        },
      },
      { headers: { 'user-agent': 'Mozilla/5.0 (Linux; Android 14; Celular do Zacarias)' } },
    ),
  );
  // a second quote, on which the customer asks for a change and types their CPF in it
  const o2 = await ok(admin.api.orcamentos.$post({ json: quote }), 201);
  ids.orcamento2 = o2.id;
  tokenAlteracao = await share(o2.id);
  await ok(
    publico.alteracao.$post({
      param: { token: tokenAlteracao },
      json: { mensagem: `Sou ${NOME}, CPF ${CPF}: troquem a cuba, por favor.` },
    }),
    201,
  );
  // the sale, its instalment and work order (the OS copies the client's address), and a payment
  // the approval made the sale (the company's default "venda automática")
  const [venda] = await queryRows<{ id: string }>(
    env.db,
    sql`select id from vendas where orcamento_id = ${o.id}`,
  );
  ids.venda = venda!.id;
  const [parcela] = await queryRows<{ id: string; valor: string }>(
    env.db,
    sql`select id, valor::text from parcelas where venda_id = ${venda!.id} order by parcela limit 1`,
  );
  ids.parcela = parcela!.id;
  await ok(
    admin.api.recebiveis[':id'].recebimentos.$post({
      param: { id: parcela!.id },
      json: { valor: 100, data: '2026-11-02' },
    }),
    201,
  );
  const [os] = await queryRows<{ id: string; endereco: string }>(
    env.db,
    sql`select id, endereco from ordens_servico where venda_id = ${venda!.id}`,
  );
  expect(os!.endereco).toBe(ENDERECO_OS);
  ids.os = os!.id;
  // their signature on the finished job, and a photo of the work
  await env.db.execute(
    sql`insert into os_fotos (os_id, tipo, mime, tamanho, bytes)
        values (${os!.id}, 'assinatura', 'image/png', 4, '\\x89504e47'::bytea),
               (${os!.id}, 'foto', 'image/jpeg', 4, '\\xffd8ffe0'::bytea)`,
  );
});

/** Every row of every table in the public schema as JSON text, with the table's name. */
async function todasAsLinhas() {
  const tabelas = await queryRows<{ t: string }>(
    env.db,
    sql`select table_name as t from information_schema.tables
         where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const linhas: { tabela: string; texto: string }[] = [];
  for (const { t } of tabelas) {
    const rows = await queryRows<{ r: string }>(
      env.db,
      sql`select to_jsonb(x)::text as r from ${sql.identifier(t)} x`,
    );
    for (const { r } of rows) linhas.push({ tabela: t, texto: r });
  }
  return linhas;
}

const rastrosEm = (linhas: { tabela: string; texto: string }[]) =>
  linhas.flatMap(({ tabela, texto }) =>
    RASTROS.filter((r) => texto.toLowerCase().includes(r.toLowerCase())).map((r) => `${tabela}: ${r}`),
  );

describe("LGPD export: the person's own records, not the shop's internals", () => {
  it('JSON: approvals, change requests, work orders with status and address, instalments and payments; no costs, margin or commissions', async () => {
    const body = await ok(admin.api.lgpd.clientes[':id'].$get({ param: { id: ids.cliente! } }));
    expect(body.aceites).toEqual([
      expect.objectContaining({
        nome: NOME,
        user_agent: expect.stringContaining('Zacarias'),
        pdf_sha256: expect.any(String),
      }),
    ]);
    expect(body.alteracoes).toEqual([expect.objectContaining({ mensagem: expect.stringContaining(CPF) })]);
    expect(body.ordens_servico).toEqual([
      expect.objectContaining({ endereco: ENDERECO_OS, status: 'aberta', etapas: expect.any(Array) }),
    ]);
    expect(body.ordens_servico[0]!.etapas.length).toBeGreaterThan(0);
    expect(body.parcelas).toHaveLength(1);
    // one payment of R$ 100,00 on the sale's single instalment
    expect(body.parcelas[0]!.recebimentos).toEqual([
      expect.objectContaining({ valor: 100, data: '2026-11-02' }),
    ]);
    const texto = JSON.stringify(body);
    for (const interno of [
      'custo_hora',
      'horas_trabalho',
      'margem_lucro',
      'comissao_vendedor',
      'comissao_arquiteto',
      'comissao_paga',
      'rt_paga',
      'valor_taxa',
      'taxa_cartao',
      'resumo',
      'mao_de_obra',
      'valor_liquido',
    ])
      expect(texto, interno).not.toContain(`"${interno}"`);
    // the figures the customer agreed to stay
    expect(body.vendas[0]).toHaveProperty('valor_bruto');
    expect(body.orcamentos[0]).toHaveProperty('valor_total');
  });

  it('PDF: the same sections, and none of the internal labels', async () => {
    const { extractText, getDocumentProxy } = await import('unpdf');
    const res = await admin.api.lgpd.clientes[':id'].pdf.$get({ param: { id: ids.cliente! } });
    expect(res.status).toBe(200);
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(await res.arrayBuffer())), {
      mergePages: true,
    });
    const t = text.replace(/\s+/g, ' ');
    for (const s of [
      'Aceites',
      'Pedidos de alteração',
      'Ordens de serviço',
      'Parcelas e pagamentos',
      ENDERECO,
      BAIRRO,
      COMPLEMENTO,
      'R$ 100,00',
    ])
      expect(t, s).toContain(s);
    for (const s of [
      'Custo/hora',
      'Custo hora',
      'Margem',
      'Comissão',
      'RT',
      'Mão de obra',
      'Horas de trabalho',
      'Valor líquido',
      'Taxa',
    ])
      expect(t, s).not.toMatch(new RegExp(`\\b${s.replace('/', '\\/')}\\b`, 'i'));
  });
});

describe('LGPD anonymisation leaves no trace of the person', () => {
  it('scrubs every table, keeps the money, revokes the links', async () => {
    // before: the person is all over the database (the scan works)
    const antes = rastrosEm(await todasAsLinhas());
    for (const t of [
      'clientes',
      'movimentacoes_caixa',
      'auditoria',
      'orcamento_aceites',
      'orcamento_alteracoes',
      'ordens_servico',
    ])
      expect(
        antes.some((x) => x.startsWith(`${t}:`)),
        t,
      ).toBe(true);
    // the address's own fields too: the client's row, its audit rows and the work order's copy
    for (const t of ['clientes', 'auditoria', 'ordens_servico'])
      for (const r of ['Limoeiro Dourado', 'Bloco Safira'])
        expect(antes, `${t}: ${r}`).toContain(`${t}: ${r}`);
    const [caixaAntes] = await queryRows<{ s: string }>(
      env.db,
      sql`select sum(valor)::text as s from movimentacoes_caixa`,
    );

    await ok(
      admin.api.lgpd.clientes[':id'].anonimizar.$post({
        param: { id: ids.cliente! },
        json: { confirmar: true },
      }),
      204,
    );

    expect(rastrosEm(await todasAsLinhas())).toEqual([]);
    const [cli] = await queryRows<Record<string, unknown>>(
      env.db,
      sql`select endereco, numero, complemento, bairro, cidade, uf, cep from clientes where id = ${ids.cliente}`,
    );
    expect(Object.values(cli!)).toEqual([null, null, null, null, null, null, null]);
    // the client's audit rows keep which address fields changed, never their values (the número too)
    const trilha = await queryRows<{ alteracoes: Record<string, unknown> }>(
      env.db,
      sql`select alteracoes from auditoria where recurso = 'clientes' and registro = ${ids.cliente}`,
    );
    const criado = trilha.find((t) => 'numero' in t.alteracoes);
    expect(criado?.alteracoes).toMatchObject(
      Object.fromEntries(
        ['endereco', 'numero', 'complemento', 'bairro', 'cidade', 'uf', 'cep'].map((k) => [
          k,
          ['***', '***'],
        ]),
      ),
    );
    // the books keep their amounts: the sale, the instalment, the R$ 100,00 received
    const [caixaDepois] = await queryRows<{ s: string }>(
      env.db,
      sql`select sum(valor)::text as s from movimentacoes_caixa`,
    );
    expect(caixaDepois!.s).toBe(caixaAntes!.s);
    const [mov] = await queryRows<{ nome: string; valor: string }>(
      env.db,
      sql`select m.nome, m.valor::text from movimentacoes_caixa m join recebimentos r on r.movimentacao_id = m.id
           join parcelas p on p.id = r.parcela_id where p.venda_id = ${ids.venda}`,
    );
    expect(mov).toEqual({
      nome: expect.stringMatching(/^Recebimento venda nº \d+, .* — Cliente anonimizado /),
      valor: '100.00',
    });
    const [aceite] = await queryRows<Record<string, unknown>>(
      env.db,
      sql`select nome, ip, user_agent, documento, length(pdf) as pdf, pdf_sha256 from orcamento_aceites where orcamento_id = ${ids.orcamento}`,
    );
    expect(aceite).toMatchObject({ ip: null, user_agent: null, documento: null, pdf: 0 });
    expect(String(aceite!.nome)).toMatch(/^Cliente anonimizado /);

    // their signature on the job is gone, the photo of the work stays
    const fotos = await queryRows<{ tipo: string }>(
      env.db,
      sql`select tipo from os_fotos where os_id = ${ids.os}`,
    );
    expect(fotos).toEqual([{ tipo: 'foto' }]);

    // the public links no longer open, and the accepted PDF is gone from the back office too
    const publico = new Client(env).api.publico.orcamentos[':token'];
    for (const t of [token, tokenAlteracao]) {
      await refused(publico.$get({ param: { token: t } }), 404);
      await refused(publico.pdf.$get({ param: { token: t } }), 404);
      await refused(publico['pdf-aceito'].$get({ param: { token: t } }), 404);
    }
    const param = { id: ids.orcamento! };
    await refused(admin.api.orcamentos[':id']['pdf-aceito'].$get({ param }), 410);
    // the quote's customer side still answers (without the person)
    const lado = await answer(admin.api.orcamentos[':id'].cliente.$get({ param }));
    expect(lado.status).toBe(200);
    expect(JSON.stringify(lado.body)).not.toMatch(/Zacarias|52998224725/);
  });
});
