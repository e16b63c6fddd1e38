import { PERMISSOES, type Permissao } from './permissoes';
import { z } from './z';

export const loginInput = z.object({
  usuario: z.string({ message: 'Informe o usuário.' }).trim().min(1, 'Informe o usuário.').max(254),
  senha: z.string({ message: 'Informe a senha.' }).min(1, 'Informe a senha.').max(128),
});

export interface Me {
  id: string;
  nome: string;
  email: string;
  role: 'admin' | 'usuario';
  status: 'ativo' | 'inativo';
  permissoes: Permissao[];
  /** The employee this account is (installers' "Minha agenda"), if linked. */
  funcionario_id?: string | null;
}

/** The signed-in user as the API shows it (login, /me, /sessao). */
export const meSchema = z.object({
  id: z.string(),
  nome: z.string(),
  email: z.string(),
  role: z.enum(['admin', 'usuario']),
  status: z.enum(['ativo', 'inativo']),
  permissoes: z.array(z.enum(PERMISSOES)),
  funcionario_id: z.string().nullish(),
});

export const loginRespostaSchema = z.object({ usuario: meSchema });
export const sessaoSchema = z.object({ usuario: meSchema.nullable() });
