import { useQuery } from '@tanstack/react-query';
import { Controller, type UseFormRegisterReturn } from 'react-hook-form';
import { PERMISSAO_LABEL, PERMISSOES, type Permissao } from '../../../schemas/permissoes';
import { SENHA_MIN, usuarioCreate, usuarioEditForm } from '../../../schemas/usuarios';
import type { z } from '../../../schemas/z';
import { useAuth } from '../../app/auth';
import { ConflictNotice } from '../../components/fresh-record';
import { FormButtons, RecordOptions } from '../../components/kit/form-parts';
import { HistoricoRegistro } from '../../components/kit/historico-registro';
import { useResourceForm } from '../../components/kit/use-resource-form';
import { Checkbox } from '../../components/ui/checkbox';
import { DialogFooter, DialogHeading, ModalDialog } from '../../components/ui/dialog';
import { FormField, fieldA11y } from '../../components/ui/form-field';
import { Input, NativeSelect } from '../../components/ui/input';
import { Loading } from '../../components/ui/states';
import { toastError } from '../../lib/api';
import { client } from '../../lib/client';
import type { Usuario } from '../../lib/resources';
import { funcionariosOpcoesOptions } from '../funcionarios/api';
import { grantable } from './grants';

// The fields hold the create schema's input; the submit gets the output of the schema that applies.
type FormValues = z.input<typeof usuarioCreate>;

const EMPTY = {
  nome: '',
  email: '',
  senha: '',
  role: 'usuario',
  status: 'ativo',
  permissoes: ['dashboard'],
  /** The employee this account is ('' = none): installers see their own jobs in "Minha agenda". */
  funcionario_id: '',
} satisfies FormValues;

const valuesOf = (u: Usuario): FormValues => ({
  nome: u.nome,
  email: u.email,
  senha: '',
  role: u.role,
  status: u.status,
  permissoes: u.permissoes.filter((p): p is Permissao => (PERMISSOES as readonly string[]).includes(p)),
  funcionario_id: u.funcionario_id ?? '',
});

export function UsuarioDialog({
  open,
  onOpenChange,
  usuario,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** null = a new user */
  usuario: Usuario | null;
}) {
  return (
    <ModalDialog open={open} onClose={() => onOpenChange(false)} className="max-w-xl">
      {open && (
        <UsuarioForm key={usuario?.id ?? 'novo'} usuario={usuario} onDone={() => onOpenChange(false)} />
      )}
      {open && usuario && <HistoricoRegistro recurso="usuarios" registro={usuario.id} />}
    </ModalDialog>
  );
}

