import { describe, expect, it } from 'vitest';
import type { OrcamentoDetalhe } from '../../lib/resources';
import { emptyForm, fromDetalhe, type LinhaForm, novaLinha, toPayload } from './form';
import { pecaLinhas, temPeca } from './texto';

const A = '00000000-0000-4000-8000-00000000000a';
const R = '00000000-0000-4000-8000-00000000000b';
const P = '00000000-0000-4000-8000-00000000000c';

function linha(extra: Partial<LinhaForm>): LinhaForm {
  return { ...novaLinha(), produto_id: P, quantidade: 1, medida1: 2.4, medida2: 0.6, ...extra };
}

describe('toPayload (issue 14 fields)', () => {
  it('sends edges, cutouts and loss of m² lines, and a strip by the index of its piece', () => {
    const bancada = linha({
      bordas: [{ lado: 'frente', acabamento_id: A, nome: 'Boleado' }],
      recortes: [{ recorte_id: R, nome: 'Cuba', quantidade: 2 }],
      perda_percentual: 10,
    });
    const saia = linha({ medida2: 0.1, faixa: { tipo: 'saia', de: bancada.key, lado: 'frente' } });
    // the strip first: its link is by key, so the index follows the piece wherever it is
    const p = toPayload({ ...emptyForm(), itens: [saia, bancada] });
    expect(p.itens[0]).toMatchObject({
      faixa: { tipo: 'saia', item: 1, lado: 'frente' },
      perda_percentual: null,
    });
    expect(p.itens[1]).toMatchObject({
      bordas: [{ lado: 'frente', acabamento_id: A }],
      recortes: [{ recorte_id: R, quantidade: 2 }],
      perda_percentual: 10,
      faixa: null,
    });
    // names stay in the editor: the server takes them (and the prices) from the catalogue
    expect(p.itens[1]!.bordas[0]).not.toHaveProperty('nome');
  });

  it('drops them from a unit line and from a strip whose piece was removed; old drafts have none', () => {
    const unit = linha({
      tipo_unidade: 'unitário',
      bordas: [{ lado: 'frente', acabamento_id: A, nome: 'Boleado' }],
      recortes: [{ recorte_id: R, nome: 'Cuba', quantidade: 1 }],
      perda_percentual: 5,
    });
    const orfa = linha({ faixa: { tipo: 'frontao', de: 'linha-que-nao-existe', lado: 'fundo' } });
    const rascunhoAntigo = { ...novaLinha(), produto_id: P } as LinhaForm;
    delete rascunhoAntigo.bordas;
    delete rascunhoAntigo.recortes;
    const p = toPayload({ ...emptyForm(), itens: [unit, orfa, rascunhoAntigo] });
    expect(p.itens[0]).toMatchObject({ bordas: [], recortes: [], perda_percentual: null, faixa: null });
    expect(p.itens[1]!.faixa).toBeNull();
    expect(p.itens[2]).toMatchObject({ bordas: [], recortes: [], perda_percentual: null, faixa: null });
  });
});

describe('a saved quote in the editor and in details', () => {
  const item = (extra: Partial<OrcamentoDetalhe['itens'][number]>) =>
    ({
      id: crypto.randomUUID(),
      posicao: 0,
      produto_id: P,
      produto_nome: 'Granito',
      item_venda_id: null,
      item_venda_nome: null,
      formato_medida: null,
      tipo_unidade: 'm²',
      quantidade: 1,
      valor_unitario: 450,
      valor_total: 0,
      medida1: 2.4,
      medida2: 0.6,
      area: 1.44,
      bordas: [],
      recortes: [],
      faixa: null,
      perda_percentual: 0,
      valor_material: 0,
      metros_borda: 0,
      valor_bordas: 0,
      valor_recortes: 0,
      valor_unitario_exibido: 0,
      valor_total_exibido: 0,
      ...extra,
    }) as OrcamentoDetalhe['itens'][number];

  it('fromDetalhe keeps the saved loss and links the strip to its piece by key', () => {
    const o = {
      ...({} as OrcamentoDetalhe),
      funcionario_ids: [],
      funcionarios: [],
      itens: [
        item({
          perda_percentual: 10,
          bordas: [{ lado: 'esquerda', acabamento_id: A, nome: 'Reto', valor_ml: 35 }],
        }),
        item({ medida2: 0.1, faixa: { tipo: 'saia', item: 0, lado: 'frente' } }),
      ],
    } as OrcamentoDetalhe;
    const f = fromDetalhe(o);
    expect(f.itens[0]).toMatchObject({
      perda_percentual: 10,
      bordas: [{ lado: 'esquerda', acabamento_id: A, nome: 'Reto' }],
    });
    expect(f.itens[1]!.faixa).toEqual({ tipo: 'saia', de: f.itens[0]!.key, lado: 'frente' });
    expect(toPayload(f).itens[1]!.faixa).toEqual({ tipo: 'saia', item: 0, lado: 'frente' });
  });

  it('pecaLinhas: one line per finish (its side and length) and cutout, the loss and the strip', () => {
    const i = item({
      perda_percentual: 10,
      bordas: [
        { lado: 'frente', acabamento_id: A, nome: 'Boleado', valor_ml: 62.5 },
        { lado: 'esquerda', acabamento_id: A, nome: 'Reto', valor_ml: 35 },
      ],
      recortes: [{ recorte_id: R, nome: 'Cuba de embutir', valor: 120, quantidade: 1 }],
    });
    expect(temPeca(i)).toBe(true);
    expect(pecaLinhas(i)).toEqual([
      'Borda frente (2,4 m): Boleado — R$ 62,50/m',
      'Borda esquerda (0,6 m): Reto — R$ 35,00/m',
      'Recorte: Cuba de embutir × 1 — R$ 120,00 cada',
      'Perda: 10%',
    ]);
    expect(temPeca(item({}))).toBe(false);
    expect(pecaLinhas(item({ faixa: { tipo: 'frontao', item: 2, lado: 'fundo' } }))).toEqual([
      'Frontão ao longo do lado fundo do item 3',
    ]);
  });
});
