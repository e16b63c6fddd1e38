import * as q from '../../db/queries/empresa';
import type { AppDeps } from '../context';

/** The company row (identity, logo settings, terms, Pix key), created from the environment on first read. */
export async function empresaAtual(deps: Pick<AppDeps, 'db' | 'config'>) {
  const { db, config } = deps;
  const e = config.empresa;
  // The environment variables are first-start defaults only; the Empresa screen owns the row after.
  return q.getEmpresa(db, {
    nome: e.nome,
    endereco: e.endereco || null,
    telefone: e.telefone || null,
    cnpj: e.cnpj || null,
  });
}
