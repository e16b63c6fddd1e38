import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  BANDEIRAS,
  CARGOS,
  ESPESSURA_CHAPA_MM,
  ETAPAS_OS,
  FAIXAS,
  FISCAL_AMBIENTES,
  FISCAL_PROVEDORES,
  FORMATOS_CHAPA,
  FORMATOS_MEDIDA,
  LADOS_PECA,
  MEDIDA_CHAPA_MM,
  REGIMES_TRIBUTARIOS,
  ROLES,
  STATUS_ATIVO,
  STATUS_CARTAO,
  STATUS_CHAPA,
  STATUS_DESPESA,
  STATUS_ETAPA,
  STATUS_NOTA_FISCAL,
  STATUS_ORCAMENTO,
  STATUS_OS,
  STATUS_VENDA,
  TIPOS_CARTAO,
  TIPOS_CHAPA,
  TIPOS_DESPESA,
  TIPOS_FOTO_OS,
  TIPOS_MOVIMENTACAO,
  TIPOS_NOTA_FISCAL,
  TIPOS_PESSOA,
  TIPOS_UNIDADE,
  TIPOS_VENDA,
  UNIDADES_COMERCIAIS,
} from '../schemas/enums';
import { PERMISSOES } from '../schemas/permissoes';

// The enums live in schemas/enums.ts (the web reads them too); re-exported for the database's users.
export {
  BANDEIRAS,
  CARGOS,
  FORMATOS_MEDIDA,
  ROLES,
  STATUS_ATIVO,
  STATUS_CARTAO,
  STATUS_DESPESA,
  STATUS_ORCAMENTO,
  STATUS_VENDA,
  TIPOS_CARTAO,
  TIPOS_DESPESA,
  TIPOS_MOVIMENTACAO,
  TIPOS_PESSOA,
  TIPOS_UNIDADE,
  TIPOS_VENDA,
};

// Millisecond precision so an updated_at read as JSON compares equal when sent back (optimistic locking).
const tstz = (name: string) => timestamp(name, { withTimezone: true, precision: 3, mode: 'date' });
const createdAt = () => tstz('created_at').notNull().defaultNow();
const updatedAt = () => tstz('updated_at').notNull().defaultNow();
const money = (name: string) => numeric(name, { precision: 14, scale: 2 });
const percent = (name: string) => numeric(name, { precision: 7, scale: 3 });
const id = () => uuid('id').primaryKey().defaultRandom();
/** Binary content kept in the database (photos, signatures): read and written as Node Buffers. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

const inList = (column: string, values: readonly string[]) =>
  sql.raw(`${column} in (${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', ')})`);

// ── Better Auth's own tables (accounts, sessions); written by hand because its CLI fails on Node 20.
export const authUser = pgTable('auth_user', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const authSession = pgTable(
  'auth_session',
  {
    id: text('id').primaryKey(),
    expiresAt: tstz('expires_at').notNull(),
    token: text('token').notNull().unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => authUser.id, { onDelete: 'cascade' }),
  },
  (t) => [index('auth_session_user_idx').on(t.userId)],
);

export const authAccount = pgTable(
  'auth_account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => authUser.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: tstz('access_token_expires_at'),
    refreshTokenExpiresAt: tstz('refresh_token_expires_at'),
    scope: text('scope'),
    password: text('password'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('auth_account_user_idx').on(t.userId)],
);

export const authVerification = pgTable('auth_verification', {
  id: text('id').primaryKey(),
  identifier: text('identifier').notNull(),
  value: text('value').notNull(),
  expiresAt: tstz('expires_at').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

// ── Server configuration shared by every instance (e.g. the session-signing secret).
export const appConfig = pgTable('app_config', {
  chave: text('chave').primaryKey(),
  valor: text('valor').notNull(),
});

// Sign-in throttling: one counter row per key (an address, an address+user, an account), in the
// database so every instance sees them. The function lavra_login_tentativa (migration
// 0004_login_limites_sql) reads, decides and counts in one statement under the row locks, so parallel
// attempts cannot all read the same count.
export const loginLimites = pgTable(
  'login_limites',
  {
    chave: text('chave').primaryKey(),
    /** Failures counted in the current window (address keys) or since the last success (account). */
    falhas: integer('falhas').notNull().default(0),
    janela_inicio: tstz('janela_inicio').notNull().defaultNow(),
    /** Account keys: refused until then (exponential back-off). */
    bloqueado_ate: tstz('bloqueado_ate'),
    atualizado_em: tstz('atualizado_em').notNull().defaultNow(),
  },
  (t) => [
    // The public page's finished counters, pruned a few at a time by each public request (queries/orcamento-cliente.ts).
    index('login_limites_publico_idx').on(t.atualizado_em).where(sql`chave like 'pub-%'`),
  ],
);

// Open live-update streams (GET /api/eventos), one row each, shared by every server process so the
// cap per user counts them all (issue 26 §5: with 4 processes a user held 23 of 40). A live stream
// touches `visto_em` on each heartbeat; a row not touched for a minute belongs to a process that died
// and no longer counts (routes/eventos.ts, db/queries/eventos.ts). Not backed up.
export const sseStreams = pgTable(
  'sse_streams',
  {
    id: uuid('id').primaryKey(),
    usuario_id: uuid('usuario_id').notNull(),
    aberto_em: tstz('aberto_em').notNull().defaultNow(),
    visto_em: tstz('visto_em').notNull().defaultNow(),
  },
  (t) => [
    index('sse_streams_usuario_idx').on(t.usuario_id, t.aberto_em),
    index('sse_streams_visto_idx').on(t.visto_em),
  ],
);

// ── Staff accounts and permissions
export const usuarios = pgTable(
  'usuarios',
  {
    id: id(),
    auth_user_id: text('auth_user_id')
      .notNull()
      .unique()
      .references(() => authUser.id, { onDelete: 'cascade' }),
    nome: text('nome').notNull(),
    email: text('email').notNull(),
    role: text('role', { enum: ROLES }).notNull().default('usuario'),
    status: text('status', { enum: STATUS_ATIVO }).notNull().default('ativo'),
    // The employee this account is (an installer's own agenda, "Minha agenda"); one account each.
    funcionario_id: uuid('funcionario_id').references(() => funcionarios.id, { onDelete: 'set null' }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex('usuarios_email_uq').on(sql`lower(${t.email})`),
    uniqueIndex('usuarios_funcionario_uq').on(t.funcionario_id),
    index('usuarios_created_idx').on(t.created_at.desc()),
    check('usuarios_role_ck', inList('role', ROLES)),
    check('usuarios_status_ck', inList('status', STATUS_ATIVO)),
  ],
);

export const usuarioPermissoes = pgTable(
  'usuario_permissoes',
  {
    usuario_id: uuid('usuario_id')
      .notNull()
      .references(() => usuarios.id, { onDelete: 'cascade' }),
    permissao: text('permissao').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.usuario_id, t.permissao] }),
    check('usuario_permissoes_ck', inList('permissao', PERMISSOES)),
  ],
);

// ── Idempotency keys of creating requests (POST with an Idempotency-Key header, see
// server/idempotency.ts): one row per user + method + path + key, reserved before the handler runs
// (status null) and holding the answer once it succeeded, so a retry gets the same answer instead of
// a second record. Kept at least 24 h; older rows are purged on write.
export const chavesIdempotencia = pgTable(
  'chaves_idempotencia',
  {
    usuario_id: uuid('usuario_id')
      .notNull()
      .references(() => usuarios.id, { onDelete: 'cascade' }),
    metodo: text('metodo').notNull(),
    caminho: text('caminho').notNull(),
    chave: text('chave').notNull(),
    hash_corpo: text('hash_corpo').notNull(),
    status: integer('status'),
    content_type: text('content_type'),
    resposta: text('resposta'),
    created_at: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.usuario_id, t.metodo, t.caminho, t.chave] }),
    index('chaves_idempotencia_created_idx').on(t.created_at),
  ],
);

