import { describe, expect, it } from 'vitest';
import { politicaEmOrdem } from './plano-corte';

/** A fake `chrt`: each change is held until the test lets it finish; `aplicada` is the thread's policy. */
function chrtLento() {
  const pendentes: { alta: boolean; pronto: () => void }[] = [];
  const estado = { aplicada: undefined as boolean | undefined, chamadas: 0 };
  const aplicar = (alta: boolean, pronto: () => void) => {
    estado.chamadas++;
    pendentes.push({ alta, pronto });
  };
  /** The change started `i`-th among those still running reaches the kernel and ends. */
  const terminar = (i: number) => {
    const [c] = pendentes.splice(i, 1);
    if (!c) throw new Error('nenhuma mudança em curso');
    estado.aplicada = c.alta;
    c.pronto();
  };
  return { aplicar, terminar, estado, pendentes };
}

describe("the planner thread's policy changes", () => {
  it('a lift asked while the previous plan\'s "back to idle" is still running lands after it', () => {
    const chrt = chrtLento();
    const politica = politicaEmOrdem(chrt.aplicar);
    politica(false); // the previous plan ended: back to idle, slow on a busy machine
    politica(true); // the next plan passed its budget: lift
    // only one change runs at a time: the lift waits
    expect(chrt.pendentes.map((c) => c.alta)).toEqual([false]);
    chrt.terminar(0);
    expect(chrt.pendentes.map((c) => c.alta)).toEqual([true]);
    chrt.terminar(0);
    // the thread ends lifted, as last asked (unordered, it ended idle and the plan starved)
    expect(chrt.estado.aplicada).toBe(true);
    expect(chrt.pendentes).toEqual([]);
  });

  it('changes asked meanwhile collapse into the last one', () => {
    const chrt = chrtLento();
    const politica = politicaEmOrdem(chrt.aplicar);
    politica(true);
    politica(false);
    politica(true);
    politica(false);
    chrt.terminar(0);
    expect(chrt.pendentes.map((c) => c.alta)).toEqual([false]);
    chrt.terminar(0);
    expect(chrt.estado).toEqual({ aplicada: false, chamadas: 2 });
  });

  it('a change asked again while the same one runs starts nothing more', () => {
    const chrt = chrtLento();
    const politica = politicaEmOrdem(chrt.aplicar);
    politica(true);
    politica(false);
    politica(true);
    chrt.terminar(0);
    expect(chrt.estado).toEqual({ aplicada: true, chamadas: 1 });
    expect(chrt.pendentes).toEqual([]);
  });
});
