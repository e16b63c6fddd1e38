import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type Resolver, useForm } from 'react-hook-form';
import {
  PRODUTO_PADROES,
  type Produto,
  produtoCreate,
  TIPOS_UNIDADE,
  type TipoUnidade,
} from '../../../schemas/produtos';
import type { z } from '../../../schemas/z';
import { useReportConflict } from '../../components/fresh-record';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { FormField, fieldA11y } from '../../components/ui/form-field';
import { Input, NativeSelect, Textarea } from '../../components/ui/input';
import { ApiError, api, toastError, toastSuccess } from '../../lib/api';
import { decimalText } from '../../lib/decimal';
import { useIdempotencyKey } from '../../lib/use-idempotency-key';

type FormValues = {
  nome: string;
  categoria: string;
  fornecedor_id: string;
  valor_m2: string;
  estoque: string;
  estoque_minimo: string;
  unidade: string;
  tipo_unidade: TipoUnidade;
  descricao: string;
};
const FIELDS: (keyof FormValues)[] = [
  'nome',
  'categoria',
  'fornecedor_id',
  'valor_m2',
  'estoque',
  'estoque_minimo',
  'unidade',
  'tipo_unidade',
  'descricao',
];

const NOVO: FormValues = {
  nome: '',
  categoria: '',
  fornecedor_id: '',
  valor_m2: '',
  estoque: String(PRODUTO_PADROES.estoque),
  estoque_minimo: String(PRODUTO_PADROES.estoque_minimo),
  unidade: PRODUTO_PADROES.unidade,
  tipo_unidade: PRODUTO_PADROES.tipo_unidade,
  descricao: '',
};

const decimalBr = (n: number) => String(n).replace('.', ',');

function valuesOf(p: Produto | null): FormValues {
  if (!p) return NOVO;
  return {
    nome: p.nome,
    categoria: p.categoria,
    fornecedor_id: p.fornecedor_id ?? '',
    valor_m2: decimalBr(p.valor_m2),
    estoque: decimalBr(p.estoque),
    estoque_minimo: decimalBr(p.estoque_minimo),
    unidade: p.unidade,
    tipo_unidade: p.tipo_unidade,
    descricao: p.descricao ?? '',
  };
}

// The server's own schema, after turning "1.234,56" into "1234.56".
const zod = zodResolver(produtoCreate as unknown as z.ZodType<FormValues, FormValues>);
const resolver: Resolver<FormValues> = (values, ctx, opts) =>
  zod(
    {
      ...values,
      valor_m2: decimalText(values.valor_m2),
      estoque: decimalText(values.estoque),
      estoque_minimo: decimalText(values.estoque_minimo),
    },
    ctx,
    opts,
  );

interface Opcao {
  id: string;
  nome: string;
}

