import { Hono } from 'hono';
import { type AgendaRow, aAgendar, minhaAgenda } from '../../db/queries/producao/agenda';
import { getProducaoConfig, indicadoresProducao, setProducaoConfig } from '../../db/queries/producao/config';
import { inicioDoDia, semanaAtual } from '../../domain/producao';
import {
  aAgendarQuery,
  aAgendarSchema,
  indicadoresProducaoSchema,
  minhaAgendaQuery,
  minhaAgendaSchema,
  producaoConfigSchema,
  producaoConfigUpdate,
} from '../../schemas/producao';
import { type AppEnv, currentUser, parseBody, parseQuery } from '../context';
import { route } from '../contract';
import { staleWrite } from '../errors';
import { publish } from '../events';

const access = ['producao'] as const;
const RECURSO = 'producao';
/** Each route's contract (server/contract.ts): its permission, inputs and answer. */
const doc = {
  getAAgendar: route({
    summary: 'Etapas atuais ainda sem agendamento (para arrastar para a agenda)',
    description:
      'A etapa atual de cada OS aberta que ainda não tem início marcado, das OS mais novas para as mais antigas, até `limit` (30 por padrão, no máximo 100). `etapa` filtra o tipo de etapa; `q` procura o nome do cliente ou, se for um número (`#42`), o número da OS.',
    access,
    query: aAgendarQuery,
    response: aAgendarSchema,
  }),
  getMinhaAgenda: route({
    summary: 'As etapas do funcionário vinculado ao usuário: hoje e os próximos dias',
    description:
      'As etapas atribuídas ao funcionário vinculado a quem está na sessão, de OS não canceladas: as não concluídas que começam antes do fim da janela de `dias` (7 por padrão, até 31; sem data também entram) e as concluídas a partir de hoje no fuso do negócio; até 200. Usuário sem funcionário vinculado recebe `funcionario_id: null` e lista vazia.',
    access: 'sessao',
    query: minhaAgendaQuery,
    response: minhaAgendaSchema,
  }),
  getConfig: route({
    summary: 'Etapas usadas pela marmoraria',
    description:
      'As etapas escolhidas, na ordem da oficina (medicao, corte, acabamento, instalacao, entrega); sem configuração salva, todas elas.',
    access,
    response: producaoConfigSchema,
  }),
  putConfig: route({
    summary: 'Escolhe as etapas usadas (vale para as novas OS)',
    description:
      'Pelo menos uma etapa; a ordem enviada não importa, vale a da oficina. 409 se outra pessoa alterou antes (`updated_at`). As OS já abertas continuam com suas etapas. Publica um evento ao vivo.',
    access,
    body: producaoConfigUpdate,
    errors: [409],
    response: producaoConfigSchema,
  }),
  getIndicadores: route({
    summary: 'Cartões do painel: instalações desta semana e OS atrasadas',
    description:
      '`instalacoes_semana`: etapas de instalação agendadas na semana corrente (segunda a domingo, fuso do negócio) de OS não canceladas; `os_atrasadas`: OS abertas com alguma etapa não concluída cujo fim agendado já passou.',
    access: ['producao', 'dashboard'],
    response: indicadoresProducaoSchema,
  }),
};

/**
 * The Produção module's own views (`/api/producao`): the stages left to schedule,
 * the installer's days, the stages the shop uses and the dashboard cards. Work orders and their stages
 * are read and written under `/api/ordens-servico`, the calendar under `/api/agenda` (routes/ordens-servico.ts),
 and nowhere else.
 */
export const producaoRoutes = new Hono<AppEnv>()
  .get('/a-agendar', doc.getAAgendar, async (c) => {
    const q = parseQuery(c, aAgendarQuery);
    return c.json({
      items: await aAgendar(c.get('deps').db, {
        etapa: q.etapa || undefined,
        q: q.q || undefined,
        limit: q.limit,
      }),
    });
  })
  .get('/minha-agenda', doc.getMinhaAgenda, async (c) => {
    const { dias } = parseQuery(c, minhaAgendaQuery);
    const me = currentUser(c);
    // Not linked to an employee: nothing of theirs to show (the screen says why).
    if (!me.funcionario_id) return c.json({ funcionario_id: null, items: [] as AgendaRow[] });
    const { db, config } = c.get('deps');
    const hoje = inicioDoDia(
      new Date().toLocaleDateString('sv-SE', { timeZone: config.tzNegocio }),
      config.tzNegocio,
    );
    const rows = await minhaAgenda(db, {
      funcionarioId: me.funcionario_id,
      de: hoje,
      ate: new Date(hoje.getTime() + dias * 86_400_000),
    });
    return c.json({ funcionario_id: me.funcionario_id as string | null, items: rows as AgendaRow[] });
  })
  .get('/config', doc.getConfig, async (c) => c.json(await getProducaoConfig(c.get('deps').db)))
  .put('/config', doc.putConfig, async (c) => {
    const input = await parseBody(c, producaoConfigUpdate);
    const { db } = c.get('deps');
    await db.transaction(async (tx) => {
      if (!(await setProducaoConfig(tx, { etapas: input.etapas, updatedAt: input.updated_at })))
        throw staleWrite();
      await publish(tx, RECURSO, 'atualizado');
    });
    return c.json(await getProducaoConfig(db));
  })
  .get('/indicadores', doc.getIndicadores, async (c) => {
    const { db, config } = c.get('deps');
    const agora = new Date();
    const semana = semanaAtual(config.tzNegocio, agora);
    return c.json(await indicadoresProducao(db, { semanaDe: semana.de, semanaAte: semana.ate, agora }));
  });