// ── Master data
const pessoaColumns = () => ({
  email: text('email'),
  telefone: text('telefone'),
  endereco: text('endereco'),
  cidade: text('cidade'),
  uf: text('uf'),
  cep: text('cep'),
});

export const clientes = pgTable(
  'clientes',
  {
    id: id(),
    nome: text('nome').notNull(),
    tipo: text('tipo', { enum: TIPOS_PESSOA }).notNull().default('Pessoa Física'),
    cpf_cnpj: text('cpf_cnpj'),
    ...pessoaColumns(),
    // The NF-e's address has the street number and the district of their own (`endereco` is the
    // logradouro); "S/N" is a número.
    numero: text('numero'),
    bairro: text('bairro'),
    complemento: text('complemento'),
    // Nota fiscal (issue 30): the buyer's state registration, or "isento" — never both.
    inscricao_estadual: text('inscricao_estadual'),
    ie_isento: boolean('ie_isento').notNull().default(false),
    municipio_ibge: text('municipio_ibge'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    index('clientes_created_idx').on(t.created_at.desc()),
    index('clientes_nome_trgm').using('gin', t.nome.op('gin_trgm_ops')),
    index('clientes_email_trgm').using('gin', t.email.op('gin_trgm_ops')),
    index('clientes_doc_idx').on(t.cpf_cnpj),
    check('clientes_tipo_ck', inList('tipo', TIPOS_PESSOA)),
    check('clientes_uf_ck', sql`uf is null or length(uf) <= 2`),
    check('clientes_numero_ck', sql`numero is null or length(numero) <= 20`),
    check('clientes_bairro_ck', sql`bairro is null or length(bairro) <= 60`),
    check('clientes_complemento_ck', sql`complemento is null or length(complemento) <= 60`),
    check('clientes_ie_ck', sql`not (ie_isento and inscricao_estadual is not null)`),
    check('clientes_municipio_ibge_ck', sql`municipio_ibge is null or municipio_ibge ~ '^[0-9]{7}$'`),
  ],
);

export const fornecedores = pgTable(
  'fornecedores',
  {
    id: id(),
    nome: text('nome').notNull(),
    cnpj: text('cnpj'),
    contato: text('contato'),
    ...pessoaColumns(),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    index('fornecedores_created_idx').on(t.created_at.desc()),
    index('fornecedores_nome_trgm').using('gin', t.nome.op('gin_trgm_ops')),
    check('fornecedores_uf_ck', sql`uf is null or length(uf) <= 2`),
  ],
);

export const categoriasProdutos = pgTable(
  'categorias_produtos',
  {
    id: id(),
    nome: text('nome').notNull().unique(),
    ativa: boolean('ativa').notNull().default(true),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (_t) => [check('categorias_nome_ck', sql`nome = lower(btrim(nome)) and nome <> ''`)],
);

export const produtos = pgTable(
  'produtos',
  {
    id: id(),
    nome: text('nome').notNull(),
    // The spec keeps the category's name on the product; the foreign key on that name is what
    // stops a category in use from being deleted and carries a rename along.
    categoria: text('categoria')
      .notNull()
      .references(() => categoriasProdutos.nome, { onDelete: 'restrict', onUpdate: 'cascade' }),
    fornecedor_id: uuid('fornecedor_id').references(() => fornecedores.id, { onDelete: 'restrict' }),
    valor_m2: money('valor_m2').notNull(),
    estoque: numeric('estoque', { precision: 14, scale: 3 }).notNull().default('0'),
    estoque_minimo: numeric('estoque_minimo', { precision: 14, scale: 3 }).notNull().default('5'),
    unidade: text('unidade').notNull().default('m²'),
    tipo_unidade: text('tipo_unidade', { enum: TIPOS_UNIDADE }).notNull().default('m²'),
    descricao: text('descricao'),
    // Share of stone lost in cutting that a quote charges on m² items (issue 14).
    perda_percentual: numeric('perda_percentual', { precision: 5, scale: 2 }).notNull().default('0'),
    // Nota fiscal (issue 30): what the invoice's item carries. The CFOP is the in-state one (5xxx);
    // a client of another state gets its 6xxx (domain/fiscal.ts, cfopParaDestino).
    ncm: text('ncm'),
    cfop: text('cfop'),
    csosn: text('csosn'),
    cst: text('cst'),
    origem: smallint('origem').notNull().default(0),
    unidade_comercial: text('unidade_comercial', { enum: UNIDADES_COMERCIAIS }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    index('produtos_created_idx').on(t.created_at.desc()),
    index('produtos_nome_trgm').using('gin', t.nome.op('gin_trgm_ops')),
    index('produtos_fornecedor_idx').on(t.fornecedor_id),
    index('produtos_categoria_idx').on(t.categoria),
    check('produtos_tipo_unidade_ck', inList('tipo_unidade', TIPOS_UNIDADE)),
    check('produtos_valor_ck', sql`valor_m2 >= 0`),
    check('produtos_perda_ck', sql`perda_percentual between 0 and 100`),
    check('produtos_ncm_ck', sql`ncm is null or ncm ~ '^[0-9]{8}$'`),
    check('produtos_cfop_ck', sql`cfop is null or cfop ~ '^[1-7][0-9]{3}$'`),
    check('produtos_csosn_ck', sql`csosn is null or csosn ~ '^[0-9]{3}$'`),
    check('produtos_cst_ck', sql`cst is null or cst ~ '^[0-9]{2}$'`),
    check('produtos_origem_ck', sql`origem between 0 and 8`),
    check(
      'produtos_unidade_comercial_ck',
      sql`unidade_comercial is null or ${inList('unidade_comercial', UNIDADES_COMERCIAIS)}`,
    ),
  ],
);

// ── Piece catalogues (issue 14): edge finishes by the linear metre and cutouts by the unit.
export const acabamentos = pgTable(
  'acabamentos',
  {
    id: id(),
    nome: text('nome').notNull(),
    valor_ml: money('valor_ml').notNull(),
    status: text('status').notNull().default('ativo'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    index('acabamentos_nome_idx').on(t.nome),
    check('acabamentos_valor_ck', sql`valor_ml >= 0`),
    check('acabamentos_status_ck', inList('status', STATUS_ATIVO)),
  ],
);

export const recortes = pgTable(
  'recortes',
  {
    id: id(),
    nome: text('nome').notNull(),
    valor: money('valor').notNull(),
    status: text('status').notNull().default('ativo'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    index('recortes_nome_idx').on(t.nome),
    check('recortes_valor_ck', sql`valor >= 0`),
    check('recortes_status_ck', inList('status', STATUS_ATIVO)),
  ],
);

export const itensVenda = pgTable(
  'itens_vendas',
  {
    id: id(),
    nome: text('nome').notNull(),
    formato_medida: text('formato_medida').notNull(),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    index('itens_vendas_nome_idx').on(t.nome),
    check('itens_vendas_formato_ck', inList('formato_medida', FORMATOS_MEDIDA)),
  ],
);

export const funcionarios = pgTable(
  'funcionarios',
  {
    id: id(),
    nome: text('nome').notNull(),
    cpf: text('cpf'),
    cargo: text('cargo', { enum: CARGOS }).notNull(),
    telefone: text('telefone'),
    email: text('email'),
    salario: money('salario').notNull(),
    horas_mensais: integer('horas_mensais').notNull().default(220),
    data_admissao: date('data_admissao'),
    endereco: text('endereco'),
    status: text('status', { enum: STATUS_ATIVO }).notNull().default('ativo'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    index('funcionarios_created_idx').on(t.created_at.desc()),
    check('funcionarios_cargo_ck', inList('cargo', CARGOS)),
    check('funcionarios_status_ck', inList('status', STATUS_ATIVO)),
    check('funcionarios_salario_ck', sql`salario >= 0`),
    check('funcionarios_horas_ck', sql`horas_mensais > 0`),
  ],
);

const comissionadoColumns = () => ({
  id: id(),
  nome: text('nome').notNull(),
  tipo: text('tipo', { enum: TIPOS_PESSOA }).notNull().default('Pessoa Física'),
  cpf: text('cpf'),
  ...pessoaColumns(),
  percentual_comissao: percent('percentual_comissao').notNull().default('10'),
  status: text('status', { enum: STATUS_ATIVO }).notNull().default('ativo'),
  created_at: createdAt(),
  updated_at: updatedAt(),
});

export const arquitetos = pgTable('arquitetos', comissionadoColumns(), (t) => [
  index('arquitetos_created_idx').on(t.created_at.desc()),
  index('arquitetos_nome_trgm').using('gin', t.nome.op('gin_trgm_ops')),
  check('arquitetos_tipo_ck', inList('tipo', TIPOS_PESSOA)),
  check('arquitetos_status_ck', inList('status', STATUS_ATIVO)),
  check('arquitetos_pct_ck', sql`percentual_comissao between 0 and 100`),
  check('arquitetos_uf_ck', sql`uf is null or length(uf) <= 2`),
]);

export const vendedores = pgTable('vendedores', comissionadoColumns(), (t) => [
  index('vendedores_created_idx').on(t.created_at.desc()),
  index('vendedores_nome_trgm').using('gin', t.nome.op('gin_trgm_ops')),
  check('vendedores_tipo_ck', inList('tipo', TIPOS_PESSOA)),
  check('vendedores_status_ck', inList('status', STATUS_ATIVO)),
  check('vendedores_pct_ck', sql`percentual_comissao between 0 and 100`),
  check('vendedores_uf_ck', sql`uf is null or length(uf) <= 2`),
]);

const taxa = (n: number) => percent(`taxa_${n}x`);
export const cartoes = pgTable(
  'cartoes',
  {
    id: id(),
    bandeira: text('bandeira', { enum: BANDEIRAS }).notNull(),
    tipo: text('tipo', { enum: TIPOS_CARTAO }).notNull(),
    taxa: percent('taxa'),
    taxa_1x: taxa(1),
    taxa_2x: taxa(2),
    taxa_3x: taxa(3),
    taxa_4x: taxa(4),
    taxa_5x: taxa(5),
    taxa_6x: taxa(6),
    taxa_7x: taxa(7),
    taxa_8x: taxa(8),
    taxa_9x: taxa(9),
    taxa_10x: taxa(10),
    taxa_11x: taxa(11),
    taxa_12x: taxa(12),
    status: text('status', { enum: STATUS_CARTAO }).notNull().default('Ativo'),
    observacoes: text('observacoes'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    index('cartoes_created_idx').on(t.created_at.desc()),
    check('cartoes_bandeira_ck', inList('bandeira', BANDEIRAS)),
    check('cartoes_tipo_ck', inList('tipo', TIPOS_CARTAO)),
    check('cartoes_status_ck', inList('status', STATUS_CARTAO)),
  ],
);

// ── Quotes
export const orcamentos = pgTable(
  'orcamentos',
  {
    id: id(),
    numero: integer('numero').notNull().generatedAlwaysAsIdentity(),
    cliente_id: uuid('cliente_id')
      .notNull()
      .references(() => clientes.id, { onDelete: 'restrict' }),
    vendedor_id: uuid('vendedor_id').references(() => vendedores.id, { onDelete: 'restrict' }),
    arquiteto_id: uuid('arquiteto_id').references(() => arquitetos.id, { onDelete: 'restrict' }),
    cartao_id: uuid('cartao_id').references(() => cartoes.id, { onDelete: 'restrict' }),
    valor_total: money('valor_total').notNull().default('0'),
    valor_frete: money('valor_frete').notNull().default('0'),
    valor_instalacao: money('valor_instalacao').notNull().default('0'),
    custo_hora: money('custo_hora').notNull().default('0'),
    horas_trabalho: numeric('horas_trabalho', { precision: 10, scale: 2 }).notNull().default('0'),
    margem_lucro: percent('margem_lucro').notNull().default('30'),
    status: text('status', { enum: STATUS_ORCAMENTO }).notNull().default('pendente'),
    observacoes: text('observacoes'),
    tipo_venda: text('tipo_venda', { enum: TIPOS_VENDA }).notNull().default('avista'),
    valor_entrada: money('valor_entrada').notNull().default('0'),
    numero_parcelas: integer('numero_parcelas').notNull().default(1),
    validade: date('validade'),
    // The figures the editor showed when the quote was saved (api.md `resumo`), as decimal strings,
    // so details and printout repeat them exactly.
    resumo: jsonb('resumo').$type<Record<string, string | number>>(),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex('orcamentos_numero_uq').on(t.numero),
    // id breaks ties in the list's order; with it in the index the page is read straight from it.
    index('orcamentos_created_idx').on(t.created_at.desc(), t.id.desc()),
    index('orcamentos_status_created_idx').on(t.status, t.created_at.desc(), t.id.desc()),
    index('orcamentos_cliente_idx').on(t.cliente_id, t.created_at.desc()),
    index('orcamentos_vendedor_idx').on(t.vendedor_id),
    index('orcamentos_arquiteto_idx').on(t.arquiteto_id),
    index('orcamentos_cartao_idx').on(t.cartao_id),
    check('orcamentos_status_ck', inList('status', STATUS_ORCAMENTO)),
    check('orcamentos_tipo_venda_ck', inList('tipo_venda', TIPOS_VENDA)),
    check('orcamentos_parcelas_ck', sql`numero_parcelas between 1 and 12`),
    check(
      'orcamentos_valores_ck',
      sql`valor_frete >= 0 and valor_instalacao >= 0 and horas_trabalho >= 0 and valor_entrada >= 0 and margem_lucro >= 0`,
    ),
  ],
);

export const orcamentoItens = pgTable(
  'orcamento_itens',
  {
    id: id(),
    orcamento_id: uuid('orcamento_id')
      .notNull()
      .references(() => orcamentos.id, { onDelete: 'cascade' }),
    posicao: integer('posicao').notNull().default(0),
    produto_id: uuid('produto_id')
      .notNull()
      .references(() => produtos.id, { onDelete: 'restrict' }),
    item_venda_id: uuid('item_venda_id').references(() => itensVenda.id, { onDelete: 'restrict' }),
    quantidade: numeric('quantidade', { precision: 12, scale: 2 }).notNull(),
    valor_unitario: money('valor_unitario').notNull(),
    valor_total: money('valor_total').notNull(),
    medida1: numeric('medida1', { precision: 12, scale: 3 }),
    medida2: numeric('medida2', { precision: 12, scale: 3 }),
    area: numeric('area', { precision: 14, scale: 4 }),
    tipo_unidade: text('tipo_unidade', { enum: TIPOS_UNIDADE }).notNull().default('m²'),
    // Issue 14 snapshot: the loss applied and the figures the quote showed. NULL on quotes saved
    // before it, which read as no loss, no edges, no cutouts (valor_material = valor_total).
    perda_percentual: numeric('perda_percentual', { precision: 5, scale: 2 }),
    valor_material: money('valor_material'),
    metros_borda: numeric('metros_borda', { precision: 12, scale: 4 }),
    valor_bordas: money('valor_bordas'),
    valor_recortes: money('valor_recortes'),
    // A saia or frontão strip cut along a side of another line of the same quote (its posicao).
    faixa: text('faixa', { enum: FAIXAS }),
    faixa_de: integer('faixa_de'),
    faixa_lado: text('faixa_lado', { enum: LADOS_PECA }),
  },
  (t) => [
    index('orcamento_itens_orcamento_idx').on(t.orcamento_id, t.posicao),
    check('orcamento_itens_perda_ck', sql`perda_percentual between 0 and 100`),
    check(
      'orcamento_itens_pecas_ck',
      sql`valor_material >= 0 and metros_borda >= 0 and valor_bordas >= 0 and valor_recortes >= 0`,
    ),
    check(
      'orcamento_itens_faixa_ck',
      sql`(faixa is null and faixa_de is null and faixa_lado is null) or (${inList('faixa', FAIXAS)} and faixa_de >= 0 and ${inList('faixa_lado', LADOS_PECA)})`,
    ),
    index('orcamento_itens_produto_idx').on(t.produto_id),
    index('orcamento_itens_item_venda_idx').on(t.item_venda_id),
    check('orcamento_itens_qtd_ck', sql`quantidade > 0`),
    check('orcamento_itens_tipo_unidade_ck', inList('tipo_unidade', TIPOS_UNIDADE)),
  ],
);

/** A finished side of a quote line, with the finish's name and price copied when it was saved. */
export const orcamentoItemBordas = pgTable(
  'orcamento_item_bordas',
  {
    item_id: uuid('item_id')
      .notNull()
      .references(() => orcamentoItens.id, { onDelete: 'cascade' }),
    lado: text('lado', { enum: LADOS_PECA }).notNull(),
    // RESTRICT: a finish a saved quote uses cannot be deleted (409), only set inactive.
    acabamento_id: uuid('acabamento_id')
      .notNull()
      .references(() => acabamentos.id, { onDelete: 'restrict' }),
    nome: text('nome').notNull(),
    valor_ml: money('valor_ml').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.item_id, t.lado] }),
    index('orcamento_item_bordas_acabamento_idx').on(t.acabamento_id),
    check('orcamento_item_bordas_lado_ck', inList('lado', LADOS_PECA)),
    check('orcamento_item_bordas_valor_ck', sql`valor_ml >= 0`),
  ],
);

/** A cutout of a quote line (quantity per piece), with the cutout's name and price copied. */
export const orcamentoItemRecortes = pgTable(
  'orcamento_item_recortes',
  {
    item_id: uuid('item_id')
      .notNull()
      .references(() => orcamentoItens.id, { onDelete: 'cascade' }),
    posicao: integer('posicao').notNull(),
    recorte_id: uuid('recorte_id')
      .notNull()
      .references(() => recortes.id, { onDelete: 'restrict' }),
    nome: text('nome').notNull(),
    valor: money('valor').notNull(),
    quantidade: integer('quantidade').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.item_id, t.posicao] }),
    index('orcamento_item_recortes_recorte_idx').on(t.recorte_id),
    check('orcamento_item_recortes_valor_ck', sql`valor >= 0`),
    check('orcamento_item_recortes_qtd_ck', sql`quantidade >= 1`),
  ],
);

export const orcamentoFuncionarios = pgTable(
  'orcamento_funcionarios',
  {
    orcamento_id: uuid('orcamento_id')
      .notNull()
      .references(() => orcamentos.id, { onDelete: 'cascade' }),
    funcionario_id: uuid('funcionario_id')
      .notNull()
      .references(() => funcionarios.id, { onDelete: 'restrict' }),
  },
  (t) => [
    primaryKey({ columns: [t.orcamento_id, t.funcionario_id] }),
    index('orcamento_funcionarios_func_idx').on(t.funcionario_id),
  ],
);

// ── Sales
export const vendas = pgTable(
  'vendas',
  {
    id: id(),
    numero: integer('numero').notNull().generatedAlwaysAsIdentity(),
    cliente_id: uuid('cliente_id')
      .notNull()
      .references(() => clientes.id, { onDelete: 'restrict' }),
    orcamento_id: uuid('orcamento_id')
      .unique('vendas_orcamento_uq')
      .references(() => orcamentos.id, { onDelete: 'restrict' }),
    vendedor_id: uuid('vendedor_id').references(() => vendedores.id, { onDelete: 'restrict' }),
    arquiteto_id: uuid('arquiteto_id').references(() => arquitetos.id, { onDelete: 'restrict' }),
    cartao_id: uuid('cartao_id').references(() => cartoes.id, { onDelete: 'restrict' }),
    data_venda: date('data_venda').notNull(),
    tipo_venda: text('tipo_venda', { enum: TIPOS_VENDA }).notNull().default('avista'),
    valor_bruto: money('valor_bruto').notNull(),
    valor_entrada: money('valor_entrada').notNull().default('0'),
    valor_parcelas: money('valor_parcelas').notNull().default('0'),
    numero_parcelas: integer('numero_parcelas').notNull().default(1),
    taxa_cartao: numeric('taxa_cartao', { precision: 9, scale: 6 }).notNull().default('0'),
    valor_taxa: money('valor_taxa').notNull().default('0'),
    valor_liquido: money('valor_liquido').notNull(),
    comissao_vendedor: money('comissao_vendedor').notNull().default('0'),
    comissao_arquiteto: money('comissao_arquiteto').notNull().default('0'),
    comissao_paga: boolean('comissao_paga').notNull().default(false),
    // What the customer had paid when the commission was last marked paid (issue 16): the commission
    // paid is comissaoLiberada(commission, this, valor_bruto) — all of it when marked paid with the
    // release setting off (then this is valor_bruto), what was released at that moment when on.
    comissao_paga_base: money('comissao_paga_base').notNull().default('0'),
    // The architect's RT is paid on its own (issue 26 §2): "Pagar liberado" on the seller's report paid
    // the RT too. comissao_paga/_base are the seller's; these the architect's, by the same rule.
    rt_paga: boolean('rt_paga').notNull().default(false),
    rt_paga_base: money('rt_paga_base').notNull().default('0'),
    status: text('status', { enum: STATUS_VENDA }).notNull().default('confirmada'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex('vendas_numero_uq').on(t.numero),
    index('vendas_created_idx').on(t.created_at.desc()),
    // (date, número): newest-first lists of a period come off the index already in order
    index('vendas_data_idx').on(t.data_venda, t.numero),
    index('vendas_vendedor_data_idx').on(t.vendedor_id, t.data_venda),
    index('vendas_arquiteto_data_idx').on(t.arquiteto_id, t.data_venda),
    // The commission reports' detail (newest first) and the odd days of their periods: only the sales
    // that earn a commission, in the order the report lists them.
    index('vendas_comissao_vendedor_idx')
      .on(t.data_venda, t.numero)
      .where(sql`comissao_vendedor > 0 and status <> 'cancelada'`),
    index('vendas_comissao_arquiteto_idx')
      .on(t.data_venda, t.numero)
      .where(sql`comissao_arquiteto > 0 and status <> 'cancelada'`),
    index('vendas_cliente_idx').on(t.cliente_id),
    index('vendas_cartao_idx').on(t.cartao_id),
    check('vendas_status_ck', inList('status', STATUS_VENDA)),
    check('vendas_tipo_venda_ck', inList('tipo_venda', TIPOS_VENDA)),
    check('vendas_parcelas_ck', sql`numero_parcelas between 1 and 12`),
  ],
);

// ── Expenses and cash
export const despesas = pgTable(
  'despesas',
  {
    id: id(),
    descricao: text('descricao').notNull(),
    valor: money('valor').notNull(),
    tipo: text('tipo').notNull().default('avulso'),
    data_vencimento: date('data_vencimento').notNull(),
    parcelas: integer('parcelas').notNull().default(1),
    parcela_atual: integer('parcela_atual').notNull().default(1),
    observacoes: text('observacoes'),
    status: text('status').notNull().default('pendente'),
    // Rows created together (a monthly series or an installment plan) share it.
    serie_id: uuid('serie_id'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    index('despesas_vencimento_idx').on(t.data_vencimento),
    index('despesas_serie_idx').on(t.serie_id, t.data_vencimento),
    index('despesas_created_idx').on(t.created_at.desc()),
    check('despesas_tipo_ck', inList('tipo', TIPOS_DESPESA)),
    check('despesas_status_ck', inList('status', STATUS_DESPESA)),
    check('despesas_valor_ck', sql`valor >= 0`),
    check('despesas_parcelas_ck', sql`parcelas between 1 and 60 and parcela_atual between 1 and parcelas`),
  ],
);

export const caixaInicial = pgTable(
  'caixa_inicial',
  { id: id(), valor: money('valor').notNull(), created_at: createdAt() },
  (t) => [index('caixa_inicial_created_idx').on(t.created_at.desc())],
);

export const movimentacoesCaixa = pgTable(
  'movimentacoes_caixa',
  {
    id: id(),
    nome: text('nome').notNull(),
    valor: money('valor').notNull(),
    data: date('data').notNull(),
    tipo: text('tipo').notNull(),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    index('movimentacoes_data_idx').on(t.data.desc(), t.created_at.desc()),
    index('movimentacoes_tipo_idx').on(t.tipo),
    check('movimentacoes_tipo_ck', inList('tipo', TIPOS_MOVIMENTACAO)),
    check('movimentacoes_valor_ck', sql`valor >= 0`),
  ],
);

// ── Contas a receber (issue 16)
// A sale's instalments: created with the sale in its transaction (db/queries/recebimentos.ts,
// criarParcelasDaVenda) from domain/recebiveis.ts's schedule. cliente_id is copied from the sale (a
// sale's client never changes) so a customer's statement and the client filter read one index.
// A cancelled sale has no instalments: cancelling removes the unpaid ones (and is refused while any
// has money received), so "the instalments add up to the sale" holds for every live sale.
export const parcelas = pgTable(
  'parcelas',
  {
    id: id(),
    venda_id: uuid('venda_id')
      .notNull()
      .references(() => vendas.id, { onDelete: 'cascade' }),
    cliente_id: uuid('cliente_id')
      .notNull()
      .references(() => clientes.id, { onDelete: 'restrict' }),
    parcela: integer('parcela').notNull(),
    valor: money('valor').notNull(),
    // Kept equal to Σ recebimentos.valor of the instalment by the payment routes (same transaction,
    // row lock), so the list, its status filter and the KPIs never sum the payments.
    valor_recebido: money('valor_recebido').notNull().default('0'),
    data_vencimento: date('data_vencimento').notNull(),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex('parcelas_venda_parcela_uq').on(t.venda_id, t.parcela),
    // The list's order (due date, then the sale's instalment order) and its period filter.
    index('parcelas_vencimento_idx').on(t.data_vencimento, t.id),
    // What is still owed (KPIs "a receber no mês", "em atraso", "total em aberto", status filters).
    // (value, received) in the index: the sums are index-only scans.
    index('parcelas_abertas_idx')
      .on(t.data_vencimento, t.valor, t.valor_recebido)
      .where(sql`valor_recebido < valor`),
    // A customer's statement.
    index('parcelas_cliente_idx').on(t.cliente_id, t.data_vencimento),
    check('parcelas_valor_ck', sql`valor > 0`),
    check('parcelas_recebido_ck', sql`valor_recebido >= 0 and valor_recebido <= valor`),
    check('parcelas_numero_ck', sql`parcela between 0 and 12`),
  ],
);

// One payment on an instalment, and the Caixa `entrada` it created (same transaction; undoing the
// payment removes it; the Caixa routes refuse to edit or delete a movement that belongs to one).
export const recebimentos = pgTable(
  'recebimentos',
  {
    id: id(),
    parcela_id: uuid('parcela_id')
      .notNull()
      // NO ACTION (not RESTRICT): both PostgreSQL 15 and PGlite report it as 23503, which the
      // constraint map words ("a venda tem recebimentos") when a sale with payments is deleted.
      .references(() => parcelas.id, { onDelete: 'no action' }),
    valor: money('valor').notNull(),
    data: date('data').notNull(),
    // Null: the payment method was not informed (POST /api/recebiveis/:id/recebimentos, the HTTP
    // contract's `cartao_id?`). The money came in all the same; Caixa records no method either.
    cartao_id: uuid('cartao_id').references(() => cartoes.id, { onDelete: 'restrict' }),
    movimentacao_id: uuid('movimentacao_id')
      .notNull()
      .unique('recebimentos_movimentacao_uq')
      .references(() => movimentacoesCaixa.id, { onDelete: 'restrict' }),
    created_by: uuid('created_by').references(() => usuarios.id, { onDelete: 'set null' }),
    created_at: createdAt(),
  },
  (t) => [
    index('recebimentos_parcela_idx').on(t.parcela_id, t.data),
    // "Recebido no mês" and the dashboard's monthly chart.
    index('recebimentos_data_idx').on(t.data),
    index('recebimentos_cartao_idx').on(t.cartao_id),
    check('recebimentos_valor_ck', sql`valor > 0`),
  ],
);

// This module's settings: one row (id = 1): whether commissions are released as the customer pays (off:
// the seed's behaviour). pix_* are no longer read: the Pix key is the Empresa's (migration 0023 moved it).
export const recebiveisConfig = pgTable(
  'recebiveis_config',
  {
    id: integer('id').primaryKey().default(1),
    pix_chave: text('pix_chave'),
    pix_nome: text('pix_nome'),
    pix_cidade: text('pix_cidade'),
    comissao_por_recebimento: boolean('comissao_por_recebimento').notNull().default(false),
    updated_at: updatedAt(),
  },
  () => [check('recebiveis_config_um_ck', sql`id = 1`)],
);

// ── The company (one row) and the customer's side of a quote (issue 15)
// The company's identity on everything printed or sent. One row (id = 1), seeded on first start from
// the EMPRESA_* environment variables (server/empresa.ts); after that the Empresa screen owns it.
export const empresa = pgTable(
  'empresa',
  {
    id: integer('id').primaryKey().default(1),
    nome: text('nome').notNull(),
    cnpj: text('cnpj'),
    endereco: text('endereco'),
    cidade: text('cidade'),
    uf: text('uf'),
    cep: text('cep'),
    telefone: text('telefone'),
    whatsapp: text('whatsapp'),
    email: text('email'),
    validade_dias: integer('validade_dias').notNull().default(15),
    termos: text('termos'),
    instrucoes_pagamento: text('instrucoes_pagamento'),
    chave_pix: text('chave_pix'),
    venda_automatica: boolean('venda_automatica').notNull().default(true),
    // A remnant's value as a share (%) of its area's part of the parent slab's cost (issue 28).
    fator_sobra: numeric('fator_sobra', { precision: 5, scale: 2 }).notNull().default('50'),
    // Off: the sale takes its commissions by the seed's formula (on the total minus the card fee); on:
    // it records the card fee and commissions the quote showed (docs/precos.md).
    comissoes_como_orcamento: boolean('comissoes_como_orcamento').notNull().default(false),
    // Nota fiscal (issue 30). The provider's API key and company id are one AES-256-GCM blob
    // (server/fiscal/credenciais.ts, key from FISCAL_CHAVE); no answer, export or audit row carries it.
    regime_tributario: text('regime_tributario', { enum: REGIMES_TRIBUTARIOS }),
    inscricao_estadual: text('inscricao_estadual'),
    inscricao_municipal: text('inscricao_municipal'),
    municipio_ibge: text('municipio_ibge'),
    nfe_serie: integer('nfe_serie').notNull().default(1),
    nfe_proximo_numero: integer('nfe_proximo_numero').notNull().default(1),
    fiscal_provedor: text('fiscal_provedor', { enum: FISCAL_PROVEDORES }),
    fiscal_ambiente: text('fiscal_ambiente', { enum: FISCAL_AMBIENTES }).notNull().default('homologacao'),
    fiscal_credenciais: text('fiscal_credenciais'),
    // The installation's NFS-e (issue 30): the city's code of the service, its item of the LC 116 list
    // (e.g. 07.02) and the ISS rate in percent (LC 116: 2 % to 5 %).
    nfse_codigo_servico: text('nfse_codigo_servico'),
    nfse_item_lista: text('nfse_item_lista'),
    nfse_aliquota_iss: numeric('nfse_aliquota_iss', { precision: 5, scale: 2 }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  () => [
    check('empresa_um_ck', sql`id = 1`),
    check('empresa_validade_ck', sql`validade_dias between 1 and 365`),
    check('empresa_uf_ck', sql`uf is null or length(uf) <= 2`),
    check('empresa_fator_sobra_ck', sql`fator_sobra between 0 and 100`),
    check(
      'empresa_regime_tributario_ck',
      sql`regime_tributario is null or ${inList('regime_tributario', REGIMES_TRIBUTARIOS)}`,
    ),
    check('empresa_municipio_ibge_ck', sql`municipio_ibge is null or municipio_ibge ~ '^[0-9]{7}$'`),
    check('empresa_nfe_serie_ck', sql`nfe_serie between 1 and 999`),
    check('empresa_nfe_proximo_numero_ck', sql`nfe_proximo_numero >= 1`),
    check(
      'empresa_fiscal_provedor_ck',
      sql`fiscal_provedor is null or ${inList('fiscal_provedor', FISCAL_PROVEDORES)}`,
    ),
    check('empresa_fiscal_ambiente_ck', inList('fiscal_ambiente', FISCAL_AMBIENTES)),
    check(
      'empresa_nfse_codigo_servico_ck',
      sql`nfse_codigo_servico is null or nfse_codigo_servico ~ '^[0-9A-Za-z./-]{1,20}$'`,
    ),
    check(
      'empresa_nfse_item_lista_ck',
      sql`nfse_item_lista is null or nfse_item_lista ~ '^[0-9]{2}[.][0-9]{2}$'`,
    ),
    check(
      'empresa_nfse_aliquota_iss_ck',
      sql`nfse_aliquota_iss is null or nfse_aliquota_iss between 2 and 5`,
    ),
  ],
);

// The logo apart from the company's row: the audit trail records the row's text fields, not a
// re-encoded image on every change of the terms.
export const empresaLogo = pgTable(
  'empresa_logo',
  {
    id: integer('id').primaryKey().default(1),
    mime: text('mime').notNull(),
    // base64 of the re-encoded image (≤ 256 KB): JSON-safe for backups and answers.
    dados: text('dados').notNull(),
    updated_at: updatedAt(),
  },
  () => [
    check('empresa_logo_um_ck', sql`id = 1`),
    check('empresa_logo_mime_ck', inList('mime', ['image/png', 'image/jpeg'])),
  ],
);

// A quote's customer link. Only the token's SHA-256 is kept; the token itself is an HMAC of `nonce`
// (≥ 128 random bits) under the server's link secret, so staff can copy the same link again while a
// dump of this table alone opens nothing. One active (not revoked) link per quote.
export const orcamentoLinks = pgTable(
  'orcamento_links',
  {
    id: id(),
    orcamento_id: uuid('orcamento_id')
      .notNull()
      .references(() => orcamentos.id, { onDelete: 'cascade' }),
    token_hash: text('token_hash').notNull(),
    nonce: text('nonce').notNull(),
    created_by: uuid('created_by').references(() => usuarios.id, { onDelete: 'set null' }),
    expira_em: date('expira_em').notNull(),
    revogado_em: tstz('revogado_em'),
    // wrong CPF/CNPJ digits typed on the public page; the fifth locks the link
    tentativas: integer('tentativas').notNull().default(0),
    bloqueado_em: tstz('bloqueado_em'),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex('orcamento_links_token_uq').on(t.token_hash),
    uniqueIndex('orcamento_links_ativo_uq').on(t.orcamento_id).where(sql`revogado_em is null`),
  ],
);

// The customer's acceptance: append-only (a trigger refuses UPDATE and DELETE, as for the audit trail).
export const orcamentoAceites = pgTable(
  'orcamento_aceites',
  {
    id: id(),
    orcamento_id: uuid('orcamento_id')
      .notNull()
      .references(() => orcamentos.id, { onDelete: 'restrict' }),
    link_id: uuid('link_id').references(() => orcamentoLinks.id, { onDelete: 'restrict' }),
    // the quote's updated_at when it was accepted: the version the customer saw
    versao: tstz('versao').notNull(),
    nome: text('nome').notNull(),
    ip: text('ip'),
    user_agent: text('user_agent'),
    assinatura_png: text('assinatura_png').notNull(),
    pdf_sha256: text('pdf_sha256').notNull(),
    // the exact PDF accepted (base64): served as "PDF aceito"; sha256 of its bytes is pdf_sha256
    pdf: text('pdf').notNull(),
    // the document definition those bytes were laid out from (pdfmake, plain data): the signed copy is
    // the same document with the acceptance page after it, numbered as one file
    documento: jsonb('documento'),
    created_at: createdAt(),
  },
  (t) => [
    // one acceptance per quote: a second tap or a second device finds it already decided
    uniqueIndex('orcamento_aceites_orcamento_uq').on(t.orcamento_id),
  ],
);

// "Solicitar alteração": the customer's message, shown to the staff on the quote.
export const orcamentoAlteracoes = pgTable(
  'orcamento_alteracoes',
  {
    id: id(),
    orcamento_id: uuid('orcamento_id')
      .notNull()
      .references(() => orcamentos.id, { onDelete: 'cascade' }),
    versao: tstz('versao').notNull(),
    mensagem: text('mensagem').notNull(),
    ip: text('ip'),
    created_at: createdAt(),
  },
  (t) => [index('orcamento_alteracoes_orcamento_idx').on(t.orcamento_id, t.created_at.desc())],
);

// ── Production: work orders (OS) created with each sale, their stages, team and photos (issue 17)
export const ordensServico = pgTable(
  'ordens_servico',
  {
    id: id(),
    numero: integer('numero').notNull().generatedAlwaysAsIdentity(),
    // A deleted sale leaves its OS behind, cancelled, with the sale's number kept.
    venda_id: uuid('venda_id').references(() => vendas.id, { onDelete: 'set null' }),
    venda_numero: integer('venda_numero'),
    orcamento_id: uuid('orcamento_id').references(() => orcamentos.id, { onDelete: 'set null' }),
    cliente_id: uuid('cliente_id')
      .notNull()
      .references(() => clientes.id, { onDelete: 'restrict' }),
    // The job's address: the client's when the OS was created, editable per OS.
    endereco: text('endereco'),
    cidade: text('cidade'),
    uf: text('uf'),
    cep: text('cep'),
    status: text('status').notNull().default('aberta'),
    motivo_cancelamento: text('motivo_cancelamento'),
    // Kept by the server on every stage change (lists filter and sort on them without a join):
    // the first active stage not completed (null when all are), and how many are completed.
    etapa_atual: text('etapa_atual'),
    etapas_concluidas: integer('etapas_concluidas').notNull().default(0),
    etapas_total: integer('etapas_total').notNull().default(0),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex('ordens_servico_numero_uq').on(t.numero),
    uniqueIndex('ordens_servico_venda_uq').on(t.venda_id),
    index('ordens_servico_created_idx').on(t.created_at.desc(), t.id.desc()),
    index('ordens_servico_status_created_idx').on(t.status, t.created_at.desc(), t.id.desc()),
    index('ordens_servico_etapa_created_idx').on(t.etapa_atual, t.created_at.desc(), t.id.desc()),
    index('ordens_servico_cliente_idx').on(t.cliente_id, t.created_at.desc()),
    index('ordens_servico_orcamento_idx').on(t.orcamento_id),
    // The agenda leaves out the stages of cancelled OS: an anti-join against these few rows, not a scan of all OS.
    index('ordens_servico_canceladas_idx').on(t.id).where(sql`${t.status} = 'cancelada'`),
    check('ordens_servico_status_ck', inList('status', STATUS_OS)),
    check('ordens_servico_etapa_ck', sql`etapa_atual is null or ${inList('etapa_atual', ETAPAS_OS)}`),
    check('ordens_servico_uf_ck', sql`uf is null or length(uf) <= 2`),
  ],
);

export const osEtapas = pgTable(
  'os_etapas',
  {
    id: id(),
    os_id: uuid('os_id')
      .notNull()
      .references(() => ordensServico.id, { onDelete: 'cascade' }),
    etapa: text('etapa').notNull(),
    ordem: integer('ordem').notNull(),
    status: text('status').notNull().default('pendente'),
    inicio: tstz('inicio'),
    fim: tstz('fim'),
    iniciada_em: tstz('iniciada_em'),
    iniciada_por: uuid('iniciada_por').references(() => usuarios.id, { onDelete: 'set null' }),
    concluida_em: tstz('concluida_em'),
    concluida_por: uuid('concluida_por').references(() => usuarios.id, { onDelete: 'set null' }),
    notas: text('notas'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex('os_etapas_os_etapa_uq').on(t.os_id, t.etapa),
    index('os_etapas_os_idx').on(t.os_id, t.ordem),
    // The month view: each day's first stages and count by start, read off the index.
    index('os_etapas_inicio_idx').on(t.inicio, t.id, t.os_id).where(sql`${t.inicio} is not null`),
    // The agenda: every stage whose scheduled window overlaps the period shown.
    index('os_etapas_periodo_idx')
      .using('gist', sql`tstzrange(${t.inicio}, ${t.fim}, '[)')`)
      .where(sql`${t.inicio} is not null`),
    // "OS atrasadas": stages past their scheduled end and not completed.
    index('os_etapas_atraso_idx').on(t.fim).where(sql`${t.status} <> 'concluida' and ${t.fim} is not null`),
    check('os_etapas_etapa_ck', inList('etapa', ETAPAS_OS)),
    check('os_etapas_status_ck', inList('status', STATUS_ETAPA)),
    check('os_etapas_periodo_ck', sql`(inicio is null) = (fim is null) and (fim is null or fim > inicio)`),
    check('os_etapas_notas_ck', sql`notas is null or length(notas) <= 4000`),
  ],
);

export const osEtapaFuncionarios = pgTable(
  'os_etapa_funcionarios',
  {
    etapa_id: uuid('etapa_id')
      .notNull()
      .references(() => osEtapas.id, { onDelete: 'cascade' }),
    funcionario_id: uuid('funcionario_id')
      .notNull()
      .references(() => funcionarios.id, { onDelete: 'restrict' }),
  },
  (t) => [
    primaryKey({ columns: [t.etapa_id, t.funcionario_id] }),
    index('os_etapa_funcionarios_func_idx').on(t.funcionario_id, t.etapa_id),
  ],
);

export const osFotos = pgTable(
  'os_fotos',
  {
    id: id(),
    os_id: uuid('os_id')
      .notNull()
      .references(() => ordensServico.id, { onDelete: 'cascade' }),
    etapa_id: uuid('etapa_id').references(() => osEtapas.id, { onDelete: 'cascade' }),
    tipo: text('tipo').notNull().default('foto'),
    mime: text('mime').notNull(),
    tamanho: integer('tamanho').notNull(),
    bytes: bytea('bytes').notNull(),
    created_by: uuid('created_by').references(() => usuarios.id, { onDelete: 'set null' }),
    created_at: createdAt(),
  },
  (t) => [
    index('os_fotos_os_idx').on(t.os_id, t.created_at),
    index('os_fotos_etapa_idx').on(t.etapa_id),
    check('os_fotos_tipo_ck', inList('tipo', TIPOS_FOTO_OS)),
    check('os_fotos_mime_ck', sql`mime in ('image/jpeg', 'image/png')`),
  ],
);

/** The shop's production settings: one row (id = true), the stages it uses. */
export const producaoConfig = pgTable(
  'producao_config',
  {
    id: boolean('id').primaryKey().default(true),
    etapas: text('etapas')
      .array()
      .notNull()
      .default(sql`array['medicao','corte','acabamento','instalacao','entrega']`),
    updated_at: updatedAt(),
  },
  (_t) => [
    check('producao_config_um_ck', sql`id`),
    check(
      'producao_config_etapas_ck',
      sql`cardinality(etapas) >= 1 and etapas <@ array['medicao','corte','acabamento','instalacao','entrega']`,
    ),
  ],
);

// ── Stock of slabs and remnants (issue 28): every slab by lot, reserved for a work order, consumed by the cut.
const MED = `between ${MEDIDA_CHAPA_MM.min} and ${MEDIDA_CHAPA_MM.max}`;
export const chapas = pgTable(
  'chapas',
  {
    id: id(),
    codigo: text('codigo').notNull(),
    produto_id: uuid('produto_id')
      .notNull()
      .references(() => produtos.id, { onDelete: 'restrict' }),
    tipo: text('tipo', { enum: TIPOS_CHAPA }).notNull().default('chapa'),
    lote: text('lote').notNull(),
    bloco: text('bloco'),
    largura_mm: integer('largura_mm').notNull(),
    altura_mm: integer('altura_mm').notNull(),
    espessura_mm: integer('espessura_mm').notNull(),
    formato: text('formato', { enum: FORMATOS_CHAPA }).notNull().default('retangulo'),
    // An L keeps the measures of its missing corner.
    recorte_largura_mm: integer('recorte_largura_mm'),
    recorte_altura_mm: integer('recorte_altura_mm'),
    // What the sums of stock read (m² = area_mm2 / 1e6), kept by the database.
    area_mm2: integer('area_mm2')
      .notNull()
      .generatedAlwaysAs(sql`largura_mm * altura_mm - coalesce(recorte_largura_mm * recorte_altura_mm, 0)`),
    localizacao: text('localizacao'),
    custo: money('custo').notNull().default('0'),
    fornecedor_id: uuid('fornecedor_id').references(() => fornecedores.id, { onDelete: 'restrict' }),
    data_entrada: date('data_entrada').notNull().default(sql`current_date`),
    observacoes: text('observacoes'),
    origem_id: uuid('origem_id').references((): AnyPgColumn => chapas.id, { onDelete: 'restrict' }),
    status: text('status', { enum: STATUS_CHAPA }).notNull().default('disponivel'),
    ordem_servico_id: uuid('ordem_servico_id').references(() => ordensServico.id, { onDelete: 'restrict' }),
    motivo_baixa: text('motivo_baixa'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex('chapas_codigo_uq').on(t.codigo),
    index('chapas_created_idx').on(t.created_at.desc(), t.id.desc()),
    index('chapas_produto_status_idx').on(t.produto_id, t.status, t.created_at.desc()),
    index('chapas_status_created_idx').on(t.status, t.created_at.desc(), t.id.desc()),
    index('chapas_lote_idx').on(t.lote, t.codigo),
    index('chapas_os_idx').on(t.ordem_servico_id).where(sql`${t.ordem_servico_id} is not null`),
    index('chapas_origem_idx').on(t.origem_id).where(sql`${t.origem_id} is not null`),
    index('chapas_fornecedor_idx').on(t.fornecedor_id),
    index('chapas_codigo_trgm').using('gin', t.codigo.op('gin_trgm_ops')),
    index('chapas_localizacao_trgm').using('gin', t.localizacao.op('gin_trgm_ops')),
    // "cabe uma peça de L × A": a piece fits a rectangle in some orientation exactly when its longer
    // side fits the longer side and its shorter the shorter; the bounding box prefilters Ls too.
    index('chapas_cabe_idx')
      .on(t.produto_id, sql`greatest(largura_mm, altura_mm)`, sql`least(largura_mm, altura_mm)`)
      .where(sql`${t.status} = 'disponivel'`),
    check('chapas_tipo_ck', inList('tipo', TIPOS_CHAPA)),
    check('chapas_formato_ck', inList('formato', FORMATOS_CHAPA)),
    check('chapas_status_ck', inList('status', STATUS_CHAPA)),
    check('chapas_codigo_ck', sql`codigo <> '' and length(codigo) <= 60`),
    check('chapas_medidas_ck', sql.raw(`largura_mm ${MED} and altura_mm ${MED}`)),
    check(
      'chapas_espessura_ck',
      sql.raw(`espessura_mm between ${ESPESSURA_CHAPA_MM.min} and ${ESPESSURA_CHAPA_MM.max}`),
    ),
    check(
      'chapas_recorte_ck',
      sql`(formato = 'retangulo' and recorte_largura_mm is null and recorte_altura_mm is null) or (formato = 'L' and recorte_largura_mm > 0 and recorte_largura_mm < largura_mm and recorte_altura_mm > 0 and recorte_altura_mm < altura_mm)`,
    ),
    check('chapas_custo_ck', sql`custo >= 0`),
    check('chapas_origem_ck', sql`(tipo = 'sobra') or origem_id is null`),
    // reserved and consumed slabs name their work order; an available one names none
    check('chapas_os_ck', sql`(status in ('reservada', 'consumida')) = (ordem_servico_id is not null)`),
    check('chapas_baixa_ck', sql`status <> 'baixada' or motivo_baixa is not null`),
  ],
);

// A slab's or remnant's photos (issue 28): what the yard sees when it looks for a piece of stone; the
// server keeps its own re-encoded JPEG (server/images.ts), never the upload.
export const chapaFotos = pgTable(
  'chapa_fotos',
  {
    id: id(),
    chapa_id: uuid('chapa_id')
      .notNull()
      .references(() => chapas.id, { onDelete: 'cascade' }),
    mime: text('mime').notNull(),
    tamanho: integer('tamanho').notNull(),
    bytes: bytea('bytes').notNull(),
    created_by: uuid('created_by').references(() => usuarios.id, { onDelete: 'set null' }),
    created_at: createdAt(),
  },
  (t) => [
    index('chapa_fotos_chapa_idx').on(t.chapa_id, t.created_at),
    check('chapa_fotos_mime_ck', sql`mime in ('image/jpeg', 'image/png')`),
  ],
);

// What a work order consumed (issue 28): each slab cut for it, its cost and the part that went back to
// stock as remnants; the job's real stone cost is the sum of custo - custo_sobras.
export const chapaConsumos = pgTable(
  'chapa_consumos',
  {
    chapa_id: uuid('chapa_id')
      .primaryKey()
      .references(() => chapas.id, { onDelete: 'restrict' }),
    ordem_servico_id: uuid('ordem_servico_id')
      .notNull()
      .references(() => ordensServico.id, { onDelete: 'restrict' }),
    custo: money('custo').notNull(),
    custo_sobras: money('custo_sobras').notNull().default('0'),
    created_at: createdAt(),
  },
  (t) => [
    index('chapa_consumos_os_idx').on(t.ordem_servico_id),
    check('chapa_consumos_custo_ck', sql`custo >= 0 and custo_sobras >= 0 and custo_sobras <= custo`),
  ],
);

// A work order's saved cutting plan (issue 29): what the saw operator cuts. One per work order, replaced
// when it is planned again; `plano` is the API's answer as it was saved (per stone, each the planner's
// output), `parametros` what it was planned with, so a re-plan starts from the same choices.
export const planosCorte = pgTable(
  'planos_corte',
  {
    id: id(),
    ordem_servico_id: uuid('ordem_servico_id')
      .notNull()
      .references(() => ordensServico.id, { onDelete: 'cascade' }),
    plano: jsonb('plano').notNull(),
    parametros: jsonb('parametros').notNull(),
    created_by: uuid('created_by').references(() => usuarios.id, { onDelete: 'set null' }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [uniqueIndex('planos_corte_os_uq').on(t.ordem_servico_id)],
);

// Invoices issued through the fiscal provider (issue 30). One row per invoice attempt chain: a rejected
// NF-e is corrected and sent again on the same row, with the same series and number; a cancelled one
// keeps its number (SEFAZ never reuses it) and frees the sale for a new one.
export const notasFiscais = pgTable(
  'notas_fiscais',
  {
    id: id(),
    venda_id: uuid('venda_id')
      .notNull()
      .references(() => vendas.id, { onDelete: 'restrict' }),
    tipo: text('tipo', { enum: TIPOS_NOTA_FISCAL }).notNull().default('nfe'),
    serie: integer('serie').notNull(),
    numero: integer('numero').notNull(),
    status: text('status', { enum: STATUS_NOTA_FISCAL }).notNull().default('processando'),
    provedor: text('provedor').notNull().default('nfeio'),
    provedor_id: text('provedor_id'),
    chave_acesso: text('chave_acesso'),
    protocolo: text('protocolo'),
    codigo_sefaz: text('codigo_sefaz'),
    mensagem_sefaz: text('mensagem_sefaz'),
    // The invoice as sent the last time (Lavra's words, not the provider's): what the review showed.
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    idempotency_key: text('idempotency_key').notNull(),
    tentativas: integer('tentativas').notNull().default(0),
    // When the poller consults it next (back-off); NULL when nothing is pending.
    proxima_consulta_em: tstz('proxima_consulta_em'),
    xml: text('xml'),
    danfe: bytea('danfe'),
    valor_total: money('valor_total').notNull(),
    autorizada_em: tstz('autorizada_em'),
    cancelada_em: tstz('cancelada_em'),
    justificativa: text('justificativa'),
    // NFS-e only: the number the city gave it and its verification code (an NF-e has chave_acesso).
    numero_prefeitura: bigint('numero_prefeitura', { mode: 'number' }),
    codigo_verificacao: text('codigo_verificacao'),
    created_by: uuid('created_by').references(() => usuarios.id, { onDelete: 'set null' }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex('notas_fiscais_idempotency_uq').on(t.idempotency_key),
    uniqueIndex('notas_fiscais_numero_uq').on(t.tipo, t.serie, t.numero),
    // One NF-e per sale that is not cancelled.
    uniqueIndex('notas_fiscais_venda_uq').on(t.venda_id, t.tipo).where(sql`status <> 'cancelada'`),
    index('notas_fiscais_venda_idx').on(t.venda_id),
    index('notas_fiscais_created_idx').on(t.created_at.desc(), t.id.desc()),
    index('notas_fiscais_status_created_idx').on(t.status, t.created_at.desc(), t.id.desc()),
    index('notas_fiscais_tipo_created_idx').on(t.tipo, t.created_at.desc(), t.id.desc()),
    // The poller's queue: invoices processing, or authorised with a cancellation under way.
    index('notas_fiscais_pendentes_idx')
      .on(t.proxima_consulta_em)
      .where(sql`proxima_consulta_em is not null`),
    check('notas_fiscais_tipo_ck', inList('tipo', TIPOS_NOTA_FISCAL)),
    check('notas_fiscais_status_ck', inList('status', STATUS_NOTA_FISCAL)),
    check('notas_fiscais_numero_ck', sql`serie between 0 and 999 and numero between 1 and 999999999`),
    check(
      'notas_fiscais_justificativa_ck',
      sql`justificativa is null or length(justificativa) between 15 and 255`,
    ),
  ],
);

// Each carta de correção (CC-e) sent for an NF-e, in order: SEFAZ numbers them per invoice (nSeqEvento,
// 1 to 20) and the last one replaces the earlier ones, so all are kept to show what was corrected.
export const cartasCorrecao = pgTable(
  'cartas_correcao',
  {
    id: id(),
    nota_id: uuid('nota_id')
      .notNull()
      .references(() => notasFiscais.id, { onDelete: 'cascade' }),
    sequencia: integer('sequencia').notNull(),
    correcao: text('correcao').notNull(),
    // What the provider answered: NFE.io queues the CC-e (204, no body), so `enviada` until a consult
    // of the invoice brings the event's protocol.
    status: text('status').notNull().default('enviada'),
    protocolo: text('protocolo'),
    created_by: uuid('created_by').references(() => usuarios.id, { onDelete: 'set null' }),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex('cartas_correcao_nota_seq_uq').on(t.nota_id, t.sequencia),
    check('cartas_correcao_sequencia_ck', sql`sequencia between 1 and 20`),
    check('cartas_correcao_correcao_ck', sql`length(correcao) between 15 and 1000`),
    check('cartas_correcao_status_ck', sql`status in ('enviada', 'registrada', 'rejeitada')`),
  ],
);