export function ProdutoForm({
  produto,
  onDone,
  onCancel,
}: {
  produto: Produto | null;
  onDone: () => void;
  onCancel: () => void;
}) {
  const editing = !!produto;
  const qc = useQueryClient();
  // one key per record to create: a "Salvar" pressed again after a dropped connection reuses it
  const idem = useIdempotencyKey();
  // a stale-write 409 offers to reload the record (inside <FreshRecord>)
  const reportConflict = useReportConflict();
  const { register, handleSubmit, setError, setValue, getValues, watch, formState } = useForm<FormValues>({
    resolver,
    defaultValues: valuesOf(produto),
  });
  const errors = formState.errors;
  const tipoUnidade = watch('tipo_unidade');

  const categorias = useQuery({
    queryKey: ['categorias-produtos', 'opcoes'],
    queryFn: ({ signal }) => api.get<Opcao[]>('/categorias-produtos/opcoes', signal),
  });
  const fornecedores = useQuery({
    queryKey: ['fornecedores', 'opcoes'],
    queryFn: ({ signal }) => api.get<Opcao[]>('/fornecedores/opcoes', signal),
  });
  // A product keeps showing its own category/supplier even if the short option list leaves it out.
  const categoriaOpcoes = withCurrent(categorias.data, produto?.categoria, produto?.categoria);
  const fornecedorOpcoes = withCurrent(fornecedores.data, produto?.fornecedor_id, produto?.fornecedor_nome);

  const salvar = useMutation({
    mutationFn: (v: FormValues) =>
      editing
        ? api.patch<Produto>(`/produtos/${produto.id}`, { ...v, updated_at: produto.updated_at })
        : api.post<Produto>('/produtos', v, { idempotencyKey: idem.key }),
    onSuccess: () => {
      idem.renew();
      if (editing) toastSuccess('Produto atualizado com sucesso!');
      else toastSuccess('Produto salvo com sucesso!', 'O produto foi adicionado ao sistema.');
      void qc.invalidateQueries({ queryKey: ['produtos'] });
      void qc.invalidateQueries({ queryKey: ['categorias-produtos'] });
      onDone();
    },
    onError: (err) => {
      reportConflict(err);
      if (err instanceof ApiError) {
        for (const f of err.errors) {
          if ((FIELDS as string[]).includes(f.path))
            setError(f.path as keyof FormValues, { message: f.message });
        }
      }
      toastError(editing ? 'Erro ao atualizar produto' : 'Erro ao salvar produto', err);
    },
  });

  const unidadeLabel = tipoUnidade === 'm²' ? 'R$/m²' : 'R$/un';
  const err = (k: keyof FormValues) => errors[k]?.message;

  return (
    <Card>
      <CardHeader>
        <CardTitle>{editing ? 'Editar Produto' : 'Novo Produto'}</CardTitle>
        <CardDescription>
          {editing ? `Altere os dados de ${produto.nome}.` : 'Cadastre um material com seu preço e estoque.'}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form
          className="grid gap-4 md:grid-cols-2"
          onSubmit={handleSubmit((v) => salvar.mutateAsync(v).catch(() => {}))}
          noValidate
        >
          <FormField id="p-nome" label="Nome" required error={err('nome')} className="md:col-span-2">
            <Input {...fieldA11y('p-nome', err('nome'))} autoComplete="off" {...register('nome')} />
          </FormField>
          <FormField
            id="p-categoria"
            label="Categoria"
            required
            error={err('categoria')}
            hint={
              categorias.data && categorias.data.length === 0
                ? 'Cadastre uma categoria na aba Categorias.'
                : undefined
            }
          >
            <NativeSelect {...fieldA11y('p-categoria', err('categoria'))} {...register('categoria')}>
              <option value="">{categorias.isPending ? 'Carregando...' : 'Selecione a categoria'}</option>
              {categoriaOpcoes.map((c) => (
                <option key={c.id} value={c.nome}>
                  {c.nome}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <FormField
            id="p-fornecedor"
            label="Fornecedor"
            error={err('fornecedor_id')}
            hint={fornecedores.isError ? 'Não foi possível carregar os fornecedores.' : undefined}
          >
            <NativeSelect {...fieldA11y('p-fornecedor', err('fornecedor_id'))} {...register('fornecedor_id')}>
              <option value="">Nenhum</option>
              {fornecedorOpcoes.map((f) => (
                <option key={f.id} value={f.id}>
                  {f.nome}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <FormField id="p-tipo-unidade" label="Tipo de unidade" error={err('tipo_unidade')}>
            <NativeSelect
              {...fieldA11y('p-tipo-unidade', err('tipo_unidade'))}
              {...register('tipo_unidade', {
                onChange: (e) => {
                  // keep the free-text unit in step while it still holds the other type's default
                  const u = getValues('unidade');
                  if (e.target.value === 'unitário' && u === 'm²') setValue('unidade', 'un');
                  if (e.target.value === 'm²' && u === 'un') setValue('unidade', 'm²');
                },
              })}
            >
              {TIPOS_UNIDADE.map((t) => (
                <option key={t} value={t}>
                  {t}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <FormField id="p-valor" label={`Valor (${unidadeLabel})`} required error={err('valor_m2')}>
            <Input
              {...fieldA11y('p-valor', err('valor_m2'))}
              inputMode="decimal"
              placeholder="0,00"
              autoComplete="off"
              {...register('valor_m2')}
            />
          </FormField>
          <FormField id="p-estoque" label="Estoque" error={err('estoque')}>
            <Input {...fieldA11y('p-estoque', err('estoque'))} inputMode="decimal" {...register('estoque')} />
          </FormField>
          <FormField id="p-estoque-minimo" label="Estoque mínimo" error={err('estoque_minimo')}>
            <Input
              {...fieldA11y('p-estoque-minimo', err('estoque_minimo'))}
              inputMode="decimal"
              {...register('estoque_minimo')}
            />
          </FormField>
          <FormField id="p-unidade" label="Unidade" error={err('unidade')}>
            <Input {...fieldA11y('p-unidade', err('unidade'))} autoComplete="off" {...register('unidade')} />
          </FormField>
          <FormField id="p-descricao" label="Descrição" error={err('descricao')} className="md:col-span-2">
            <Textarea {...fieldA11y('p-descricao', err('descricao'))} rows={3} {...register('descricao')} />
          </FormField>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end md:col-span-2">
            <Button variant="outline" onClick={onCancel} disabled={salvar.isPending}>
              Cancelar
            </Button>
            <Button type="submit" disabled={salvar.isPending || formState.isSubmitting}>
              {salvar.isPending ? 'Salvando...' : editing ? 'Salvar Alterações' : 'Salvar Produto'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

function withCurrent(
  list: Opcao[] | undefined,
  id: string | null | undefined,
  nome: string | null | undefined,
) {
  const opts = list ?? [];
  if (!id || !nome || opts.some((o) => o.id === id || o.nome === id)) return opts;
  return [{ id, nome }, ...opts];
}
