import { describe, expect, test } from 'vitest';
import { auditoriaKeys, recursoKeys, registroAtualKeys } from '../components/kit/api';
import { backupsKeys } from './backups/api';
import { caixaKeys } from './caixa/api';
import { cartoesKeys } from './cartoes/api';
import { clientesKeys } from './clientes/api';
import { dashboardKeys } from './dashboard/api';
import { despesasKeys } from './despesas/api';
import { empresaKeys } from './empresa/api';
import { chapasKeys } from './estoque/api';
import { fiscalKeys } from './fiscal/api';
import { fornecedoresKeys } from './fornecedores/api';
import { funcionariosKeys } from './funcionarios/api';
import { notasFiscaisKeys } from './notas-fiscais/api';
import { orcamentosCalculoKeys, orcamentosKeys } from './orcamentos/api';
import { planoCorteKeys } from './plano-corte/api';
import { producaoKeys } from './producao/api';
import { categoriasProdutosKeys, produtosKeys } from './produtos/api';
import { recebimentosKeys } from './recebimentos/api';
import { usuariosKeys } from './usuarios/api';
import { vendasKeys } from './vendas/api';
import { pessoasKeys, relatoriosKeys } from './vendedores/api';

// Live updates (app/live-updates.tsx), invalidateAfterWrite and the kit's writes refresh queries by
// the first element of their key: a factory that changed a key would leave a screen stale without
// any type error. Each factory's key is pinned here to the array the screens wrote inline before
// the factories existed (issue 27).

describe('query keys', () => {
  test('each factory gives the key the screens used, element by element', () => {
    const corpo = { pedras: [] };
    const periodo = { pessoa: 'p1', inicio: '2026-11-01', fim: '2026-11-30', page: 2 };
    const pares: [readonly unknown[], unknown[]][] = [
      [recursoKeys.all('vendas'), ['vendas']],
      [recursoKeys.lista('clientes', 'lista', { page: 1 }), ['clientes', 'lista', { page: 1 }]],
      [recursoKeys.registro('empresa', null), ['empresa', 'registro', null]],
      [registroAtualKeys.registro('id1'), ['registro-atual', 'id1']],
      [auditoriaKeys.historico('vendas', 'id1'), ['auditoria', 'historico', 'vendas', 'id1']],
      [backupsKeys.all, ['backups']],
      [caixaKeys.all, ['caixa']],
      [caixaKeys.resumo(), ['caixa', 'resumo']],
      [cartoesKeys.opcoes(), ['cartoes', 'opcoes']],
      [cartoesKeys.simulador(), ['cartoes', 'simulador']],
      [cartoesKeys.estatisticas(), ['cartoes', 'estatisticas']],
      [clientesKeys.all, ['clientes']],
      [clientesKeys.contagem(), ['clientes', 'contagem']],
      [dashboardKeys.all, ['dashboard']],
      [despesasKeys.all, ['despesas']],
      [despesasKeys.relatorio(2026), ['despesas', 'relatorio', 2026]],
      [empresaKeys.all, ['empresa']],
      [chapasKeys.all, ['chapas']],
      [chapasKeys.painel(), ['chapas', 'painel']],
      [chapasKeys.resumo(), ['chapas', 'resumo']],
      [chapasKeys.detalhe('c1'), ['chapas', 'detalhe', 'c1']],
      [chapasKeys.fotos('c1'), ['chapas', 'fotos', 'c1']],
      [chapasKeys.daOs('o1'), ['chapas', 'os', 'o1']],
      [chapasKeys.sugestoes('p1', 600, 400), ['chapas', 'sugestoes', 'p1', 600, 400]],
      [fiscalKeys.ncm('6802'), ['fiscal', 'ncm', '6802']],
      [fiscalKeys.municipios('SP', 'camp'), ['fiscal', 'municipios', 'SP', 'camp']],
      [fornecedoresKeys.opcoes(), ['fornecedores', 'opcoes']],
      [funcionariosKeys.kpis(), ['funcionarios', 'resumo', 1]],
      [funcionariosKeys.calculo(3), ['funcionarios', 'resumo', 'calculo', 3]],
      [funcionariosKeys.opcoes('producao'), ['funcionarios', 'opcoes', 'producao']],
      [funcionariosKeys.opcoes('usuarios'), ['funcionarios', 'opcoes', 'usuarios']],
      [notasFiscaisKeys.previa('v1'), ['notas-fiscais', 'previa', 'v1']],
      [notasFiscaisKeys.previaNfse('v1'), ['notas-fiscais', 'previa-nfse', 'v1']],
      [notasFiscaisKeys.cartas('n1'), ['notas-fiscais', 'cartas', 'n1']],
      [notasFiscaisKeys.link('n1'), ['notas-fiscais', 'link', 'n1']],
      [orcamentosKeys.all, ['orcamentos']],
      [orcamentosKeys.listas(), ['orcamentos', 'lista']],
      [orcamentosKeys.detalhes(), ['orcamentos', 'detalhe']],
      [orcamentosKeys.detalhe('o1'), ['orcamentos', 'detalhe', 'o1']],
      [orcamentosKeys.envio('o1'), ['orcamentos', 'envio', 'o1']],
      [orcamentosKeys.cliente('o1'), ['orcamentos', 'cliente', 'o1']],
      [orcamentosKeys.previaVenda('o1', 'v2'), ['orcamentos', 'previa-venda', 'o1', 'v2']],
      [orcamentosCalculoKeys.pedido('{}'), ['orcamentos-calculo', '{}']],
      [planoCorteKeys.daOs('o1'), ['producao', 'plano-corte', 'o1']],
      [planoCorteKeys.estimativa(corpo), ['planos-corte', 'estimativa', corpo]],
      [producaoKeys.all, ['producao']],
      [producaoKeys.indicadores(), ['producao', 'indicadores']],
      [producaoKeys.minhaAgenda(), ['producao', 'minha-agenda']],
      [producaoKeys.config(), ['producao', 'config']],
      [produtosKeys.opcoes(), ['produtos', 'opcoes']],
      [categoriasProdutosKeys.opcoes(), ['categorias-produtos', 'opcoes']],
      [recebimentosKeys.kpis(), ['recebimentos', 'kpis']],
      [recebimentosKeys.cobranca('p1'), ['recebimentos', 'cobranca', 'p1']],
      [recebimentosKeys.extrato('c1'), ['recebimentos', 'extrato', 'c1']],
      [usuariosKeys.primeiros(200), ['usuarios', { limit: 200 }]],
      [vendasKeys.all, ['vendas']],
      [vendasKeys.estatisticas(), ['vendas', 'estatisticas']],
      [relatoriosKeys.all, ['relatorios']],
      [relatoriosKeys.comissoes('arquitetos', periodo), ['relatorios', 'arquitetos', periodo]],
      [pessoasKeys.todos('vendedores'), ['vendedores', 'todos']],
    ];
    for (const [dada, antes] of pares) expect(dada).toEqual(antes);
  });
});
