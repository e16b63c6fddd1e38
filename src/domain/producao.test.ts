import { describe, expect, it } from 'vitest';
import {
  bordaDoPeriodo,
  lembrarCliente,
  linkWhatsApp,
  mensagemLembrete,
  motivoBloqueio,
  semanaAtual,
  telefoneWhatsApp,
} from './producao';

const TZ = 'America/Sao_Paulo';
const etapas = (s: Record<string, string>) =>
  (['medicao', 'corte', 'acabamento', 'instalacao', 'entrega'] as const).map((etapa, i) => ({
    etapa,
    ordem: i + 1,
    status: (s[etapa] ?? 'pendente') as 'pendente',
  }));

describe('bordaDoPeriodo (the agenda period of the HTTP contract)', () => {
  it('a day is the whole business day; an instant is taken as is', () => {
    // São Paulo is UTC−3: 10 March 2031 runs from 03:00Z on the 10th to 03:00Z on the 11th.
    expect(bordaDoPeriodo('2031-03-10', TZ, 'inicio').toISOString()).toBe('2031-03-10T03:00:00.000Z');
    expect(bordaDoPeriodo('2031-03-10', TZ, 'fim').toISOString()).toBe('2031-03-11T03:00:00.000Z');
    // The last day of a month ends at the next month's first midnight.
    expect(bordaDoPeriodo('2031-02-28', TZ, 'fim').toISOString()).toBe('2031-03-01T03:00:00.000Z');
    expect(bordaDoPeriodo('2031-03-10T12:30:00-03:00', TZ, 'fim').toISOString()).toBe(
      '2031-03-10T15:30:00.000Z',
    );
  });
});

describe('motivoBloqueio (order rule)', () => {
  it('corte needs the medição completed, other stages the previous one', () => {
    expect(motivoBloqueio(etapas({}), 'medicao')).toBeNull();
    expect(motivoBloqueio(etapas({ medicao: 'em_andamento' }), 'corte')).toBe(
      'O corte só pode começar depois que a medição for concluída.',
    );
    expect(motivoBloqueio(etapas({ medicao: 'concluida' }), 'corte')).toBeNull();
    expect(motivoBloqueio(etapas({ medicao: 'concluida' }), 'entrega')).toBe(
      'A etapa Entrega só pode começar depois que a etapa Corte for concluída.',
    );
  });
  it('a shop without some stages: the previous active one counts', () => {
    const semAcabamento = etapas({ medicao: 'concluida', corte: 'concluida' }).filter(
      (e) => e.etapa !== 'acabamento',
    );
    expect(motivoBloqueio(semAcabamento, 'instalacao')).toBeNull();
    const semMedicao = etapas({}).filter((e) => e.etapa !== 'medicao');
    expect(motivoBloqueio(semMedicao, 'corte')).toBeNull();
  });
});

describe('reminders', () => {
  const now = new Date('2026-11-23T15:00:00Z'); // 12:00 in São Paulo, Monday
  it.each([
    // 24/11 09:00 in São Paulo = 12:00Z
    ['medicao', '2026-11-24T12:00:00Z', true],
    // 24/11 00:30 in São Paulo is 03:30Z on the 24th: still tomorrow there
    ['instalacao', '2026-11-24T03:30:00Z', true],
    // 23/11 23:30 in São Paulo (02:30Z on the 24th) is today, not tomorrow
    ['medicao', '2026-11-24T02:30:00Z', false],
    // not for other stages
    ['corte', '2026-11-24T12:00:00Z', false],
  ] as const)(
    'the day before a medição or instalação (business time zone): %s at %s → %s',
    (etapa, inicio, lembrar) => {
      expect(lembrarCliente({ etapa, status: 'agendada', inicio }, TZ, now)).toBe(lembrar);
    },
  );
  it('writes date, window and address in pt-BR and links to wa.me with the country code', () => {
    const msg = mensagemLembrete(
      {
        etapa: 'instalacao',
        inicio: '2026-11-24T12:00:00Z',
        fim: '2026-11-24T15:30:00Z',
        cliente_nome: 'Maria Souza',
        endereco: 'Rua das Pedras, 10',
        cidade: 'Campinas',
        uf: 'SP',
      },
      TZ,
    );
    expect(msg).toBe(
      'Olá, Maria! Lembrete de a marmoraria: a instalação está agendada para amanhã, 24/11/2026, entre 09:00 e 12:30, no endereço Rua das Pedras, 10 - Campinas/SP. Por favor, confirme se alguém estará no local. Obrigado!',
    );
    expect(telefoneWhatsApp('(11) 98765-4321')).toBe('5511987654321');
    expect(telefoneWhatsApp('123')).toBeNull();
    expect(linkWhatsApp('(11) 98765-4321', 'oi')).toBe('https://wa.me/5511987654321?text=oi');
  });
  it('the week runs Monday to Monday in the business time zone', () => {
    const w = semanaAtual(TZ, now);
    expect(w.de.toISOString()).toBe('2026-11-23T03:00:00.000Z');
    expect(w.ate.toISOString()).toBe('2026-11-30T03:00:00.000Z');
  });
});
