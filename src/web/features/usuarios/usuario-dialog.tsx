import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { PERMISSAO_LABEL, PERMISSOES, type Permissao } from '../../../schemas/permissoes';
import { type Usuario, usuarioCreate, usuarioUpdate } from '../../../schemas/usuarios';
import type { z } from '../../../schemas/z';
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
import { ApiError, api, toastError, toastSuccess } from '../../lib/api';

type FormValues = {
  nome: string;
  email: string;
  senha: string;
  role: 'admin' | 'usuario';
  status: 'ativo' | 'inativo';
  permissoes: Permissao[];
};

type Parsed = z.output<typeof usuarioCreate> | z.output<typeof usuarioUpdate>;
const createResolver = zodResolver(usuarioCreate);
const updateResolver = zodResolver(usuarioUpdate);

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

  useEffect(() => {
    if (!open) return;
    reset(
      usuario
        ? {
            nome: usuario.nome,
            email: usuario.email,
            senha: '',
            role: usuario.role,
            status: usuario.status,
            permissoes: usuario.permissoes as Permissao[],
          }
        : EMPTY,
    );
  }, [open, usuario, reset]);

  const save = useMutation({
    mutationFn: (v: Parsed) =>
      editing
        ? api.patch<Usuario>(`/usuarios/${usuario!.id}`, {
            nome: v.nome,
            senha: v.senha || undefined,
            role: v.role,
            status: v.status,
            permissoes: v.permissoes,
            updated_at: usuario!.updated_at,
          })
        : api.post<Usuario>('/usuarios', v),
    onSuccess: () => {
      toastSuccess(editing ? 'Usuário atualizado com sucesso!' : 'Usuário criado com sucesso!');
      void qc.invalidateQueries({ queryKey: ['usuarios'] });
      onOpenChange(false);
    },
    onError: (err) => {
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
        <form className="grid gap-4" onSubmit={handleSubmit((v) => save.mutate(v))} noValidate>
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
            hint="Mínimo 6 caracteres"
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
                <option value="admin">Administrador</option>
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
                  {PERMISSOES.map((p) => {
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
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Salvando...' : editing ? 'Salvar Alterações' : 'Criar Usuário'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
