// What an invoice still lacks before it is sent (issue 30): the one list, for the NF-e of a sale's goods
// and the NFS-e of its installation. Pure and without the shipped tables (src/domain/dados), so the
// server (fiscal/dados.ts, the emission's 400 and the review) and the screens use the same rules.
// Each entry says the field (a path: empresa.*, cliente.*, produtos.<id>.*, venda.*), the message in
// pt-BR and the screen where it is set.

export type TipoNota = 'nfe' | 'nfse';

export interface Pendencia {
  campo: string;
  mensagem: string;
  link: string;
}

export interface EntradaPendencias {
  tipo: TipoNota;
  venda?: { status: string; tem_itens: boolean; valor_instalacao: string | number } | null;
  empresa: {
    cnpj?: string | null;
    inscricao_estadual?: string | null;
    inscricao_municipal?: string | null;
    regime_tributario?: string | null;
    uf?: string | null;
    municipio_ibge?: string | null;
    credenciais_definidas: boolean;
    nfse_codigo_servico?: string | null;
    nfse_aliquota_iss?: string | number | null;
  };
  cliente?: {
    id: string;
    pessoa: 'fisica' | 'juridica';
    documento?: string | null;
    endereco?: string | null;
    numero?: string | null;
    bairro?: string | null;
    cidade?: string | null;
    uf?: string | null;
    cep?: string | null;
    municipio_ibge?: string | null;
    inscricao_estadual?: string | null;
    ie_isento?: boolean | null;
  } | null;
  /** The sale's products (NF-e only): each checked once. */
  produtos?: readonly {
    id: string;
    nome: string;
    ncm?: string | null;
    origem?: string | null;
    csosn?: string | null;
    cst?: string | null;
  }[];
}

export const LINK_EMPRESA = '/empresa';
export const linkCliente = (id: string) => `/clientes?tab=novo&id=${id}`;
export const linkProduto = (id: string) => `/produtos?tab=novo&id=${id}`;

const vazio = (v: string | null | undefined) => !v?.trim();

/**
 * Every field the invoice of kind `tipo` needs and lacks, in the order the user fixes them (the sale,
 * the company, the client, the products). Empty: it can be sent. An NCM is checked for its 8 digits
 * here (the product's form checks it against the NCM table when it is saved; SEFAZ has the last word).
 */
export function pendenciasFiscais(e: EntradaPendencias): Pendencia[] {
  const p: Pendencia[] = [];
  const falta = (campo: string, mensagem: string, link: string) => p.push({ campo, mensagem, link });
  const nfse = e.tipo === 'nfse';
  const v = e.venda;
  if (v?.status === 'cancelada') falta('venda.status', 'A venda está cancelada.', '/vendas');
  if (v && !nfse && !v.tem_itens)
    falta('venda.itens', 'A venda não tem itens (foi lançada sem orçamento).', '/vendas');
  if (v && nfse && !(Number(v.valor_instalacao) > 0))
    falta('venda.valor_instalacao', 'A venda não tem valor de instalação.', '/vendas');

  const emp = e.empresa;
  const E = LINK_EMPRESA;
  if (vazio(emp.cnpj)) falta('empresa.cnpj', 'Informe o CNPJ da empresa.', E);
  if (!nfse) {
    if (vazio(emp.inscricao_estadual))
      falta('empresa.inscricao_estadual', 'Informe a inscrição estadual da empresa.', E);
    if (vazio(emp.regime_tributario))
      falta('empresa.regime_tributario', 'Informe o regime tributário (CRT) da empresa.', E);
    if (vazio(emp.uf)) falta('empresa.uf', 'Informe a UF da empresa.', E);
  } else if (vazio(emp.inscricao_municipal))
    falta('empresa.inscricao_municipal', 'Informe a inscrição municipal da empresa.', E);
  if (vazio(emp.municipio_ibge))
    falta('empresa.municipio_ibge', 'Escolha o município (código IBGE) da empresa.', E);
  if (nfse) {
    if (vazio(emp.nfse_codigo_servico))
      falta(
        'empresa.nfse_codigo_servico',
        'Informe o código do serviço no município (instalação) para a NFS-e.',
        E,
      );
    if (emp.nfse_aliquota_iss === null || emp.nfse_aliquota_iss === undefined || emp.nfse_aliquota_iss === '')
      falta('empresa.nfse_aliquota_iss', 'Informe a alíquota do ISS da instalação.', E);
  }
  if (!emp.credenciais_definidas)
    falta('empresa.fiscal_credenciais', 'Informe a chave de API e o ID da empresa no provedor fiscal.', E);

  const c = e.cliente;
  if (c) {
    const cl = linkCliente(c.id);
    if (vazio(c.documento))
      falta('cliente.cpf_cnpj', `Informe o ${c.pessoa === 'juridica' ? 'CNPJ' : 'CPF'} do cliente.`, cl);
    if (vazio(c.endereco)) falta('cliente.endereco', 'Informe o endereço do cliente.', cl);
    // the NF-e's nro and xBairro are required ("S/N" is a número)
    if (vazio(c.numero)) falta('cliente.numero', 'Informe o número do endereço do cliente (ou "S/N").', cl);
    if (vazio(c.bairro)) falta('cliente.bairro', 'Informe o bairro do cliente.', cl);
    if (vazio(c.cidade)) falta('cliente.cidade', 'Informe a cidade do cliente.', cl);
    if (vazio(c.uf)) falta('cliente.uf', 'Informe a UF do cliente.', cl);
    if (vazio(c.cep)) falta('cliente.cep', 'Informe o CEP do cliente.', cl);
    if (vazio(c.municipio_ibge))
      falta('cliente.municipio_ibge', 'Escolha o município (código IBGE) do cliente.', cl);
    if (!nfse && c.pessoa === 'juridica' && vazio(c.inscricao_estadual) && !c.ie_isento)
      falta('cliente.inscricao_estadual', 'Informe a inscrição estadual do cliente ou marque "isento".', cl);
  }

  if (nfse) return p;
  // CSOSN is the ICMS code of CRT 1 (Simples Nacional) only; CRT 2 and 3 use the CST
  const simples = emp.regime_tributario === 'simples_nacional';
  const vistos = new Set<string>();
  for (const i of e.produtos ?? []) {
    if (vistos.has(i.id)) continue;
    vistos.add(i.id);
    const pl = linkProduto(i.id);
    if (!i.ncm || !/^\d{8}$/.test(i.ncm))
      falta(`produtos.${i.id}.ncm`, `Informe o NCM (8 dígitos) do produto "${i.nome}".`, pl);
    if (vazio(i.origem)) falta(`produtos.${i.id}.origem`, `Informe a origem do produto "${i.nome}".`, pl);
    if (simples ? vazio(i.csosn) : vazio(i.cst))
      falta(
        `produtos.${i.id}.${simples ? 'csosn' : 'cst'}`,
        `Informe o ${simples ? 'CSOSN' : 'CST'} do produto "${i.nome}".`,
        pl,
      );
  }
  return p;
}
