import { describe, expect, it } from 'vitest';
import { campoAuditoria, type Formatadores, ordemCampo, valorAuditoria } from './auditoria-campos';

// Plain formatters: the test is about which one each field picks, not about Intl.
const fmt: Formatadores = {
  money: (v) => `R$ ${v}`,
  percent: (n) => `${n}%`,
  date: (iso) => `data ${iso}`,
  datetime: (iso) => `instante ${iso}`,
};

describe('audit fields as people read them', () => {
  it('labels columns in pt-BR and leaves an unknown one under its own name', () => {
    expect(campoAuditoria('valor_bruto').label).toBe('Valor bruto');
    expect(campoAuditoria('comissao_paga').label).toBe('Comissão paga');
    expect(campoAuditoria('coluna_nova').label).toBe('coluna_nova');
    expect(campoAuditoria('__proto__').label).toBe('__proto__'); // a lookup by data, not a prototype walk
  });

  it('formats each value by its kind', () => {
    expect(valorAuditoria('valor_liquido', 1250, fmt)).toBe('R$ 1250');
    expect(valorAuditoria('margem_lucro', '30.00', fmt)).toBe('30%');
    expect(valorAuditoria('taxa_cartao', 0.055, fmt)).toBe('5.5%'); // stored as a fraction
    expect(valorAuditoria('data_venda', '2026-03-01', fmt)).toBe('data 2026-03-01');
    expect(valorAuditoria('comissao_paga', true, fmt)).toBe('Sim');
    expect(valorAuditoria('comissao_paga', false, fmt)).toBe('Não');
    expect(valorAuditoria('status', 'venda_realizada', fmt)).toBe('Venda Realizada');
    expect(valorAuditoria('tipo', 'saida', fmt)).toBe('Saída');
    expect(valorAuditoria('permissao', 'cartoes', fmt)).toBe('Pagamentos');
    expect(valorAuditoria('role', 'admin', fmt)).toBe('Administrador');
    expect(valorAuditoria('observacoes', null, fmt)).toBe('—');
    expect(valorAuditoria('nome', '***', fmt)).toBe('(dado pessoal omitido)');
  });

  it('names referenced records when their names are known, else a short id', () => {
    const id = '0f8e4b5a-1111-4222-8333-944445555666';
    expect(valorAuditoria('vendedor_id', id, fmt, { [id]: 'Ana' })).toBe('Ana');
    expect(valorAuditoria('vendedor_id', id, fmt)).toBe('0f8e4b5a…');
  });

  it('orders fields as the catalogue does, unknown ones after, the version stamp last', () => {
    const keys = ['updated_at', 'coluna_nova', 'valor_liquido', 'numero', 'cliente_id'];
    expect(keys.sort((a, b) => ordemCampo(a) - ordemCampo(b))).toEqual([
      'numero',
      'cliente_id',
      'valor_liquido',
      'coluna_nova',
      'updated_at',
    ]);
  });
});
