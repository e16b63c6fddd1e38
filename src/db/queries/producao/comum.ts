import { getTableColumns, sql } from 'drizzle-orm';
import { osEtapas, usuarios } from '../../schema';
import { lookup } from '../common';

// What the work orders' queries share: a stage as the API answers it, and timestamps in raw SQL.

/** A timestamp as the API writes it (ISO, UTC, milliseconds), for the raw-SQL answers. */
export const iso = (col: string) =>
  sql.raw(`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

const equipeJson = sql<
  { id: string; nome: string; cargo: string; status: string }[]
>`coalesce((select json_agg(json_build_object('id', f.id, 'nome', f.nome, 'cargo', f.cargo, 'status', f.status) order by f.nome)
   from os_etapa_funcionarios ef join funcionarios f on f.id = ef.funcionario_id where ef.etapa_id = os_etapas.id), '[]'::json)`;

/** A stage with who started and completed it and its team (an OS's stages, one stage). */
export const etapaSelect = {
  ...getTableColumns(osEtapas),
  iniciada_por_nome: lookup<string>(usuarios.nome, usuarios.id, osEtapas.iniciada_por),
  concluida_por_nome: lookup<string>(usuarios.nome, usuarios.id, osEtapas.concluida_por),
  funcionarios: equipeJson,
};
