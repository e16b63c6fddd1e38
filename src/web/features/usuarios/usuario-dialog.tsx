import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { PERMISSAO_LABEL, PERMISSOES, type Permissao } from '../../../schemas/permissoes';
import { SENHA_MIN, usuarioCreate, usuarioUpdate } from '../../../schemas/usuarios';
import type { z } from '../../../schemas/z';
import { useAuth } from '../../app/auth';
import { ConflictNotice, isStaleWrite, useFreshRecord } from '../../components/fresh-record';
import { Button } from '../../components/ui/button';
import { Checkbox } from '../../components/ui/checkbox';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { FormField, fieldA11y } from '../../components/ui/form-field';
import { Input, NativeSelect } from '../../components/ui/input';
import { Loading } from '../../components/ui/states';
import { ApiError, api, toastError, toastSuccess } from '../../lib/api';
import type { Usuario } from '../../lib/resources';
import { useIdempotencyKey } from '../../lib/use-idempotency-key';
import { grantable } from './grants';

type FormValues = {
  nome: string;
  email: string;
  senha: string;
  role: 'admin' | 'usuario';
  status: 'ativo' | 'inativo';
  permissoes: Permissao[];
};

type Parsed = z.output<typeof usuarioCreate> | Omit<z.output<typeof usuarioUpdate>, 'updated_at'>;
const createResolver = zodResolver(usuarioCreate);
// the version is not a field of the form: the dialog sends the one it read
const updateResolver = zodResolver(usuarioUpdate.omit({ updated_at: true }));

const EMPTY: FormValues = {
  nome: '',
  email: '',
  senha: '',
  role: 'usuario',
  status: 'ativo',
  permissoes: ['dashboard'],
};

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
  const editing = !!usuario;
  const qc = useQueryClient();
  const { me } = useAuth();
  // Options the signed-in user cannot give are not offered; those the account already has stay
  // visible so they can be taken away.
  const canGive = grantable(me, usuario);
  const shown = PERMISSOES.filter((p) => canGive.has(p) || usuario?.permissoes.includes(p));
  const offerAdmin = me?.role === 'admin' || usuario?.role === 'admin';
  // A boolean, not `me`: a refetch of /auth/me must not reset a form being filled in.
  const defaultDashboard = grantable(me, null).has('dashboard');
  // one key per record to create: a "Salvar" pressed again after a dropped connection reuses it
  const idem = useIdempotencyKey();
  const form = useForm<FormValues, unknown, Parsed>({
    // The same zod schemas the server validates with: the fields hold their input, the submit gets
    // the output of the one that applies (a new user's or an edit's).
    resolver: (values, ctx, opts) => {
      // the options minus `names` (typed by the form's own field list), which both schemas share
      const o = {
        criteriaMode: opts.criteriaMode,
        fields: opts.fields,
        shouldUseNativeValidation: opts.shouldUseNativeValidation,
      };
      return editing ? updateResolver(values, ctx, o) : createResolver(values, ctx, o);
    },
    defaultValues: EMPTY,
  });
  const { register, handleSubmit, reset, control, setError, formState } = form;
  const errors = formState.errors;
  // The user as the server has it now (not the list's row), read on every opening.
  const fresh = useFreshRecord<Usuario>(open && usuario ? `/usuarios/${usuario.id}` : null);
  const atual = usuario ? (fresh.data ?? null) : null;
  const loading = editing && !atual;
  const [conflict, setConflict] = useState(false);

  useEffect(() => {
    if (!open) setConflict(false);
    if (!open || loading) return;
    reset(
      atual
        ? {
            nome: atual.nome,
            email: atual.email,
            senha: '',
            role: atual.role,
            status: atual.status,
            permissoes: atual.permissoes as Permissao[],
          }
        : // the default Dashboard only when the signed-in user may give it
          { ...EMPTY, permissoes: defaultDashboard ? ['dashboard'] : [] },
    );
  }, [open, atual, loading, reset, defaultDashboard]);

  const save = useMutation({
    mutationFn: (v: Parsed) =>
      editing
        ? api.patch<Usuario>(`/usuarios/${usuario!.id}`, {
            nome: v.nome,
            senha: v.senha || undefined,
            role: v.role,
            status: v.status,
            permissoes: v.permissoes,
            updated_at: (atual ?? usuario!).updated_at,
          })
        : api.post<Usuario>('/usuarios', v, { idempotencyKey: idem.key }),
    onSuccess: () => {
      idem.renew();
      toastSuccess(editing ? 'Usuário atualizado com sucesso!' : 'Usuário criado com sucesso!');
      void qc.invalidateQueries({ queryKey: ['usuarios'] });
      onOpenChange(false);
    },
    onError: (err) => {
      if (isStaleWrite(err)) setConflict(true);
      if (err instanceof ApiError) {
        for (const f of err.errors) {
          if (f.path in EMPTY) setError(f.path as keyof FormValues, { message: f.message });
        }
        if (err.status === 409 && /e-mail/i.test(err.detail)) setError('email', { message: err.detail });
      }
      if (editing) toastError('Erro ao atualizar usuário', err);
      else toastError('Falha ao criar usuário', err, 'Falha ao criar usuário no banco de dados');
    },
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>{editing ? 'Editar Usuário' : 'Novo Usuário'}</DialogTitle>
          <DialogDescription>
            {editing
              ? 'Altere os dados, o papel e as permissões do usuário.'
              : 'Crie o acesso de um membro da equipe.'}
          </DialogDescription>
        </DialogHeader>
        {conflict && (
          <ConflictNotice
            reloading={fresh.isFetching}
            onReload={() => void fresh.refetch().then((res) => res.isSuccess && setConflict(false))}
          />
        )}
        {loading && <Loading text="Carregando usuário..." />}
        <form
          className="grid gap-4"
          hidden={loading}
          onSubmit={handleSubmit((v) => save.mutateAsync(v).catch(() => {}))}
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
          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm font-medium">Permissões</legend>
            <Controller
              control={control}
              name="permissoes"
              render={({ field }) => (
                <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
                  {shown.map((p) => {
                    const id = `perm-${p}`;
                    const checked = field.value.includes(p);
                    return (
                      <div key={p} className="flex items-center gap-2">
                        <Checkbox
                          id={id}
                          checked={checked}
                          onCheckedChange={(v) =>
                            field.onChange(v ? [...field.value, p] : field.value.filter((x) => x !== p))
                          }
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
            <Button variant="outline" onClick={() => onOpenChange(false)} disabled={save.isPending}>
              Cancelar
            </Button>
            <Button type="submit" disabled={save.isPending || formState.isSubmitting}>
              {save.isPending ? 'Salvando...' : editing ? 'Salvar Alterações' : 'Criar Usuário'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
