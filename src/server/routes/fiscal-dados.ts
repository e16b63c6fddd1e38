import { Hono } from 'hono';
import { buscarMunicipios, buscarNcm, NCM_VERSAO } from '../../domain/fiscal';
import { municipiosQuery, municipiosSchema, ncmListaSchema, ncmQuery } from '../../schemas/fiscal';
import { type AppEnv, parseQuery } from '../context';
import { route } from '../contract';

// The shipped IBGE and NCM tables for the forms' search boxes (Empresa, Clientes, Produtos) and the
// invoice screen (Vendas): read from memory, never from the network.
const access = ['configuracoes', 'clientes', 'produtos', 'vendas'] as const;
const doc = {
  municipios: route({
    summary: 'Municípios do IBGE (código, nome, UF) para escolher numa lista; até 50',
    description:
      'Lê a tabela do IBGE embutida no sistema, sem acessar a rede. `uf` restringe ao estado; `q` busca no nome ignorando acentos e maiúsculas, e os nomes que começam pela busca vêm primeiro.',
    access,
    query: municipiosQuery,
    response: municipiosSchema,
  }),
  ncm: route({
    summary: 'Tabela NCM vigente: busca por código (com ou sem pontos) ou por palavras; até 50',
    description:
      'Lê a tabela NCM embutida no sistema (sua versão vem em `versao`), sem acessar a rede. Dígitos buscam pelo início do código; palavras precisam aparecer todas na descrição (acentos e maiúsculas ignorados); sem `q`, lista o capítulo 68 (pedras).',
    access,
    query: ncmQuery,
    response: ncmListaSchema,
  }),
};

export const fiscalDadosRoutes = new Hono<AppEnv>()
  .get('/municipios', doc.municipios, (c) => {
    const { uf, q } = parseQuery(c, municipiosQuery);
    return c.json({ items: buscarMunicipios({ uf: uf || undefined, q: q ?? '', limit: 50 }) });
  })
  .get('/ncm', doc.ncm, (c) => {
    const { q } = parseQuery(c, ncmQuery);
    return c.json({ versao: NCM_VERSAO, items: buscarNcm(q ?? '', 50) });
  });
