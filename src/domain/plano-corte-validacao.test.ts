import { describe, expect, it } from 'vitest';
import { planejarCorte } from './plano-corte';
import { validarPlano } from './plano-corte-validacao';

// The validator is what the server checks a plan sent to be saved with: a plan the planner made
// passes; each kind of tampering is named. (Every planner test checks its plans with it too.)
const pecas = [
  { ref: 'bancada', largura_mm: 2000, altura_mm: 600, quantidade: 1 },
  { ref: 'peitoril', largura_mm: 1000, altura_mm: 300, quantidade: 2 },
];
const chapas = [{ ref: 'L1-01', chapa_id: 'c1', largura_mm: 3000, altura_mm: 1900, quantidade: 1 }];
const plano = planejarCorte(pecas, chapas, { tempo_ms: 200, max_rodadas: 2 });

describe('validarPlano on a plan sent back', () => {
  it('passes the planner’s own plan', () => {
    expect(plano.chapas).toHaveLength(1);
    expect(validarPlano(pecas, chapas, plano)).toEqual([]);
  });

  it('names a piece placed twice over another, one missing, one invented, a turned locked piece', () => {
    const c = plano.chapas[0]!;
    const [a, b] = c.pecas;
    const sobre = {
      ...plano,
      chapas: [{ ...c, pecas: [a!, { ...b!, x_mm: a!.x_mm, y_mm: a!.y_mm }, ...c.pecas.slice(2)] }],
    };
    expect(validarPlano(pecas, chapas, sobre).join('\n')).toMatch(/a menos que a serra/);

    const falta = { ...plano, chapas: [{ ...c, pecas: c.pecas.filter((p) => p.ref !== 'bancada') }] };
    expect(validarPlano(pecas, chapas, falta)).toContain('bancada: pedidas 1, colocadas ou reportadas 0');

    const inventada = { ...plano, nao_couberam: [{ ref: 'ilha', motivo: 'maior que a chapa' }] };
    expect(validarPlano(pecas, chapas, inventada)).toContain('ilha: peça que ninguém pediu');

    const travadas = pecas.map((p) => ({ ...p, girar: false }));
    const girada = {
      ...plano,
      chapas: [
        {
          ...c,
          pecas: c.pecas.map((p) => ({
            ...p,
            girada: !p.girada,
            largura_mm: p.altura_mm,
            altura_mm: p.largura_mm,
          })),
        },
      ],
    };
    expect(validarPlano(travadas, chapas, girada).join('\n')).toMatch(/giro travado/);
  });

  it('names a slab the plan was not given', () => {
    const outra = { ...plano, chapas: [{ ...plano.chapas[0]!, chapa_id: 'c2' }] };
    expect(validarPlano(pecas, chapas, outra)[0]).toMatch(/não corresponde a nenhuma chapa disponível/);
  });
});
