import {
  type Control,
  Controller,
  type FieldPath,
  type UseFormRegister,
  type UseFormReturn,
  useWatch,
} from 'react-hook-form';
import { rotuloCartao } from '../../../schemas/cartoes';
import { textoDinheiro } from '../../../schemas/common';
import { LIMITES, MAX_OBSERVACOES, TIPO_VENDA_LABEL, TIPOS_VENDA } from '../../../schemas/orcamentos';
import { Options, RecordOptions } from '../../components/kit/form-parts';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Checkbox } from '../../components/ui/checkbox';
import { FormField } from '../../components/ui/form-field';
import { Input, Label, NativeSelect, Textarea } from '../../components/ui/input';
import { Loading } from '../../components/ui/states';
import { parseNumberInput } from '../../lib/format';
import { useOpcoes } from './api';
import { CalculoProvider, type Erros, useErro } from './calculo';
import type { OrcamentoForm } from './form';
import { ItensEditor } from './itens';
import { erroA11y, numeroMascarado } from './numero';
import { ResumoPanel } from './resumo';
import { ClienteSelect, PessoaSelect } from './selects';

const asNumber = {
  setValueAs: (v: unknown) => (typeof v === 'number' ? v : parseNumberInput(String(v ?? ''))),
};
/** R$ typed as "4.400,00" (or "4400,00", "4400.00"): 4400. */
const asDinheiro = {
  setValueAs: (v: unknown) =>
    typeof v === 'number' ? v : parseNumberInput(textoDinheiro(String(v ?? '')).replace('.', ',')),
};

