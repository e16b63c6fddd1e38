import { eq, getTableColumns, sql } from 'drizzle-orm';
import type { Executor } from '../client';
import { empresa, empresaLogo } from '../schema';
import { updateVersioned } from './common';

// The encrypted fiscal credentials never leave this file but through credenciaisCifradas: the row every
// screen, document and answer reads says only whether they are set.
const { fiscal_credenciais: _segredo, ...colunasPublicas } = getTableColumns(empresa);
const colunas = {
  ...colunasPublicas,
  fiscal_credenciais_definidas: sql<boolean>`(${empresa.fiscal_credenciais} is not null)`.mapWith(Boolean),
};

export type EmpresaRow = Omit<typeof empresa.$inferSelect, 'fiscal_credenciais'> & {
  fiscal_credenciais_definidas: boolean;
};
export type EmpresaValues = Omit<typeof empresa.$inferInsert, 'id' | 'created_at' | 'updated_at'>;

async function lerEmpresa(db: Executor): Promise<EmpresaRow | undefined> {
  const [row] = await db.select(colunas).from(empresa).where(eq(empresa.id, 1));
  return row;
}

/** The company's row, created from `seed` (the EMPRESA_* environment variables) the first time. */
export async function getEmpresa(db: Executor, seed: EmpresaValues): Promise<EmpresaRow> {
  const row = await lerEmpresa(db);
  if (row) return row;
  // Two instances (or two requests) starting together: one insert wins, both read the same row.
  await db
    .insert(empresa)
    .values({ ...seed, id: 1 })
    .onConflictDoNothing();
  return (await lerEmpresa(db))!;
}

/** The shop's name as saved in Empresa, or null before the row exists. */
export async function empresaNome(db: Executor): Promise<string | null> {
  const [row] = await db.select({ nome: empresa.nome }).from(empresa).where(eq(empresa.id, 1));
  return row?.nome ?? null;
}

export async function updateEmpresa(
  db: Executor,
  p: { values: EmpresaValues; updatedAt: string },
): Promise<EmpresaRow | 'stale' | 'missing'> {
  const { values, updatedAt } = p;
  const r = await updateVersioned(db, { table: empresa, id: 1 as unknown as string, values, updatedAt });
  if (r === 'stale' || r === 'missing') return r;
  return (await lerEmpresa(db))!;
}

/** The fiscal provider's credentials as stored (encrypted; server/fiscal/credenciais.ts opens them). */
export async function credenciaisCifradas(db: Executor): Promise<string | null> {
  const [row] = await db.select({ v: empresa.fiscal_credenciais }).from(empresa).where(eq(empresa.id, 1));
  return row?.v ?? null;
}

export async function getLogo(db: Executor) {
  const [row] = await db.select().from(empresaLogo).where(eq(empresaLogo.id, 1));
  return row;
}

export async function putLogo(db: Executor, p: { mime: string; dados: string }) {
  const { mime, dados } = p;
  await db
    .insert(empresaLogo)
    .values({ id: 1, mime, dados })
    .onConflictDoUpdate({ target: empresaLogo.id, set: { mime, dados, updated_at: sql`clock_timestamp()` } });
}

export async function deleteLogo(db: Executor) {
  await db.delete(empresaLogo).where(eq(empresaLogo.id, 1));
}

/** The Pix key on the Empresa screen, as the charges' fallback when Recebimentos has none of its own. */
export async function pixDaEmpresa(db: Executor) {
  const [row] = await db
    .select({ pix_chave: empresa.chave_pix, pix_nome: empresa.nome, pix_cidade: empresa.cidade })
    .from(empresa)
    .where(eq(empresa.id, 1));
  return row ?? { pix_chave: null, pix_nome: null, pix_cidade: null };
}

/** Empresa "Comissões da venda: como no orçamento" (false before the row exists: the seed's formula). */
export async function comissoesComoOrcamento(db: Executor): Promise<boolean> {
  const [row] = await db
    .select({ v: empresa.comissoes_como_orcamento })
    .from(empresa)
    .where(eq(empresa.id, 1));
  return row?.v ?? false;
}
