import type { Executor } from '../../db/client';
import type { EmpresaRow } from '../../db/queries/empresa';
import type { AppDeps } from '../context';
import { visaoCliente } from '../orcamento-cliente';
import { empresaAtual } from './empresa';
import { detalhe } from './orcamento-detalhe';

/** The customer's view of a quote (PDF and public page), or undefined when it does not exist. */
export async function visaoDe(deps: AppDeps, id: string, ex?: Executor, company?: EmpresaRow) {
  // Inside a transaction everything is read through it (PGlite has one connection).
  const [o, empresa] = await Promise.all([detalhe(ex ?? deps.db, id), company ?? empresaAtual(deps)]);
  if (!o) return undefined;
  return { visao: visaoCliente(o, empresa, deps.config.tzNegocio), empresa };
}