function Secao({ n, title, children }: { n: number; title: string; children: React.ReactNode }) {
  const id = `orcamento-secao-${n}`;
  return (
    <Card role="region" aria-labelledby={id}>
      <CardHeader>
        <CardTitle id={id}>
          {n}. {title}
        </CardTitle>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

/**
 * A number field of the quote with its mask, bounds and the message of the server's rule it breaks
 * (`path` is the API's field name, as in the problem+json `errors[].path`).
 */
function CampoNumero({
  id,
  label,
  path,
  casas,
  max,
  step,
  dinheiro = false,
  register,
}: {
  id: string;
  label: string;
  path: FieldPath<OrcamentoForm>;
  casas: number;
  /** An amount in R$, typed as text "4.400,00" (a number field refuses it in a pt-BR browser). */
  dinheiro?: boolean;
  max: number;
  step: string;
  register: UseFormRegister<OrcamentoForm>;
}) {
  const erro = useErro(path);
  return (
    <FormField id={id} label={label} error={erro}>
      {dinheiro ? (
        <Input
          id={id}
          inputMode="decimal"
          autoComplete="off"
          placeholder="0,00"
          {...erroA11y(id, erro)}
          {...numeroMascarado(register(path, asDinheiro), casas, true)}
        />
      ) : (
        <Input
          id={id}
          type="number"
          inputMode="decimal"
          step={step}
          min="0"
          max={max}
          {...erroA11y(id, erro)}
          {...numeroMascarado(register(path, asNumber), casas)}
        />
      )}
    </FormField>
  );
}

type CampoNumeroProps = Omit<Parameters<typeof CampoNumero>[0], 'register'>;

/** Section 4: freight, installation, hours and margin, each with its bounds. */
const CUSTOS: CampoNumeroProps[] = [
  {
    id: 'orcamento-frete',
    label: 'Frete (R$)',
    path: 'valor_frete',
    casas: 2,
    max: LIMITES.valor.max,
    step: '0.01',
    dinheiro: true,
  },
  {
    id: 'orcamento-instalacao',
    label: 'Instalação (R$)',
    path: 'valor_instalacao',
    casas: 2,
    max: LIMITES.valor.max,
    step: '0.01',
    dinheiro: true,
  },
  {
    id: 'orcamento-horas',
    label: 'Horas de Trabalho',
    path: 'horas_trabalho',
    casas: 2,
    max: LIMITES.horas_trabalho.max,
    step: '0.5',
  },
  {
    id: 'orcamento-margem',
    label: 'Margem de Lucro %',
    path: 'margem_lucro',
    casas: 3,
    max: LIMITES.margem_lucro.max,
    step: '0.1',
  },
];

/** Seller or architect: the option's id in `<x>_id`, its name in `<x>_nome` (shown before options load). */
function CampoPessoa({
  form,
  recurso,
  label,
}: {
  form: UseFormReturn<OrcamentoForm>;
  recurso: 'vendedores' | 'arquitetos';
  label: string;
}) {
  const campo = recurso === 'vendedores' ? 'vendedor' : 'arquiteto';
  const id = `orcamento-${campo}`;
  return (
    <Controller
      control={form.control}
      name={`${campo}_id`}
      render={({ field }) => (
        <FormField id={id} label={label}>
          <PessoaSelect
            recurso={recurso}
            id={id}
            value={field.value}
            selectedLabel={form.getValues(`${campo}_nome`)}
            onChange={(v, nome) => {
              field.onChange(v);
              form.setValue(`${campo}_nome`, nome);
            }}
          />
        </FormField>
      )}
    />
  );
}

/** The quote editor: sections 1–6 of the spec's "Novo Orçamento" tab. */
export function OrcamentoEditor({
  form,
  errosSalvar,
}: {
  form: UseFormReturn<OrcamentoForm>;
  /** Fields the last save was refused for, by API path. */
  errosSalvar?: Erros;
}) {
  const { control, register, setValue } = form;
  return (
    <CalculoProvider control={control} errosSalvar={errosSalvar}>
      <div className="flex flex-col gap-4 md:gap-6">
        <Secao n={1} title="Dados do Cliente">
          <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
            <Controller
              control={control}
              name="cliente_id"
              render={({ field }) => (
                <CampoCliente>
                  {(erro) => (
                    <ClienteSelect
                      id="orcamento-cliente"
                      {...erroA11y('orcamento-cliente', erro)}
                      value={field.value}
                      selectedLabel={form.getValues('cliente_nome')}
                      onChange={(id, nome) => {
                        field.onChange(id);
                        setValue('cliente_nome', nome);
                      }}
                    />
                  )}
                </CampoCliente>
              )}
            />
            <CampoPessoa form={form} recurso="vendedores" label="Vendedor Responsável" />
            <CampoPessoa form={form} recurso="arquitetos" label="Arquiteto Responsável" />
            <FormField id="orcamento-data" label="Data do Orçamento">
              <Input id="orcamento-data" type="date" {...register('data')} />
            </FormField>
            <FormField id="orcamento-validade" label="Validade">
              <Input id="orcamento-validade" type="date" {...register('validade')} />
            </FormField>
            <Funcionarios control={control} />
          </div>
        </Secao>

        <Secao n={2} title="Itens do Orçamento">
          <ItensEditor control={control} register={register} setValue={setValue} />
        </Secao>

        <div className="grid gap-4 md:gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(18rem,24rem)] lg:items-start">
          <div className="flex min-w-0 flex-col gap-4 md:gap-6">
            <Secao n={3} title="Forma de Pagamento">
              <Pagamento form={form} />
            </Secao>
            <Secao n={4} title="Custos Adicionais">
              <div className="grid gap-4 sm:grid-cols-2">
                {CUSTOS.map((c) => (
                  <CampoNumero key={c.path} {...c} register={register} />
                ))}
              </div>
            </Secao>

            <Secao n={5} title="Observações">
              <Label htmlFor="orcamento-observacoes" className="sr-only">
                Observações
              </Label>
              <Textarea
                id="orcamento-observacoes"
                rows={3}
                maxLength={MAX_OBSERVACOES}
                placeholder="Observações do orçamento (aparecem na impressão)"
                {...register('observacoes')}
              />
            </Secao>
          </div>
          {/* Beside the form on wide screens and kept in view while scrolling. */}
          <div className="lg:sticky lg:top-4">
            <Secao n={6} title="Resumo do Orçamento">
              <ResumoPanel />
            </Secao>
          </div>
        </div>
      </div>
    </CalculoProvider>
  );
}

/** The client field, marked when saving was refused for it (the combobox takes the aria link). */
function CampoCliente({ children }: { children: (erro: string | undefined) => React.ReactNode }) {
  const erro = useErro('cliente_id');
  return (
    <FormField id="orcamento-cliente" label="Cliente" required error={erro}>
      {children(erro)}
    </FormField>
  );
}

function Funcionarios({ control }: { control: Control<OrcamentoForm> }) {
  const query = useOpcoes('funcionarios');
  const salvos = useWatch({ control, name: 'funcionarios_salvos' });
  const ativos = query.data ?? [];
  // A saved quote may name someone no longer active: still shown, so unticking them is possible.
  const lista = [...ativos, ...(salvos ?? []).filter((s) => !ativos.some((a) => a.id === s.id))];
  return (
    <Controller
      control={control}
      name="funcionario_ids"
      render={({ field }) => (
        <fieldset className="flex flex-col gap-1.5 md:col-span-2 xl:col-span-3">
          <legend className="mb-1.5 text-sm font-medium">Funcionários</legend>
          <div className="max-h-48 overflow-y-auto rounded-md border p-2">
            {query.isLoading ? (
              <Loading text="Carregando funcionários..." className="py-4" />
            ) : lista.length === 0 ? (
              <p className="py-3 text-center text-sm text-muted-foreground">Nenhum funcionário ativo.</p>
            ) : (
              <ul className="grid gap-1 sm:grid-cols-2 xl:grid-cols-3">
                {lista.map((f) => {
                  const cid = `orcamento-func-${f.id}`;
                  const checked = field.value.includes(f.id);
                  return (
                    <li key={f.id} className="flex items-center gap-2 rounded px-1 py-1 hover:bg-muted/50">
                      <Checkbox
                        id={cid}
                        checked={checked}
                        onCheckedChange={(on) =>
                          field.onChange(
                            on ? [...field.value, f.id] : field.value.filter((v: string) => v !== f.id),
                          )
                        }
                      />
                      <Label htmlFor={cid} className="cursor-pointer font-normal">
                        {f.nome} - {f.cargo}
                      </Label>
                    </li>
                  );
                })}
              </ul>
            )}
          </div>
        </fieldset>
      )}
    />
  );
}

function Pagamento({ form }: { form: UseFormReturn<OrcamentoForm> }) {
  const { control, register } = form;
  const tipo = useWatch({ control, name: 'tipo_venda' });
  const cartaoLabel = useWatch({ control, name: 'cartao_label' });
  const cartaoId = useWatch({ control, name: 'cartao_id' });
  const cartoes = useOpcoes('cartoes');
  const lista = cartoes.data ?? [];
  const salvoInativo = cartaoId && !lista.some((c) => c.id === cartaoId) && cartaoLabel;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <FormField id="orcamento-tipo-venda" label="Tipo de Venda">
        <NativeSelect id="orcamento-tipo-venda" {...register('tipo_venda')}>
          <Options values={TIPOS_VENDA} label={(t) => TIPO_VENDA_LABEL[t]} />
        </NativeSelect>
      </FormField>
      {(tipo === 'parcelado' || tipo === 'entrada') && (
        <FormField id="orcamento-parcelas" label="Número de Parcelas">
          <NativeSelect id="orcamento-parcelas" {...register('numero_parcelas', { valueAsNumber: true })}>
            <Options values={Array.from({ length: 12 }, (_, i) => i + 1)} label={(n) => `${n}x`} />
          </NativeSelect>
        </FormField>
      )}
      {tipo === 'entrada' && (
        <CampoNumero
          id="orcamento-entrada"
          label="Valor da Entrada (R$)"
          path="valor_entrada"
          casas={2}
          max={LIMITES.valor.max}
          step="0.01"
          dinheiro
          register={register}
        />
      )}
      <Controller
        control={control}
        name="cartao_id"
        render={({ field }) => (
          // Controlled: the saved card stays selected even when the options arrive after it.
          <FormField id="orcamento-cartao" label="Tipo de Pagamento">
            <NativeSelect
              id="orcamento-cartao"
              value={field.value}
              onChange={(e) => field.onChange(e.target.value)}
              onBlur={field.onBlur}
            >
              <option value="">Nenhum</option>
              <RecordOptions records={lista} value={(c) => c.id} label={rotuloCartao} />
              {salvoInativo && <option value={cartaoId}>{cartaoLabel}</option>}
            </NativeSelect>
          </FormField>
        )}
      />
    </div>
  );
}
