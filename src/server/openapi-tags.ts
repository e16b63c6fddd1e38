/**
 * What each group of `/api/openapi.json` is, for an integrator reading the reference (a tag is the
 * path's first segment after /api, `resourceOf`). `openapi.test.ts` fails on a tag without one.
 */
export const TAG_DESCRIPTIONS: Record<string, string> = {
  auth: 'Entrada e saída: sessão por cookie, bloqueio depois de tentativas erradas, o usuário da sessão e suas permissões.',
  eventos:
    'Atualizações ao vivo por Server-Sent Events: cada escrita que o usuário pode ver chega como `{ recurso, acao, id }`.',
  config: 'Configurações do negócio que as telas leem ao abrir (fuso horário).',
  usuarios: 'Usuários do sistema e as suas permissões por tela.',
  clientes: 'Cadastro de clientes pessoa física e jurídica (CPF/CNPJ validados, endereço com CEP).',
  fornecedores: 'Cadastro de fornecedores de pedras e materiais.',
  funcionarios:
    'Funcionários, salários e encargos, e o custo por hora que entra no preço da mão de obra dos orçamentos.',
  cep: 'Consulta de endereço por CEP, com cache, para preencher cadastros.',
  despesas: 'Despesas avulsas, mensais ou parceladas, lidas por mês, com o relatório anual.',
  caixa: 'Fluxo de caixa: o valor inicial, as movimentações de entrada e saída e o resumo com o saldo.',
  recebimentos:
    'Recebimentos das parcelas: indicadores, configuração (chave Pix), extrato do cliente e estorno de um recebimento.',
  recebiveis:
    'Parcelas a receber das vendas, por vencimento, e o registro do que o cliente pagou em cada uma.',
  dashboard: 'A tela inicial: números do mês, orçamentos recentes e a série dos últimos 12 meses.',
  vendedores: 'Vendedores e a sua comissão sobre as vendas.',
  arquitetos: 'Arquitetos e profissionais indicadores (RT) e a sua comissão sobre as vendas.',
  vendas:
    'Vendas geradas de orçamentos aprovados: pagamento, comissões de vendedor e arquiteto e parcelas a receber.',
  'notas-fiscais':
    'Notas fiscais (NF-e e NFS-e) emitidas pelo provedor fiscal: consulta, cancelamento, carta de correção, XML e DANFE.',
  fiscal:
    'Dados fiscais de referência (municípios do IBGE, tabela NCM) e o retorno (webhook) do provedor fiscal.',
  producao: 'Produção: etapas em uso, etapas a agendar, a agenda do instalador e os indicadores do painel.',
  'ordens-servico':
    'Ordens de serviço geradas das vendas, com suas etapas (corte, acabamento, instalação…) e as chapas consumidas.',
  agenda: 'A agenda das etapas de produção e instalação por dia, para o mês ou a semana.',
  'planos-corte':
    'Planos de corte: as peças de um orçamento ou OS distribuídas nas chapas e sobras para usar o menor número de chapas.',
  relatorios: 'Relatórios de comissões de vendedores e arquitetos por período, com exportação.',
  'categorias-produtos': 'Categorias que agrupam os produtos (granitos, mármores, quartzos…).',
  'itens-venda':
    'Itens de venda, o que uma linha do orçamento é ("Bancada", "Soleira"…), com o seu formato de medida.',
  produtos:
    'Produtos: pedras vendidas por m² e itens por unidade, com valor, estoque, perda e dados fiscais.',
  chapas:
    'Estoque de chapas e sobras, uma a uma: medidas, lote, localização, fotos, etiqueta com QR, reserva e baixa.',
  acabamentos: 'Catálogo de acabamentos de borda das peças (por metro linear).',
  recortes: 'Catálogo de recortes das peças (cuba, cooktop, furo de torneira…), cobrados por unidade.',
  cartoes:
    'Métodos de pagamento por cartão (bandeira, débito ou crédito) com a taxa de cada número de parcelas.',
  orcamentos:
    'Orçamentos por m² ou por unidade, com peças, mão de obra, frete e margem; PDF, link para o cliente e conversão em venda.',
  empresa: 'Dados da empresa que aparecem nas impressões e documentos, e o seu logotipo.',
  backups: 'Cópias de segurança do banco: a lista com a última falha, um backup agora e o download.',
  auditoria: 'Trilha de auditoria: quem alterou o quê e quando, com filtros e exportação.',
  lgpd: 'Direitos do titular (LGPD): exportação de tudo o que se guarda de um cliente e a sua anonimização.',
  publico:
    'O link do orçamento para o cliente, sem login: ver, baixar o PDF, aprovar com assinatura ou pedir alteração.',
  health: 'Saúde do servidor e do banco, para monitoração e balanceadores.',
  'openapi.json': 'Esta descrição OpenAPI da API.',
  docs: 'A referência da API em HTML, para administradores.',
};
