import { describe, expect, it, vi } from 'vitest';
import { gateOf, XLSX_OCUPADO_RETRY_S } from './export';
import { apiSuite } from './testing/harness';

// One CSV at a time and none waiting: a second concurrent CSV is refused.
const { env, admin } = apiSuite({ csvConcorrentes: 1, csvFila: 0 });

const exportar = () =>
  env.app.request('http://localhost:3000/api/fornecedores/exportar?formato=csv&sort=nome', {
    headers: { cookie: admin.cookie, origin: 'http://localhost:3000', host: 'localhost:3000' },
  });

describe('CSV exports take turns', () => {
  it('beyond the turns and the line the answer is 503 with Retry-After; a turn ends when the file is taken or the client leaves', async () => {
    await admin.create('/api/fornecedores', { nome: 'Pedreira Turno', telefone: '(27) 3522-1234' });
    const gate = gateOf(env.deps.config, 'csv');

    // Not read yet: the download holds its turn.
    const primeira = await exportar();
    expect(primeira.status).toBe(200);
    expect(gate.runningCount).toBe(1);

    const segunda = await exportar();
    expect(segunda.status).toBe(503);
    expect(segunda.headers.get('retry-after')).toBe(String(XLSX_OCUPADO_RETRY_S));
    expect(await segunda.json()).toMatchObject({
      title: 'Servidor ocupado',
      detail: 'Muitas exportações em CSV ao mesmo tempo. Tente novamente em alguns segundos.',
    });

    // The client leaves: the turn is free again, and a file read to its end frees it too.
    await primeira.body!.cancel();
    await vi.waitFor(() => expect(gate.runningCount).toBe(0));
    const terceira = await exportar();
    expect(terceira.status).toBe(200);
    expect(await terceira.text()).toContain('Pedreira Turno');
    await vi.waitFor(() => expect(gate.runningCount).toBe(0));
    expect((await exportar()).status).toBe(200);
  });
});