/** The form, mounted once per opening: an edit reads the user fresh (not the list's row). */
function UsuarioForm({ usuario, onDone }: { usuario: Usuario | null; onDone: () => void }) {
  const editing = !!usuario;
  const { me } = useAuth();
  // Options the signed-in user cannot give are not offered; those the account already has stay
  // visible so they can be taken away.
  const canGive = grantable(me, usuario);
  const shown = PERMISSOES.filter((p) => canGive.has(p) || usuario?.permissoes.includes(p));
  const offerAdmin = me?.role === 'admin' || usuario?.role === 'admin';
  const f = useResourceForm({
    recurso: 'usuarios',
    endpoint: client.usuarios,
    // The same zod schemas the server validates with: a new user's or an edit's.
    schema: editing ? usuarioEditForm : usuarioCreate,
    id: usuario?.id ?? null,
    // the default Dashboard only when the signed-in user may give it
    empty: { ...EMPTY, permissoes: grantable(me, null).has('dashboard') ? ['dashboard'] : [] },
    valuesOf,
    // the e-mail is the sign-in identity: shown, never sent on an edit
    toBody: ({ email, ...v }, record) => (record ? v : { email, ...v }),
    conflictField: 'email',
    messages: {
      created: 'Usuário criado com sucesso!',
      updated: 'Usuário atualizado com sucesso!',
      createError: 'Falha ao criar usuário',
      updateError: 'Erro ao atualizar usuário',
    },
    toastFailure: (err, edit) =>
      edit
        ? toastError('Erro ao atualizar usuário', err)
        : toastError('Falha ao criar usuário', err, 'Falha ao criar usuário no banco de dados'),
    onSaved: onDone,
  });
  const { register, control } = f.form;
  const errors = f.form.formState.errors;

  return (
    <>
      <DialogHeading
        title={editing ? 'Editar Usuário' : 'Novo Usuário'}
        description={
          editing
            ? 'Altere os dados, o papel e as permissões do usuário.'
            : 'Crie o acesso de um membro da equipe.'
        }
      />
      {f.conflict && <ConflictNotice onReload={f.reload} />}
      {f.loading ? (
        <Loading text="Carregando usuário..." />
      ) : (
        <form
          className="grid gap-4"
          aria-label={editing ? 'Editar Usuário' : 'Novo Usuário'}
          onSubmit={f.onSubmit}
          noValidate
        >
          <FormField id="u-nome" label="Nome" required error={errors.nome?.message}>
            <Input {...fieldA11y('u-nome', errors.nome?.message)} autoComplete="off" {...register('nome')} />
          </FormField>
          <FormField id="u-email" label="E-mail" required={!editing} error={errors.email?.message}>
            <Input
              {...fieldA11y('u-email', errors.email?.message)}
              type="email"
              autoComplete="off"
              disabled={editing}
              {...register('email')}
            />
          </FormField>
          <FormField
            id="u-senha"
            label={editing ? 'Nova senha (opcional)' : 'Senha'}
            required={!editing}
            hint={`Mínimo ${SENHA_MIN} caracteres; evite senhas comuns`}
            error={errors.senha?.message}
          >
            <Input
              {...fieldA11y('u-senha', errors.senha?.message)}
              type="password"
              autoComplete="new-password"
              {...register('senha')}
            />
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id="u-role" label="Papel">
              <NativeSelect id="u-role" {...register('role')}>
                <option value="usuario">Usuário</option>
                {offerAdmin && <option value="admin">Administrador</option>}
              </NativeSelect>
            </FormField>
            <FormField id="u-status" label="Status">
              <NativeSelect id="u-status" {...register('status')}>
                <option value="ativo">Ativo</option>
                <option value="inativo">Inativo</option>
              </NativeSelect>
            </FormField>
          </div>
          <FuncionarioVinculo
            register={register('funcionario_id')}
            atualNome={f.record?.funcionario_nome ?? null}
          />
          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm font-medium">Permissões</legend>
            <Controller
              control={control}
              name="permissoes"
              render={({ field: { value = [], onChange } }) => (
                <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
                  {shown.map((p) => {
                    const id = `perm-${p}`;
                    const checked = value.includes(p);
                    return (
                      <div key={p} className="flex items-center gap-2">
                        <Checkbox
                          id={id}
                          checked={checked}
                          onCheckedChange={(v) => onChange(v ? [...value, p] : value.filter((x) => x !== p))}
                        />
                        <label htmlFor={id} className="text-sm">
                          {PERMISSAO_LABEL[p]}
                          {p === 'dashboard' && <span className="text-muted-foreground"> (e Caixa)</span>}
                        </label>
                      </div>
                    );
                  })}
                </div>
              )}
            />
          </fieldset>
          <DialogFooter>
            <FormButtons
              f={f}
              onCancel={onDone}
              submitLabel={editing ? 'Salvar Alterações' : 'Criar Usuário'}
            />
          </DialogFooter>
          {f.leaveDialog}
        </form>
      )}
    </>
  );
}

/** The optional link to an employee; the list needs a screen that may read employees' names. */
function FuncionarioVinculo({
  register,
  atualNome,
}: {
  register: UseFormRegisterReturn<'funcionario_id'>;
  atualNome: string | null;
}) {
  const { can } = useAuth();
  const podeListar = can('producao') || can('orcamentos') || can('funcionarios');
  const opcoes = useQuery({ ...funcionariosOpcoesOptions('usuarios'), enabled: podeListar });
  return (
    <FormField id="u-funcionario" label="Funcionário (instalador)">
      <NativeSelect id="u-funcionario" {...register} disabled={!podeListar}>
        <option value="">Nenhum</option>
        <RecordOptions records={opcoes.data} value={(f) => f.id} label={(f) => `${f.nome} - ${f.cargo}`} />
      </NativeSelect>
      {!podeListar && atualNome && (
        <span className="text-sm text-muted-foreground">Vinculado a {atualNome}.</span>
      )}
    </FormField>
  );
}
