import { expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { fakeApi, renderTela } from '../../testing/render';
import AuditoriaPage from './page';

// Issue 26 §3: the Auditoria screen showed "concluida_por: — → 9b696c8c-…", "etapa_atual: medicao →
// corte" and UTC ISO times. It shows people's and records' names (the answer's `nomes`), pt-BR labels
// for fields and their values, and dd/mm/aaaa hh:mm in the business time zone.

const ANA = '9b696c8c-1d2e-4f5a-8b7c-0d1e2f3a4b5c';
const OS = '1f2e3d4c-5b6a-4789-9abc-def012345678';
const VENDA = '2a3b4c5d-6e7f-4a8b-9c0d-1e2f3a4b5c6d';
const AUDITORIA = {
  items: [
    {
      id: 2,
      // 22:40 UTC = 19:40 in São Paulo
      em: '2026-11-27T22:40:05.000Z',
      usuario_id: ANA,
      usuario_nome: 'Ana Gerente',
      endereco: '203.0.113.9',
      recurso: 'os_etapas',
      registro: 'a1b2c3d4-0000-4000-8000-000000000001',
      acao: 'atualizado',
      alteracoes: {
        status: ['agendada', 'concluida'],
        concluida_por: [null, ANA],
        concluida_em: [null, '2026-11-27T22:40:05.000Z'],
      },
    },
    {
      id: 1,
      em: '2026-11-27T22:40:05.000Z',
      usuario_id: ANA,
      usuario_nome: 'Ana Gerente',
      endereco: '203.0.113.9',
      recurso: 'ordens_servico',
      registro: OS,
      acao: 'atualizado',
      alteracoes: { etapa_atual: ['medicao', 'corte'], venda_id: [VENDA, VENDA] },
    },
  ],
  total: 2,
  page: 1,
  limit: 50,
  // the records the entries are about are named too (the stage's is; the OS's is left unnamed here)
  nomes: {
    [ANA]: 'Ana Gerente',
    [VENDA]: 'Venda #605',
    'a1b2c3d4-0000-4000-8000-000000000001': 'Corte da OS #12',
  },
};

test('Auditoria shows names, pt-BR labels and values, and local times dd/mm/aaaa hh:mm', async () => {
  fakeApi({
    'GET /auditoria': AUDITORIA,
    'GET /usuarios': { items: [], total: 0, page: 1, limit: 200 },
  });
  renderTela(<AuditoriaPage />, { path: '/auditoria' });
  const lista = page.getByText('Concluída por:').first();
  await expect.element(lista).toBeVisible();
  const texto = document.body.innerText;
  expect(texto).toMatch(/Concluída por:\s*—\s*→\s*Ana Gerente/);
  expect(texto).toMatch(/Etapa atual:\s*Medição\s*→\s*Corte/);
  expect(texto).toMatch(/Status:\s*Agendada\s*→\s*Concluída/);
  expect(texto).toMatch(/Venda:\s*Venda #605/);
  expect(texto).toContain('Etapas de OS');
  expect(texto).toContain('Ordens de serviço');
  // the record column: by name when the server named it, else the id's first 8 characters
  expect(texto).toContain('Corte da OS #12');
  expect(texto).not.toContain('a1b2c3d4');
  expect(texto).toContain(OS.slice(0, 8));
  // no raw field names, ids or enum values
  for (const cru of ['concluida_por', 'etapa_atual', ANA.slice(0, 8), 'medicao', '→ corte', 'T22:40'])
    expect(texto, cru).not.toContain(cru);
  // the time in São Paulo, to the minute, as dd/mm/aaaa hh:mm
  expect(texto).toMatch(/27\/11\/2026,? 19:40(?!:)/);
  expect(texto).not.toContain('22:40');
  expect(texto, 'sem segundos').not.toContain('19:40:05');
});
