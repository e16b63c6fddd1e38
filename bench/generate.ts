/**
 * Deterministic, seeded generator of realistic shop data at a scale factor S.
 * S = 1 is "loja grande": 20,000 clients, 500 products, 200,000 quotes with 1,000,000 items,
 * 60,000 sales, 30,000 expenses, 20,000 cash movements, 50 sellers, 200 architects, 30 employees.
 * The same seed and scale always give the same data. Figures are computed by the domain rules, so
 * every quote's total and every sale's commission agree with what the app itself would compute.
 */
import { getTableColumns, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../src/db/client';
import { setSituacao } from '../src/db/queries/chapas';
import { chapasDaPedra, gravarPlano, pecasDoOrcamento } from '../src/db/queries/planos-corte';
import {
  acabamentos,
  arquitetos,
  caixaInicial,
  cartoes,
  categoriasProdutos,
  chapas,
  clientes,
  despesas,
  fornecedores,
  funcionarios,
  itensVenda,
  movimentacoesCaixa,
  orcamentoFuncionarios,
  orcamentoItemBordas,
  orcamentoItemRecortes,
  orcamentoItens,
  orcamentos,
  produtos,
  recortes as recortesTable,
  vendas,
  vendedores,
} from '../src/db/schema';
import { municipioIbge, ncmValido } from '../src/domain/fiscal';
import { dec, toDbMoney } from '../src/domain/money';
import { planejarCorte, REFILO_PADRAO_MM, SERRA_PADRAO_MM } from '../src/domain/plano-corte';
import {
  type CardRates,
  computeItemDetalhado,
  computeResumoDetalhado,
  type ItemInput,
  LADOS,
} from '../src/domain/pricing';
import { computeVenda } from '../src/domain/venda';
import { PECAS_MAXIMAS } from '../src/schemas/planos-corte';
import {
  chapaEntrada,
  type PedraPlano,
  pecasPorPedra,
  planoVazio,
  SEM_CHAPAS,
} from '../src/server/casos/planos-corte';
import { mulberry32 } from './aleatorio';
import { gerarFotosChapas } from './fotos-chapas';

export interface GenerateOptions {
  scale: number;
  seed?: number;
  /** Reference "now" (default: the real now), so dates fall in the last few years. */
  now?: Date;
  log?: (msg: string) => void;
}

const BASE = {
  clientes: 20_000,
  produtos: 500,
  orcamentos: 200_000,
  itensPorOrcamento: 5,
  vendas: 60_000,
  despesas: 30_000,
  movimentacoes: 20_000,
  vendedores: 50,
  arquitetos: 200,
  funcionarios: 30,
};

// ── seeded randomness

class Rng {
  private next: () => number;
  constructor(seed: number) {
    this.next = mulberry32(seed);
  }
  float() {
    return this.next();
  }
  int(min: number, max: number) {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  pick<T>(xs: readonly T[]): T {
    return xs[Math.floor(this.next() * xs.length)]!;
  }
  chance(p: number) {
    return this.next() < p;
  }
  uuid() {
    const h = Array.from({ length: 32 }, () => Math.floor(this.next() * 16).toString(16));
    h[12] = '4';
    h[16] = ((Number.parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16);
    const s = h.join('');
    return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
  }
  digits(n: number) {
    return Array.from({ length: n }, () => this.int(0, 9)).join('');
  }
}

// ── realistic Brazilian vocabulary
const NOMES = [
  'Ana',
  'João',
  'Maria',
  'José',
  'Francisco',
  'Antônio',
  'Carlos',
  'Paulo',
  'Pedro',
  'Lucas',
  'Luiz',
  'Marcos',
  'Luís',
  'Gabriel',
  'Rafael',
  'Daniel',
  'Marcelo',
  'Bruno',
  'Eduardo',
  'Felipe',
  'Juliana',
  'Fernanda',
  'Patrícia',
  'Aline',
  'Camila',
  'Amanda',
  'Bruna',
  'Letícia',
  'Mariana',
  'Beatriz',
  'Larissa',
  'Vanessa',
  'Cláudia',
  'Sandra',
  'Renata',
  'Helena',
  'Raimundo',
  'Sebastião',
  'Adriana',
  'Tereza',
];
const SOBRENOMES = [
  'Silva',
  'Santos',
  'Oliveira',
  'Souza',
  'Rodrigues',
  'Ferreira',
  'Alves',
  'Pereira',
  'Lima',
  'Gomes',
  'Costa',
  'Ribeiro',
  'Martins',
  'Carvalho',
  'Almeida',
  'Lopes',
  'Soares',
  'Fernandes',
  'Vieira',
  'Barbosa',
  'Rocha',
  'Dias',
  'Nascimento',
  'Andrade',
  'Moreira',
  'Nunes',
  'Marques',
  'Machado',
  'Mendes',
  'Freitas',
  'Cardoso',
  'Ramos',
  'Gonçalves',
  'Santana',
  'Teixeira',
];
const EMPRESAS = [
  'Construtora',
  'Incorporadora',
  'Arquitetura',
  'Engenharia',
  'Reformas',
  'Empreendimentos',
  'Interiores',
];
const CIDADES: [string, string, string][] = [
  ['São Paulo', 'SP', '01310'],
  ['Campinas', 'SP', '13010'],
  ['Santos', 'SP', '11010'],
  ['Rio de Janeiro', 'RJ', '20040'],
  ['Niterói', 'RJ', '24020'],
  ['Belo Horizonte', 'MG', '30130'],
  ['Uberlândia', 'MG', '38400'],
  ['Curitiba', 'PR', '80010'],
  ['Londrina', 'PR', '86010'],
  ['Porto Alegre', 'RS', '90010'],
  ['Florianópolis', 'SC', '88010'],
  ['Vitória', 'ES', '29010'],
  ['Cachoeiro de Itapemirim', 'ES', '29300'],
  ['Salvador', 'BA', '40020'],
  ['Goiânia', 'GO', '74003'],
  ['Brasília', 'DF', '70040'],
];
const RUAS = [
  'Rua das Flores',
  'Avenida Brasil',
  'Rua XV de Novembro',
  'Rua Sete de Setembro',
  'Avenida Paulista',
  'Rua Tiradentes',
  'Rua Santos Dumont',
  'Avenida Getúlio Vargas',
  'Rua Dom Pedro II',
  'Rua da Paz',
];
/** The clients' bairros, taken by position (a draw would move every later value of the stream). */
const BAIRROS = [
  'Centro',
  'Jardim América',
  'Vila Nova',
  'Boa Vista',
  'Santa Cecília',
  'Bela Vista',
  'Jardim Europa',
  'São José',
];
const PEDRAS = [
  'Granito Preto São Gabriel',
  'Granito Branco Itaúnas',
  'Granito Verde Ubatuba',
  'Granito Cinza Andorinha',
  'Granito Amarelo Ornamental',
  'Granito Preto Absoluto',
  'Granito Branco Dallas',
  'Granito Marrom Café',
  'Mármore Carrara',
  'Mármore Travertino',
  'Mármore Crema Marfil',
  'Mármore Branco Piguês',
  'Mármore Nero Marquina',
  'Quartzo Branco Estelar',
  'Quartzo Cinza Expo',
  'Silestone Blanco Zeus',
  'Quartzito Taj Mahal',
  'Quartzito Perla Venata',
  'Porcelanato Calacata',
  'Ardósia Cinza',
];
const ACABAMENTOS = ['Polido', 'Levigado', 'Escovado', 'Flameado', 'Apicoado'];
// Issue 14's catalogues: edge finishes (R$ per linear metre) and cutouts (R$ each).
const BORDAS: [string, string][] = [
  ['Reto polido', '35.00'],
  ['Boleado', '62.50'],
  ['Meia-esquadria', '89.00'],
  ['Chanfrado', '48.00'],
];
const CORTES: [string, string][] = [
  ['Cuba de embutir', '120.00'],
  ['Cuba esculpida', '480.00'],
  ['Cooktop', '95.00'],
  ['Furo de torneira', '15.00'],
];
const ACESSORIOS = [
  'Cuba de inox 50x40',
  'Cuba esculpida',
  'Válvula de escoamento',
  'Sifão cromado',
  'Torneira gourmet',
  'Frontão 10cm',
  'Rodabancada',
  'Kit de fixação',
  'Cola epóxi',
  'Silicone estrutural',
];
// Each demo product's NCM (issue 30), by the first words of its name: worked stone in chapter 68.
const NCM_DEMO: [RegExp, string][] = [
  [/^Granito|^Cuba esculpida|^Frontão|^Rodabancada/, '68029390'], // granito trabalhado
  [/^Mármore/, '68029100'], // mármore, travertino e alabastro
  [/^Quartzito/, '68029990'], // outras pedras
  [/^Quartzo|^Silestone/, '68109900'], // pedra aglomerada (quartzo industrializado)
  [/^Porcelanato/, '69072100'],
  [/^Ardósia/, '68030000'],
  [/^Cuba de inox/, '73241000'],
  [/^Sifão/, '73249000'],
  [/^Torneira/, '84818019'],
  [/^Válvula/, '84818099'],
  [/^Kit de fixação/, '73181500'],
  [/^Cola/, '35069190'],
  [/^Silicone/, '32149000'],
];
function ncmDemo(nome: string): string {
  const ncm = NCM_DEMO.find(([re]) => re.test(nome))?.[1] ?? '68029990';
  if (!ncmValido(ncm)) throw new Error(`NCM de demonstração fora da tabela: ${ncm} (${nome})`);
  return ncm;
}

const CATEGORIAS = ['granito', 'mármore', 'quartzo', 'quartzito', 'porcelanato', 'acessórios'];
const ITENS_VENDA: [string, string][] = [
  ['Bancada de cozinha', 'Largura x Profundidade'],
  ['Bancada de banheiro', 'Largura x Profundidade'],
  ['Pia', 'Largura x Profundidade'],
  ['Ilha gourmet', 'Largura x Profundidade'],
  ['Soleira', 'Largura x Profundidade'],
  ['Peitoril', 'Largura x Profundidade'],
  ['Degrau de escada', 'Largura x Profundidade'],
  ['Lavatório', 'Largura x Profundidade'],
  ['Revestimento de parede', 'Largura x Altura'],
  ['Nicho', 'Largura x Altura'],
  ['Frontão', 'Largura x Altura'],
  ['Painel de lareira', 'Largura x Altura'],
];
const CARGOS = ['Instalador Sênior', 'Instalador Júnior', 'Ajudante', 'Acabador', 'Serrador'] as const;
const SALARIOS: Record<(typeof CARGOS)[number], [number, number]> = {
  'Instalador Sênior': [3800, 5200],
  'Instalador Júnior': [2400, 3200],
  Ajudante: [1600, 2100],
  Acabador: [2600, 3600],
  Serrador: [2800, 3900],
};
const DESPESAS_FIXAS = [
  'Aluguel do galpão',
  'Conta de luz',
  'Conta de água',
  'Internet e telefone',
  'Contabilidade',
  'Seguro do caminhão',
];
const DESPESAS_VARIAVEIS = [
  'Discos de corte diamantados',
  'Combustível',
  'Manutenção da ponte rolante',
  'Frete de chapas',
  'Material de escritório',
  'Cola e resina',
  'Equipamentos de proteção',
  'Manutenção da serra',
  'Refeições da equipe',
  'Impostos (DAS)',
];
const MOVIMENTOS_ENTRADA = [
  'Recebimento de cliente',
  'Sinal de obra',
  'Venda de retalhos',
  'Parcela de cartão',
];
const MOVIMENTOS_SAIDA = [
  'Pagamento de fornecedor',
  'Vale-transporte',
  'Compra de insumos',
  'Retirada do sócio',
  'Pagamento de frete',
];

const iso = (d: Date) => d.toISOString().slice(0, 10);

/** A commission marked paid was paid in full (the release setting is off by default). */
const comissaoPaga = (paga: boolean, bruto: unknown) => ({
  comissao_paga: paga,
  comissao_paga_base: paga ? toDbMoney(bruto as string) : '0',
});

/**
 * The instalments of every sale (lavra_gerar_parcelas_existentes: the schedule of
 * domain/recebiveis.ts in SQL, as the migration runs it) and the payments on those already due:
 * 85 % paid in full, 7 % half paid, the rest left late — chosen by a hash of the sale's number and the
 * instalment's, so the same seed gives the same data. Each payment gets its Caixa entrada and the
 * instalment's received value, as the payment route writes them; dated a few days after the due
 * date, never after today.
 */
async function gerarRecebimentos(db: Db, hoje: string) {
  await db.execute(sql`select lavra_gerar_parcelas_existentes()`);
  // One transaction: the temporary table lives until its commit.
  await db.transaction(async (tx) => {
    await tx.execute(sql`
    create temporary table pagamentos_demo on commit drop as
    select gen_random_uuid() as rec_id, gen_random_uuid() as mov_id, p.id as parcela_id,
           case when h < 85 then p.valor else round(p.valor / 2, 2) end as valor,
           least(p.data_vencimento + (h % 12), ${hoje}::date) as data,
           format('Recebimento venda nº %s, %s — %s', v.numero,
                  case when p.parcela = 0 then 'entrada'
                       else format('parcela %s/%s', p.parcela, case when v.tipo_venda = 'avista' then 1 else v.numero_parcelas end) end,
                  (select c.nome from clientes c where c.id = p.cliente_id)) as nome,
           -- one in 25 recorded without its method, as POST /api/recebiveis/:id/recebimentos allows
           case when h % 25 = 3 then null else (select id from cartoes order by bandeira, id limit 1) end as cartao_id
      from parcelas p join vendas v on v.id = p.venda_id
      cross join lateral (select abs(hashtext(v.numero::text || '-' || p.parcela::text)) % 100 as h) x
     where p.data_vencimento <= ${hoje}::date and h < 92 and exists (select 1 from cartoes)`);
    await tx.execute(sql`insert into movimentacoes_caixa (id, nome, valor, data, tipo)
                       select mov_id, nome, valor, data, 'entrada' from pagamentos_demo`);
    await tx.execute(sql`insert into recebimentos (id, parcela_id, valor, data, cartao_id, movimentacao_id)
                       select rec_id, parcela_id, valor, data, cartao_id, mov_id from pagamentos_demo`);
    await tx.execute(sql`update parcelas p set valor_recebido = r.valor
                         from recebimentos r where r.parcela_id = p.id`);
    // One in twenty commissions paid on instalment sales was paid when only the first instalment had
    // come in: with the release setting on, the reports offer "Pagar liberado" for what came in since.
    await tx.execute(sql`update vendas v set comissao_paga_base = p.valor_recebido
                           from parcelas p
                          where p.venda_id = v.id and p.parcela = 1 and v.comissao_paga
                            and v.tipo_venda = 'parcelado' and v.numero_parcelas > 1 and p.valor_recebido > 0
                            and abs(hashtext('base-' || v.numero::text)) % 20 = 0`);
  });
}
const addDays = (d: Date, n: number) => new Date(d.getTime() + n * 86_400_000);
const fmtCpf = (r: Rng) => {
  const d = r.digits(11);
  return `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6, 9)}-${d.slice(9)}`;
};
const fmtCnpj = (r: Rng) => {
  const d = r.digits(14);
  return `${d.slice(0, 2)}.${d.slice(2, 5)}.${d.slice(5, 8)}/${d.slice(8, 12)}-${d.slice(12)}`;
};
const fmtPhone = (r: Rng) => `(${r.int(11, 99)}) 9${r.digits(4)}-${r.digits(4)}`;
const slug = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '.');

/**
 * Inserts rows as one `insert … select * from unnest($1::type[], $2::type[], …)` per chunk: one array
 * parameter per column, so a 10,000-row chunk is a dozen parameters (cheap to build, cheap for
 * PostgreSQL to parse), on PGlite and on PostgreSQL alike. Rows with differing key sets (where a
 * missing key must mean the column's default, not null) go through Drizzle's multi-row insert.
 */
async function bulk(db: Db, table: PgTable, rows: Record<string, unknown>[]) {
  if (!rows.length) return;
  const keys = Object.keys(rows[0]!);
  const uniform = rows.every((row) => {
    const k = Object.keys(row);
    return k.length === keys.length && k.every((key, i) => key === keys[i]);
  });
  if (!uniform) {
    const size = Math.max(1, Math.floor(60_000 / keys.length));
    for (let i = 0; i < rows.length; i += size) {
      await db.insert(table).values(rows.slice(i, i + size) as never);
    }
    return;
  }
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const cols = keys.map((k) => {
    const c = columns[k];
    if (!c) throw new Error(`coluna desconhecida: ${k}`);
    return c;
  });
  const size = 10_000;
  for (let i = 0; i < rows.length; i += size) {
    const chunk = rows.slice(i, i + size);
    const arrays = cols.map((c, j) => {
      const key = keys[j]!;
      const json = c.getSQLType() === 'jsonb';
      const values = chunk.map((row) => {
        const v = row[key];
        if (v === null || v === undefined) return null;
        if (json) return JSON.stringify(v);
        if (v instanceof Date) return v.toISOString();
        return v;
      });
      return sql`${sql.param(values)}::${sql.raw(c.getSQLType())}[]`;
    });
    await db.execute(
      sql`insert into ${table} (${sql.join(
        cols.map((c) => sql.identifier(c.name)),
        sql`, `,
      )}) select * from unnest(${sql.join(arrays, sql`, `)})`,
    );
  }
}

export async function generate(db: Db, opts: GenerateOptions) {
  const S = opts.scale;
  const r = new Rng(opts.seed ?? 20261122);
  const log = opts.log ?? (() => {});
  const now = opts.now ?? new Date();
  const n = (base: number, min: number) => Math.max(min, Math.round(base * S));
  const spanDays = 4 * 365;
  const dayIn = () => addDays(now, -r.int(0, spanDays));
  const t0 = Date.now();

  // ── master data
  const cats = CATEGORIAS.map((nome) => ({ nome }));
  await db.insert(categoriasProdutos).values(cats).onConflictDoNothing();

  const fornecedorRows = Array.from({ length: n(40, 6) }, (_, i) => {
    const [cidade, uf, cep] = r.pick(CIDADES);
    return {
      id: r.uuid(),
      nome: `${r.pick(['Pedreira', 'Marmoraria', 'Distribuidora', 'Mineração'])} ${r.pick(SOBRENOMES)} ${i + 1}`,
      cnpj: fmtCnpj(r),
      contato: `${r.pick(NOMES)} ${r.pick(SOBRENOMES)}`,
      telefone: fmtPhone(r),
      email: `vendas${i + 1}@fornecedor.com.br`,
      endereco: `${r.pick(RUAS)}, ${r.int(10, 3000)}`,
      cidade,
      uf,
      cep: `${cep}-${r.digits(3)}`,
    };
  });
  await bulk(db, fornecedores, fornecedorRows);

  const produtoRows = Array.from({ length: n(BASE.produtos, 40) }, (_, i) => {
    const acessorio = i % 8 === 7;
    const nome = acessorio
      ? `${r.pick(ACESSORIOS)} ${i + 1}`
      : `${r.pick(PEDRAS)} ${r.pick(ACABAMENTOS)} ${i + 1}`;
    const categoria = acessorio
      ? 'acessórios'
      : (CATEGORIAS.find((c) => nome.toLowerCase().startsWith(c)) ?? 'granito');
    return {
      id: r.uuid(),
      nome,
      categoria,
      fornecedor_id: r.pick(fornecedorRows).id,
      valor_m2: acessorio ? `${r.int(30, 900)}.${r.int(0, 9)}0` : `${r.int(180, 2400)}.00`,
      estoque: String(r.int(0, 120)),
      estoque_minimo: '5',
      unidade: acessorio ? 'un' : 'm²',
      tipo_unidade: acessorio ? 'unitário' : 'm²',
      perda_percentual: acessorio ? '0' : ['0', '5', '8', '10'][i % 4]!,
      descricao: acessorio ? null : `Chapa de ${nome.split(' ').slice(0, 3).join(' ')}, espessura 2 cm.`,
      // Fiscal data (issue 30), derived without drawing from the random stream: a Simples Nacional
      // shop selling in its state (CFOP 5102, CSOSN 102), national goods.
      ncm: ncmDemo(nome),
      cfop: '5102',
      csosn: '102',
      origem: 0,
    };
  });
  await bulk(db, produtos, produtoRows);

  // Their own random stream, so adding them left every other generated row as it was.
  const rp = new Rng((opts.seed ?? 20261122) + 14);
  const acabamentoRows = BORDAS.map(([nome, valor_ml]) => ({ id: rp.uuid(), nome, valor_ml }));
  const recorteRows = CORTES.map(([nome, valor]) => ({ id: rp.uuid(), nome, valor }));
  await bulk(db, acabamentos, acabamentoRows);
  await bulk(db, recortesTable, recorteRows);

  const itemVendaRows = ITENS_VENDA.map(([nome, formato_medida]) => ({ id: r.uuid(), nome, formato_medida }));
  await bulk(db, itensVenda, itemVendaRows);

  const funcionarioRows = Array.from({ length: n(BASE.funcionarios, 6) }, () => {
    const cargo = r.pick(CARGOS);
    const [lo, hi] = SALARIOS[cargo];
    return {
      id: r.uuid(),
      nome: `${r.pick(NOMES)} ${r.pick(SOBRENOMES)}`,
      cpf: fmtCpf(r),
      cargo,
      telefone: fmtPhone(r),
      salario: `${r.int(lo, hi)}.00`,
      horas_mensais: 220,
      data_admissao: iso(dayIn()),
      status: r.chance(0.9) ? 'ativo' : 'inativo',
    };
  });
  await bulk(db, funcionarios, funcionarioRows);

  const pessoa = (i: number, kind: string) => {
    const [cidade, uf, cep] = r.pick(CIDADES);
    const nome = `${r.pick(NOMES)} ${r.pick(SOBRENOMES)} ${r.pick(SOBRENOMES)}`;
    return {
      id: r.uuid(),
      nome,
      tipo: 'Pessoa Física',
      cpf: fmtCpf(r),
      email: `${slug(nome)}.${kind}${i}@exemplo.com.br`,
      telefone: fmtPhone(r),
      endereco: `${r.pick(RUAS)}, ${r.int(10, 3000)}`,
      cidade,
      uf,
      cep: `${cep}-${r.digits(3)}`,
      percentual_comissao: String(r.pick([3, 4, 5, 5, 6, 8, 10])),
      status: r.chance(0.9) ? 'ativo' : 'inativo',
    };
  };
  const vendedorRows = Array.from({ length: n(BASE.vendedores, 4) }, (_, i) => pessoa(i, 'v'));
  await bulk(db, vendedores, vendedorRows);
  const arquitetoRows = Array.from({ length: n(BASE.arquitetos, 6) }, (_, i) => ({
    ...pessoa(i, 'a'),
    percentual_comissao: String(r.pick([5, 8, 10, 10, 12])),
  }));
  await bulk(db, arquitetos, arquitetoRows);

  const cartaoRows: (Record<string, unknown> & { id: string } & CardRates)[] = [
    { id: r.uuid(), bandeira: 'Pix', tipo: 'Débito', taxa: '0' },
    { id: r.uuid(), bandeira: 'Dinheiro', tipo: 'Débito', taxa: '0' },
    { id: r.uuid(), bandeira: 'Cartão', tipo: 'Débito', taxa: '1.99', observacoes: 'Maquininha da loja' },
    {
      id: r.uuid(),
      bandeira: 'Cartão',
      tipo: 'Crédito',
      taxa_1x: '3.49',
      taxa_2x: '4.29',
      taxa_3x: '4.99',
      taxa_6x: '7.49',
      taxa_10x: '10.9',
      taxa_12x: '12.49',
      observacoes: 'Crédito parcelado',
    },
  ];
  await bulk(db, cartoes, cartaoRows);

  const clienteRows = Array.from({ length: n(BASE.clientes, 30) }, (_, i) => {
    const [cidade, uf, cep] = r.pick(CIDADES);
    const pj = r.chance(0.15);
    const nome = pj
      ? `${r.pick(EMPRESAS)} ${r.pick(SOBRENOMES)} Ltda`
      : `${r.pick(NOMES)} ${r.pick(SOBRENOMES)} ${r.pick(SOBRENOMES)}`;
    return {
      id: r.uuid(),
      nome,
      tipo: pj ? 'Pessoa Jurídica' : 'Pessoa Física',
      cpf_cnpj: pj ? fmtCnpj(r) : fmtCpf(r),
      telefone: fmtPhone(r),
      email: `${slug(nome)}${i}@exemplo.com.br`,
      // the address as the NF-e sends it: the street, its número (the same draws as when they were one
      // text), a complemento for one in four, the bairro by position
      endereco: r.pick(RUAS),
      numero: String(r.int(10, 3000)),
      complemento: i % 4 === 3 ? `Apto ${101 + (i % 20)}` : null,
      bairro: BAIRROS[i % BAIRROS.length]!,
      cidade,
      uf,
      cep: `${cep}-${r.digits(3)}`,
      created_at: dayIn(),
      // Issue 30: the IBGE code from the city (as the form saves it); companies alternate between a
      // state registration and "isento" (no draw from the random stream).
      municipio_ibge: municipioIbge(cidade, uf),
      inscricao_estadual: pj && i % 2 === 0 ? String(110042490000 + i) : null,
      ie_isento: pj && i % 2 === 1,
    };
  });
  await bulk(db, clientes, clienteRows);
  log(`cadastros: ${clienteRows.length} clientes, ${produtoRows.length} produtos (${Date.now() - t0} ms)`);

  // ── quotes, items, employees, and the sales born from them; written in batches
  const totalOrc = n(BASE.orcamentos, 60);
  const totalVendas = Math.min(totalOrc, n(BASE.vendas, 18));
  const saleEvery = totalOrc / totalVendas;
  const activeVendedores = vendedorRows.filter((v) => v.status === 'ativo');
  const activeArquitetos = arquitetoRows.filter((a) => a.status === 'ativo');
  const activeFuncionarios = funcionarioRows.filter((f) => f.status === 'ativo');
  const chapas = produtoRows.filter((p) => p.tipo_unidade === 'm²');
  const pecas = produtoRows.filter((p) => p.tipo_unidade === 'unitário');
  const BATCH = 2_000;
  let vendasFeitas = 0;
  for (let start = 0; start < totalOrc; start += BATCH) {
    const orcs: Record<string, unknown>[] = [];
    const itens: Record<string, unknown>[] = [];
    const equipe: Record<string, unknown>[] = [];
    const vendasRows: Record<string, unknown>[] = [];
    const bordasRows: Record<string, unknown>[] = [];
    const recortesRows: Record<string, unknown>[] = [];
    for (let i = start; i < Math.min(totalOrc, start + BATCH); i++) {
      const id = r.uuid();
      // older quotes first, so numero grows with created_at as in real use
      const created = addDays(now, -Math.floor(((totalOrc - i) / totalOrc) * spanDays) + r.int(0, 0));
      const vendedor = r.chance(0.85) ? r.pick(activeVendedores) : null;
      const arquiteto = r.chance(0.4) ? r.pick(activeArquitetos) : null;
      const cartao = r.chance(0.6) ? r.pick(cartaoRows) : null;
      const tipo_venda = r.pick(['avista', 'avista', 'parcelado', 'entrada'] as const);
      const numero_parcelas = tipo_venda === 'avista' ? 1 : r.pick([2, 3, 6, 10, 12]);
      const nItens = BASE.itensPorOrcamento + r.int(-2, 2);
      const itemInputs = Array.from({ length: nItens }, (_, k) => {
        const unit = k === nItens - 1 && r.chance(0.5);
        const p = unit ? r.pick(pecas) : r.pick(chapas);
        const iv = r.pick(itemVendaRows);
        return {
          produto_id: p.id,
          item_venda_id: unit ? null : iv.id,
          quantidade: unit ? r.int(1, 3) : r.int(1, 2),
          medida1: unit ? null : `${r.int(40, 320) / 100}`,
          medida2: unit ? null : `${r.int(30, 90) / 100}`,
          valor_unitario: p.valor_m2,
          tipo_unidade: p.tipo_unidade as 'm²' | 'unitário',
          perda_percentual: unit ? null : p.perda_percentual,
        } as ItemInput & { item_venda_id: string | null; medida1: string | null; medida2: string | null };
      });
      // A third of the quotes price their first piece as a marmoraria does (issue 14): finished
      // front and one end, a cutout or two. Names and prices are copied into the quote, as the API does.
      const pecaBordas: {
        lado: (typeof LADOS)[number];
        acabamento_id: string;
        nome: string;
        valor_ml: string;
      }[] = [];
      const pecaRecortes: { recorte_id: string; nome: string; valor: string; quantidade: number }[] = [];
      if (itemInputs[0]?.tipo_unidade === 'm²' && rp.chance(0.35)) {
        for (const lado of [LADOS[0]!, rp.pick(LADOS.slice(2))]) {
          const a = rp.pick(acabamentoRows);
          pecaBordas.push({ lado, acabamento_id: a.id, nome: a.nome, valor_ml: a.valor_ml });
        }
        for (const c of rp.chance(0.5) ? [recorteRows[0]!, recorteRows[2]!] : [rp.pick(recorteRows)]) {
          pecaRecortes.push({ recorte_id: c.id, nome: c.nome, valor: c.valor, quantidade: 1 });
        }
        itemInputs[0] = { ...itemInputs[0], bordas: pecaBordas, recortes: pecaRecortes };
      }
      const team = activeFuncionarios.length && r.chance(0.7) ? [r.pick(activeFuncionarios)] : [];
      if (team.length && r.chance(0.5)) {
        const other = r.pick(activeFuncionarios);
        if (other.id !== team[0]!.id) team.push(other);
      }
      const input = {
        itens: itemInputs,
        valor_frete: r.chance(0.5) ? `${r.int(50, 400)}.00` : '0',
        valor_instalacao: r.chance(0.6) ? `${r.int(150, 1500)}.00` : '0',
        horas_trabalho: String(r.int(0, 24)),
        margem_lucro: String(r.pick([25, 30, 30, 35, 40])),
        tipo_venda,
        numero_parcelas,
        cartao,
        salarios_funcionarios: team.map((f) => f.salario),
        despesas_fixas_mes: 0,
        percentual_vendedor: vendedor?.percentual_comissao ?? null,
        percentual_arquiteto: arquiteto?.percentual_comissao ?? null,
      };
      const resumo = computeResumoDetalhado(input);
      const isSale = vendasFeitas < totalVendas && Math.floor((i + 1) / saleEvery) > vendasFeitas;
      const status = isSale
        ? 'venda_realizada'
        : r.pick(['pendente', 'pendente', 'pendente', 'aprovado', 'rejeitado']);
      const valor_entrada = tipo_venda === 'entrada' ? toDbMoney(dec(resumo.total).times('0.3')) : '0';
      const cliente = r.pick(clienteRows);
      orcs.push({
        id,
        cliente_id: cliente.id,
        vendedor_id: vendedor?.id ?? null,
        arquiteto_id: arquiteto?.id ?? null,
        cartao_id: cartao?.id ?? null,
        valor_total: toDbMoney(resumo.total),
        valor_frete: input.valor_frete,
        valor_instalacao: input.valor_instalacao,
        custo_hora: toDbMoney(resumo.custo_hora),
        horas_trabalho: input.horas_trabalho,
        margem_lucro: input.margem_lucro,
        status,
        tipo_venda,
        valor_entrada,
        numero_parcelas,
        validade: iso(addDays(created, 15)),
        // stored as the quotes route stores it: decimal strings
        resumo: {
          ...Object.fromEntries(
            Object.entries(resumo)
              .filter(([k]) => k !== 'itens')
              .map(([k, v]) => [k, String(v)]),
          ),
          percentual_vendedor: String(vendedor?.percentual_comissao ?? 0),
          percentual_arquiteto: String(arquiteto?.percentual_comissao ?? 0),
        },
        created_at: created,
        updated_at: created,
      });
      itemInputs.forEach((it, k) => {
        const c = computeItemDetalhado(it);
        const itemId = rp.uuid();
        if (k === 0) {
          for (const b of pecaBordas) bordasRows.push({ item_id: itemId, ...b });
          for (const [posicao, x] of pecaRecortes.entries())
            recortesRows.push({ item_id: itemId, posicao, ...x });
        }
        const m2 = it.tipo_unidade === 'm²';
        itens.push({
          id: itemId,
          perda_percentual: m2 ? String(it.perda_percentual ?? '0') : null,
          valor_material: toDbMoney(c.valor_material),
          metros_borda: String(c.metros_borda),
          valor_bordas: toDbMoney(c.valor_bordas),
          valor_recortes: toDbMoney(c.valor_recortes),
          orcamento_id: id,
          posicao: k,
          produto_id: it.produto_id,
          item_venda_id: it.item_venda_id,
          quantidade: String(it.quantidade),
          valor_unitario: it.valor_unitario,
          valor_total: toDbMoney(c.valor_total),
          medida1: it.medida1,
          medida2: it.medida2,
          area: it.tipo_unidade === 'm²' ? String(c.area) : null,
          tipo_unidade: it.tipo_unidade,
        });
      });
      for (const f of team) equipe.push({ orcamento_id: id, funcionario_id: f.id });
      if (isSale) {
        vendasFeitas++;
        const data = addDays(created, r.int(0, 10));
        const dataVenda = data > now ? now : data;
        const v = computeVenda({
          valor_bruto: resumo.total,
          tipo_venda,
          valor_entrada,
          numero_parcelas,
          cartao,
          percentual_vendedor: vendedor?.percentual_comissao ?? null,
          tem_vendedor: !!vendedor,
          percentual_arquiteto: arquiteto?.percentual_comissao ?? null,
          tem_arquiteto: !!arquiteto,
        });
        vendasRows.push({
          cliente_id: cliente.id,
          orcamento_id: id,
          vendedor_id: vendedor?.id ?? null,
          arquiteto_id: arquiteto?.id ?? null,
          cartao_id: cartao?.id ?? null,
          data_venda: iso(dataVenda),
          tipo_venda,
          valor_bruto: toDbMoney(v.valor_bruto),
          valor_entrada: toDbMoney(v.valor_entrada),
          valor_parcelas: toDbMoney(v.valor_parcelas),
          numero_parcelas: v.numero_parcelas,
          taxa_cartao: v.taxa_cartao,
          valor_taxa: toDbMoney(v.valor_taxa),
          valor_liquido: toDbMoney(v.valor_liquido),
          comissao_vendedor: toDbMoney(v.comissao_vendedor),
          comissao_arquiteto: toDbMoney(v.comissao_arquiteto),
          ...comissaoPaga(dataVenda < addDays(now, -60) ? true : r.chance(0.3), v.valor_bruto),
          status: dataVenda < addDays(now, -45) ? 'paga' : 'confirmada',
          created_at: dataVenda,
          updated_at: dataVenda,
        });
      }
    }
    await db.transaction(async (tx) => {
      await bulk(tx as unknown as Db, orcamentos, orcs);
      await bulk(tx as unknown as Db, orcamentoItens, itens);
      await bulk(tx as unknown as Db, orcamentoItemBordas, bordasRows);
      await bulk(tx as unknown as Db, orcamentoItemRecortes, recortesRows);
      await bulk(tx as unknown as Db, orcamentoFuncionarios, equipe);
      await bulk(tx as unknown as Db, vendas, vendasRows);
    });
    if ((start / BATCH) % 10 === 0)
      log(`orçamentos: ${Math.min(totalOrc, start + BATCH)}/${totalOrc} (${Date.now() - t0} ms)`);
  }

  // ── work orders: one per sale (what the migration and the sale's hook create), then their history
  await gerarOrdensServico(db, log);

  // ── expenses: monthly fixed costs as series, the rest one-off, spread over the years
  const despesaRows: Record<string, unknown>[] = [];
  const totalDespesas = n(BASE.despesas, 40);
  for (let i = 0; i < totalDespesas; i++) {
    const fixa = i % 4 === 0;
    const venc = addDays(now, -r.int(-60, spanDays));
    despesaRows.push({
      descricao: fixa ? r.pick(DESPESAS_FIXAS) : r.pick(DESPESAS_VARIAVEIS),
      valor: fixa ? `${r.int(300, 6000)}.00` : `${r.int(20, 2500)}.${r.int(10, 99)}`,
      tipo: fixa ? 'mensal' : 'avulso',
      data_vencimento: iso(venc),
      parcelas: 1,
      parcela_atual: 1,
      status: venc < now ? (r.chance(0.95) ? 'paga' : 'pendente') : 'pendente',
      created_at: addDays(venc, -r.int(0, 20)),
    });
  }
  await bulk(db, despesas, despesaRows);

  await db
    .insert(caixaInicial)
    .values({ valor: `${r.int(5, 50) * 1000}.00`, created_at: addDays(now, -spanDays) });
  const movRows = Array.from({ length: n(BASE.movimentacoes, 30) }, () => {
    const entrada = r.chance(0.55);
    return {
      nome: entrada ? r.pick(MOVIMENTOS_ENTRADA) : r.pick(MOVIMENTOS_SAIDA),
      valor: `${r.int(50, 8000)}.${r.int(10, 99)}`,
      data: iso(dayIn()),
      tipo: entrada ? 'entrada' : 'saida',
    };
  });
  await bulk(db, movimentacoesCaixa, movRows);
  // ── contas a receber (issue 16): every sale's instalments, by the migration's own SQL schedule,
  // then payments on most of what fell due (some partial, some left late), each with its Caixa entrada
  await gerarRecebimentos(db, iso(now));
  log(`recebimentos: parcelas e pagamentos (${Date.now() - t0} ms)`);

  // A shop's years of data have been through autovacuum: visibility maps set, the bulk upserts of the
  // summaries' dead row versions gone, statistics current.
  await db.execute(sql`vacuum analyze`);
  log(
    `pronto: ${totalOrc} orçamentos, ${vendasFeitas} vendas, ${despesaRows.length} despesas (${Date.now() - t0} ms)`,
  );
  await gerarChapas(db, { scale: S, seed: (opts.seed ?? 20261122) + 28, now, log });
  // a dozen of each: enough for the list and the details to show photos, a few seconds at most
  await gerarFotosChapas(db, { limite: 12, log });
  await gerarPlanosCorte(db, { limite: 20, log });
  return { clientes: clienteRows.length, orcamentos: totalOrc, vendas: vendasFeitas };
}

/**
 * The OS of every sale (lavra_criar_os, as the migration does for existing sales), then a plausible
 * history written set-based: jobs of sales older than 45 days went through every stage, two working
 * days apart, from 08:00 to 12:00; newer ones have some stages done and the rest scheduled ahead; each
 * scheduled stage has one employee. The OS summaries are then recomputed from the stages.
 */
export async function gerarOrdensServico(db: Db, log: (m: string) => void) {
  const t0 = Date.now();
  await db.execute(sql`select lavra_criar_os(id) from (select id from vendas order by created_at, numero) v`);
  await db.execute(sql`
    with f as (select array_agg(id order by id) as ids from funcionarios where status = 'ativo'),
    alvo as (
      select e.id, e.ordem, v.created_at as venda_em,
             v.created_at < now() - interval '45 days' as antiga,
             abs(hashtext(e.os_id::text)) % 5 as feitas
        from os_etapas e
        join ordens_servico o on o.id = e.os_id
        join vendas v on v.id = o.venda_id
       where o.status <> 'cancelada')
    update os_etapas e
       set inicio = date_trunc('day', a.venda_em) + a.ordem * interval '2 days' + interval '11 hours',
           fim = date_trunc('day', a.venda_em) + a.ordem * interval '2 days' + interval '15 hours',
           status = case when a.antiga or a.ordem <= a.feitas then 'concluida' else 'agendada' end,
           iniciada_em = case when a.antiga or a.ordem <= a.feitas
                              then date_trunc('day', a.venda_em) + a.ordem * interval '2 days' + interval '11 hours' end,
           concluida_em = case when a.antiga or a.ordem <= a.feitas
                               then date_trunc('day', a.venda_em) + a.ordem * interval '2 days' + interval '15 hours' end
      from alvo a
     where a.id = e.id`);
  await db.execute(sql`
    insert into os_etapa_funcionarios (etapa_id, funcionario_id)
    select e.id, f.ids[1 + abs(hashtext(e.id::text)) % cardinality(f.ids)]
      from os_etapas e, (select array_agg(id order by id) as ids from funcionarios where status = 'ativo') f
     where e.inicio is not null and cardinality(f.ids) > 0`);
  await db.execute(sql`
    update ordens_servico o
       set etapa_atual = r.atual, etapas_concluidas = r.feitas,
           status = case when o.status = 'cancelada' then 'cancelada' when r.atual is null then 'concluida' else 'aberta' end
      from (select os_id,
                   (array_agg(etapa order by ordem) filter (where status <> 'concluida'))[1] as atual,
                   count(*) filter (where status = 'concluida')::int as feitas
              from os_etapas group by os_id) r
     where r.os_id = o.id`);
  log(`ordens de serviço e etapas (${Date.now() - t0} ms)`);
}

/**
 * The yard (issue 28): 8 stones, slabs in lots of 6–10 (at S = 1, 40,000 of them), remnants of
 * consumed slabs (10,000 at S = 1; every fifth an L), and reservations for open work orders. Its own
 * random stream, so every other generated row stays as it was.
 */
export async function gerarChapas(
  db: Db,
  o: { scale: number; seed: number; now: Date; log: (m: string) => void },
) {
  const t0 = Date.now();
  const r = new Rng(o.seed);
  // the demo (S = 0.01) shows a small yard; the bench's S = 1 has 50,000 slabs and remnants
  const nChapas = o.scale < 0.1 ? 120 : Math.round(40_000 * o.scale);
  const nSobras = o.scale < 0.1 ? 60 : Math.round(10_000 * o.scale);
  const pedras = (
    (await db.execute(
      sql`select id, fornecedor_id, valor_m2 from produtos where tipo_unidade = 'm²' order by nome, id limit 8`,
    )) as unknown as { rows: { id: string; fornecedor_id: string | null; valor_m2: string }[] }
  ).rows;
  if (!pedras.length) return;
  const todas = (
    (await db.execute(
      sql`select id from ordens_servico where status <> 'cancelada' order by created_at, id limit 2000`,
    )) as unknown as { rows: { id: string }[] }
  ).rows;
  const abertas = (
    (await db.execute(
      sql`select id from ordens_servico where status = 'aberta' order by created_at desc, id limit 200`,
    )) as unknown as { rows: { id: string }[] }
  ).rows;
  const rows: Record<string, unknown>[] = [];
  const iso = (d: Date) => d.toISOString().slice(0, 10);
  let lote = 100;
  while (rows.length < nChapas) {
    lote++;
    const p = r.pick(pedras);
    const tamanho = Math.min(r.int(6, 10), nChapas - rows.length);
    const largura = r.pick([2800, 2900, 3000, 3100, 3200]);
    const altura = r.pick([1600, 1700, 1800, 1900]);
    const espessura = r.pick([20, 20, 30]);
    // what the stone cost the shop: about 45 % of its price per m²
    const custo = toDbMoney(
      dec(p.valor_m2)
        .times(largura * altura)
        .div(1_000_000)
        .times('0.45'),
    );
    const entrada = iso(addDays(o.now, -r.int(0, 720)));
    const rack = `Rack ${'ABCDEF'[r.int(0, 5)]}${r.int(1, 9)}`;
    for (let k = 1; k <= tamanho; k++) {
      rows.push({
        id: r.uuid(),
        codigo: `L${lote}-${String(k).padStart(2, '0')}`,
        produto_id: p.id,
        tipo: 'chapa',
        lote: `L${lote}`,
        bloco: `B${r.int(1, 60)}`,
        largura_mm: largura,
        altura_mm: altura,
        espessura_mm: espessura,
        formato: 'retangulo',
        recorte_largura_mm: null,
        recorte_altura_mm: null,
        localizacao: rack,
        custo,
        fornecedor_id: p.fornecedor_id,
        data_entrada: entrada,
        origem_id: null,
        status: 'disponivel',
        ordem_servico_id: null,
      });
    }
  }
  // Remnants come from consumed slabs (every other one, from the oldest lots): their leftovers stay.
  const sobras: Record<string, unknown>[] = [];
  const consumidas = rows.filter((_, i) => i % 2 === 1).slice(0, nSobras);
  for (const [i, pai] of consumidas.entries()) {
    if (!todas.length) break;
    const emL = i % 5 === 0;
    const largura = r.int(4, 18) * 100;
    const altura = r.int(3, 9) * 100;
    pai.status = 'consumida';
    pai.ordem_servico_id = todas[i % todas.length]!.id;
    sobras.push({
      id: r.uuid(),
      codigo: `${pai.codigo}-S1`,
      produto_id: pai.produto_id,
      tipo: 'sobra',
      lote: pai.lote,
      bloco: pai.bloco,
      largura_mm: largura,
      altura_mm: altura,
      espessura_mm: pai.espessura_mm,
      formato: emL ? 'L' : 'retangulo',
      recorte_largura_mm: emL ? Math.floor(largura / 2) : null,
      recorte_altura_mm: emL ? Math.floor(altura / 2) : null,
      localizacao: `Sobras ${'CDE'[r.int(0, 2)]}${r.int(1, 6)}`,
      custo: toDbMoney(
        dec(pai.custo as string)
          .times(largura * altura - (emL ? Math.floor(largura / 2) * Math.floor(altura / 2) : 0))
          .div((pai.largura_mm as number) * (pai.altura_mm as number))
          .times('0.5'),
      ),
      fornecedor_id: pai.fornecedor_id,
      data_entrada: pai.data_entrada,
      origem_id: pai.id,
      status: 'disponivel',
      ordem_servico_id: null,
    });
  }
  // Each open work order holds one or two slabs of the newest lots.
  let livre = rows.length - 1;
  for (const os of abertas.slice(0, 60)) {
    for (let k = 0; k < 1 + (r.chance(0.4) ? 1 : 0); k++) {
      while (livre >= 0 && rows[livre]!.status !== 'disponivel') livre--;
      if (livre < 0) break;
      rows[livre]!.status = 'reservada';
      rows[livre]!.ordem_servico_id = os.id;
    }
  }
  await bulk(db, chapas, rows);
  await bulk(db, chapas, sobras);
  o.log(`estoque: ${rows.length} chapas, ${sobras.length} sobras (${Date.now() - t0} ms)`);
}

/**
 * Saved cutting plans (issue 29) for the newest open work orders: each stone of the quote planned on its
 * available slabs and remnants (and those the OS already holds), as "Salvar plano" does, the slabs used
 * reserved for the OS. In process (the generator is no server) with a short budget: a demo's plans need
 * to be real plans, not the best ones.
 */
export async function gerarPlanosCorte(db: Db, o: { limite: number; log: (m: string) => void }) {
  const t0 = Date.now();
  const abertas = (
    (await db.execute(
      sql`select id, orcamento_id from ordens_servico
           where status = 'aberta' and orcamento_id is not null
           order by created_at desc, id limit ${o.limite}`,
    )) as unknown as { rows: { id: string; orcamento_id: string }[] }
  ).rows;
  const opcoes = { serra_mm: SERRA_PADRAO_MM, refilo_mm: REFILO_PADRAO_MM };
  let salvos = 0;
  for (const os of abertas) {
    const linhas = await pecasDoOrcamento(db, { orcamentoId: os.orcamento_id });
    if (!linhas.length || linhas.reduce((s, l) => s + l.quantidade, 0) > PECAS_MAXIMAS) continue;
    const pedras: PedraPlano[] = [];
    for (const [produtoId, g] of pecasPorPedra(linhas, [])) {
      const rows = await chapasDaPedra(db, { produtoId, osId: os.id });
      const plano = rows.length
        ? planejarCorte(g.pecas, rows.map(chapaEntrada), { ...opcoes, tempo_ms: 150, max_rodadas: 4 })
        : planoVazio(g.pecas, SEM_CHAPAS, opcoes);
      pedras.push({ produto_id: produtoId, produto_nome: g.nome, pecas: g.pecas, plano });
    }
    const ids = pedras.flatMap((p) =>
      p.plano.chapas.map((c) => c.chapa_id).filter((id): id is string => !!id),
    );
    if (!ids.length) continue;
    await db.transaction(async (tx) => {
      for (const id of ids) await setSituacao(tx, { id, status: 'reservada', ordemServicoId: os.id });
      await gravarPlano(tx, {
        osId: os.id,
        plano: { pedras },
        parametros: { chapa_ids: [], sem_girar: [], ...opcoes },
        usuarioId: null,
      });
    });
    salvos++;
  }
  o.log(`planos de corte: ${salvos} OS abertas com plano salvo (${Date.now() - t0} ms)`);
}
