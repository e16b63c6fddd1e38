import { pageSchema, uuid, versionField } from './common';
import { PERMISSOES } from './permissoes';
import { z } from './z';

const permissoes = z
  .array(z.enum(PERMISSOES, { message: 'Permissão desconhecida.' }))
  .max(PERMISSOES.length)
  .transform((ps) => [...new Set(ps)]);
/** New passwords: 8 characters at least (the server also refuses common ones: server/auth/password-policy). */
export const SENHA_MIN = 8;
const senha = z
  .string({ message: 'Informe a senha.' })
  .min(SENHA_MIN, `A senha deve ter no mínimo ${SENHA_MIN} caracteres.`)
  .max(128, 'A senha deve ter no máximo 128 caracteres.');
const nome = z.string({ message: 'Informe o nome.' }).trim().min(1, 'Informe o nome.').max(120);
const role = z.enum(['admin', 'usuario'], { message: 'Papel inválido.' });
const status = z.enum(['ativo', 'inativo'], { message: 'Status inválido.' });
/** The employee this account is (an installer's own agenda on the phone); '' or null = none. */
const funcionarioId = z.union([z.literal(''), z.null(), uuid]).transform((v) => v || null);

export const usuarioCreate = z.object({
  nome,
  email: z
    .string({ message: 'Informe o e-mail.' })
    .trim()
    .toLowerCase()
    .pipe(z.email({ message: 'E-mail inválido.' }).max(254)),
  senha,
  role: role.default('usuario'),
  status: status.default('ativo'),
  permissoes: permissoes.default(['dashboard']),
  funcionario_id: funcionarioId.optional().transform((v) => v ?? null),
});
export type UsuarioCreate = z.input<typeof usuarioCreate>;

export const usuarioUpdate = z.object({
  nome: nome.optional(),
  // Shown on the edit form but never changed: the e-mail is the sign-in identity.
  email: z.string().optional(),
  senha: z
    .union([z.literal(''), senha])
    .optional()
    .transform((v) => v || undefined),
  role: role.optional(),
  status: status.optional(),
  permissoes: permissoes.optional(),
  funcionario_id: funcionarioId.optional(),
  ...versionField,
});
export type UsuarioUpdate = z.input<typeof usuarioUpdate>;

/**
 * The edit dialog's fields, checked as the update route checks them (the version is not a field: the
 * dialog sends the one it read); its input is the create form's, so one form holds both.
 */
export const usuarioEditForm = usuarioUpdate.omit({ updated_at: true }).extend({
  nome,
  email: z.string(),
  senha: z.union([z.literal(''), senha]).transform((v) => v || undefined),
});

// ── Answers, as zod schemas: the OpenAPI document describes them and the test mode checks them.

/** A user as the Usuários screen reads it (never the password). */
export const usuarioSchema = z.object({
  id: z.string(),
  nome: z.string(),
  email: z.string(),
  role: z.enum(['admin', 'usuario']),
  status: z.enum(['ativo', 'inativo']),
  permissoes: z.array(z.enum(PERMISSOES)),
  funcionario_id: z.string().nullable(),
  funcionario_nome: z.string().nullable(),
  created_at: z.iso.datetime({ offset: true }),
  updated_at: z.iso.datetime({ offset: true }),
});
export type Usuario = z.infer<typeof usuarioSchema>;

export const usuariosPageSchema = pageSchema(usuarioSchema);
