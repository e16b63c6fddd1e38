import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useRef } from 'react';
import { pendenciasFiscais, type TipoNota } from '../../../domain/pendencias-fiscais';
import { type EmpresaInput, empresaUpdate } from '../../../schemas/empresa';
import {
  AMBIENTE_LABEL,
  FISCAL_AMBIENTES,
  FISCAL_PROVEDORES,
  PROVEDOR_LABEL,
  REGIME_LABEL,
  REGIMES_TRIBUTARIOS,
} from '../../../schemas/fiscal';
import { EnderecoFields } from '../../components/kit/endereco-fields';
import {
  DocumentoField,
  FormShell,
  SelectField,
  TextareaField,
  TextField,
} from '../../components/kit/form-parts';
import { blankValues, ENDERECO_CAMPOS, textValues } from '../../components/kit/form-values';
import { useResourceForm } from '../../components/kit/use-resource-form';
import { Button } from '../../components/ui/button';
import { Card, CardContent, TitledCard } from '../../components/ui/card';
import { PageHeader } from '../../components/ui/page-header';
import { ApiError, toastError, toastSuccess } from '../../lib/api';
import { client, json } from '../../lib/client';
import { maskTelefone } from '../../lib/masks';
import type { Empresa } from '../../lib/resources';
import { MunicipioField } from '../fiscal/campos-fiscais';
import { empresaKeys } from './api';

type EmpresaRecord = Omit<Empresa, 'id'> & { id: string };

// The company's text fields (null in the row → an empty input).
const CAMPOS = [
  'cnpj',
  ...ENDERECO_CAMPOS,
  'telefone',
  'whatsapp',
  'email',
  'termos',
  'instrucoes_pagamento',
  'chave_pix',
  'inscricao_estadual',
  'inscricao_municipal',
  'municipio_ibge',
  'nfse_codigo_servico',
  'nfse_item_lista',
] as const;

// The provider's secrets are write-only: the form starts them empty ("definida" shows they are set) and
// an empty field keeps what is saved.
const SEGREDOS = { fiscal_api_key: '', fiscal_empresa_id: '' };

const EMPTY: EmpresaInput = {
  nome: '',
  ...blankValues(CAMPOS),
  validade_dias: 15,
  venda_automatica: true,
  comissoes_como_orcamento: false,
  regime_tributario: '',
  nfe_serie: 1,
  nfe_proximo_numero: 1,
  nfse_aliquota_iss: '',
  fiscal_provedor: '',
  fiscal_ambiente: 'homologacao',
  ...SEGREDOS,
  updated_at: '',
};

const valuesOf = (e: EmpresaRecord): EmpresaInput => ({
  nome: e.nome,
  ...textValues(e, CAMPOS),
  validade_dias: e.validade_dias,
  venda_automatica: e.venda_automatica,
  comissoes_como_orcamento: e.comissoes_como_orcamento,
  regime_tributario: e.regime_tributario ?? '',
  nfe_serie: e.nfe_serie,
  nfe_proximo_numero: e.nfe_proximo_numero,
  nfse_aliquota_iss:
    typeof e.nfse_aliquota_iss === 'number' ? String(e.nfse_aliquota_iss).replace('.', ',') : '',
  fiscal_provedor: e.fiscal_provedor ?? '',
  fiscal_ambiente: e.fiscal_ambiente,
  ...SEGREDOS,
  updated_at: e.updated_at,
});

const NOME_NOTA: Record<TipoNota, string> = { nfe: 'NF-e', nfse: 'NFS-e da instalação' };

/**
 * What the saved company still lacks for each kind of invoice, by the same rules the emission applies
 * (domain/pendencias-fiscais.ts); the client's and the products' fields are asked on the sale.
 */
function FaltamNaEmpresa({ empresa }: { empresa: EmpresaRecord }) {
  const faltam = (['nfe', 'nfse'] as const).map((tipo) => ({
    tipo,
    itens: pendenciasFiscais({
      tipo,
      empresa: { ...empresa, credenciais_definidas: empresa.fiscal_credenciais_definidas },
    }),
  }));
  if (faltam.every((f) => f.itens.length === 0)) return null;
  return (
    <div className="mt-2 grid gap-1 text-sm" data-testid="empresa-pendencias-fiscais">
      {faltam
        .filter((f) => f.itens.length > 0)
        .map((f) => (
          <div key={f.tipo}>
            <p className="font-medium">Para emitir a {NOME_NOTA[f.tipo]}, falta:</p>
            <ul className="list-disc pl-5">
              {f.itens.map((i) => (
                <li key={i.campo}>{i.mensagem}</li>
              ))}
            </ul>
          </div>
        ))}
    </div>
  );
}

/**
 * Dados fiscais (issue 30): what the NF-e carries about the shop and how Lavra reaches the fiscal
 * provider. Saved with the rest of the company (one PUT); the API key and the company id are never
 * shown back, only that they are set.
 */
function DadosFiscais({ f, empresa }: { f: EmpresaForm; empresa: EmpresaRecord | undefined }) {
  const definidas = empresa?.fiscal_credenciais_definidas ?? false;
  const segredo = definidas ? 'definida (deixe em branco para manter)' : undefined;
  const uf = f.form.watch('uf');
  return (
    <section
      aria-labelledby="dados-fiscais-titulo"
      className="grid gap-4 rounded-lg border p-4 md:col-span-2 md:grid-cols-2"
    >
      <div className="md:col-span-2">
        <h2 id="dados-fiscais-titulo" className="text-base font-semibold">
          Dados fiscais
        </h2>
        <p className="text-sm text-muted-foreground">
          Usados na emissão da NF-e e da NFS-e da instalação pelo provedor fiscal. Comece pelo ambiente de
          homologação (testes).
        </p>
        {empresa && <FaltamNaEmpresa empresa={empresa} />}
      </div>
      <SelectField
        f={f}
        name="regime_tributario"
        label="Regime tributário"
        placeholder="Selecione o regime"
        options={REGIMES_TRIBUTARIOS}
        optionLabel={(r) => REGIME_LABEL[r]}
      />
      <TextField
        f={f}
        name="inscricao_estadual"
        label="Inscrição estadual"
        inputMode="numeric"
        maxLength={20}
      />
      <TextField f={f} name="inscricao_municipal" label="Inscrição municipal" maxLength={25} />
      <MunicipioField
        f={f}
        name="municipio_ibge"
        label="Município (IBGE)"
        uf={uf}
        nomeAtual={empresa?.municipio_ibge && empresa.cidade ? `${empresa.cidade}/${empresa.uf ?? ''}` : null}
        hint="Da lista do IBGE, na UF do endereço."
      />
      <TextField
        f={f}
        name="nfe_serie"
        label="Série da NF-e"
        type="number"
        inputMode="numeric"
        min={1}
        max={999}
      />
      <TextField
        f={f}
        name="nfe_proximo_numero"
        label="Próximo número da NF-e"
        type="number"
        inputMode="numeric"
        min={1}
      />
      <TextField
        f={f}
        name="nfse_codigo_servico"
        label="Código do serviço no município (NFS-e)"
        maxLength={20}
        hint="O código da instalação na lista da prefeitura."
      />
      <TextField
        f={f}
        name="nfse_item_lista"
        label="Item da lista de serviços (LC 116)"
        maxLength={5}
        placeholder="07.02"
      />
      <TextField
        f={f}
        name="nfse_aliquota_iss"
        label="Alíquota do ISS (%)"
        inputMode="decimal"
        maxLength={5}
        placeholder="5,00"
        hint="De 2 a 5%, como na lei do município."
      />
      <SelectField
        f={f}
        name="fiscal_provedor"
        label="Provedor"
        placeholder="Nenhum"
        options={FISCAL_PROVEDORES}
        optionLabel={(p) => PROVEDOR_LABEL[p]}
      />
      <SelectField
        f={f}
        name="fiscal_ambiente"
        label="Ambiente"
        options={FISCAL_AMBIENTES}
        optionLabel={(a) => AMBIENTE_LABEL[a]}
      />
      <TextField
        f={f}
        name="fiscal_api_key"
        label="Chave de API do provedor"
        type="password"
        autoComplete="new-password"
        placeholder={segredo}
        hint={definidas ? 'Definida.' : undefined}
      />
      <TextField
        f={f}
        name="fiscal_empresa_id"
        label="ID da empresa no provedor"
        type="password"
        autoComplete="new-password"
        placeholder={segredo}
        hint={definidas ? 'Definido.' : undefined}
      />
    </section>
  );
}

/** The logo: shown as stored, replaced by a PNG/JPEG/WebP the server re-encodes. */
function Logo({ empresa }: { empresa: EmpresaRecord | undefined }) {
  const qc = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const upload = useMutation({
    mutationFn: async (file: File) => {
      const res = await fetch('/api/empresa/logo', {
        method: 'PUT',
        credentials: 'same-origin',
        headers: { 'content-type': file.type || 'application/octet-stream' },
        body: file,
      });
      if (!res.ok) {
        const p = (await res.json().catch(() => ({}))) as { title?: string; detail?: string };
        throw new ApiError(res.status, p.title ?? 'Erro', p.detail ?? 'Não foi possível enviar o logotipo.');
      }
    },
    onSuccess: () => {
      toastSuccess('Logotipo atualizado!');
      void qc.invalidateQueries({ queryKey: empresaKeys.all });
    },
    onError: (err) => toastError('Erro ao enviar logotipo', err),
    onSettled: () => {
      if (input.current) input.current.value = '';
    },
  });
  const remove = useMutation({
    mutationFn: () => json(client.empresa.logo.$delete()),
    onSuccess: () => void qc.invalidateQueries({ queryKey: empresaKeys.all }),
    onError: (err) => toastError('Erro ao remover logotipo', err),
  });
  const logo = empresa?.logo;
  return (
    <TitledCard title="Logotipo" contentClassName="flex flex-wrap items-center gap-4">
      {logo ? (
        <img
          src={`/api/empresa/logo?v=${encodeURIComponent(logo.updated_at)}`}
          alt="Logotipo atual da empresa"
          className="h-20 max-w-48 rounded border object-contain p-1"
        />
      ) : (
        <p className="text-sm text-muted-foreground">Nenhum logotipo enviado.</p>
      )}
      <div className="grid min-w-0 gap-1">
        <label htmlFor={id} className="text-sm font-medium">
          Enviar logotipo (PNG, JPEG ou WebP, até 1 MB)
        </label>
        <input
          id={id}
          ref={input}
          type="file"
          // a file input's own width (≈ 400 px with its button and text) pushed a phone's page sideways
          className="w-full min-w-0 max-w-full text-sm"
          accept="image/png,image/jpeg,image/webp"
          disabled={upload.isPending}
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) upload.mutate(file);
          }}
        />
      </div>
      {logo && (
        <Button variant="outline" disabled={remove.isPending} onClick={() => remove.mutate()}>
          Remover logotipo
        </Button>
      )}
    </TitledCard>
  );
}

/**
 * Empresa (permission configuracoes): the identity on every printout, PDF and customer link, the
 * quotes' default validity, the terms the customer accepts, the payment instructions and whether an
 * approval by the customer generates the sale by itself.
 */
type EmpresaForm = ReturnType<typeof useEmpresaForm>;

function useEmpresaForm() {
  return useResourceForm({
    recurso: 'empresa',
    endpoint: client.empresa,
    singleton: true,
    schema: empresaUpdate,
    id: 'atual',
    empty: EMPTY,
    valuesOf,
    messages: {
      created: 'Dados da empresa salvos!',
      updated: 'Dados da empresa salvos!',
      createError: 'Erro ao salvar os dados da empresa',
      updateError: 'Erro ao salvar os dados da empresa',
    },
  });
}

export default function EmpresaPage() {
  const f = useEmpresaForm();
  const { register } = f.form;
  return (
    <div className="grid gap-4">
      <PageHeader
        title="Empresa"
        subtitle="Identidade da empresa nos orçamentos, PDFs e links enviados ao cliente"
      />
      <Logo empresa={f.record as EmpresaRecord | undefined} />
      <Card>
        <CardContent className="pt-4 md:pt-6">
          <FormShell
            f={f}
            label="Dados da Empresa"
            loadingText="Carregando dados da empresa..."
            submitLabel="Salvar"
          >
            <div className="grid gap-4 md:grid-cols-2">
              <TextField
                f={f}
                name="nome"
                label="Nome"
                required
                maxLength={200}
                fieldClassName="md:col-span-2"
              />
              <DocumentoField f={f} name="cnpj" tipo="Pessoa Jurídica" />
              <TextField f={f} name="email" label="E-mail" type="email" />
              <TextField
                f={f}
                name="telefone"
                label="Telefone"
                type="tel"
                inputMode="tel"
                mask={maskTelefone}
              />
              <TextField
                f={f}
                name="whatsapp"
                label="WhatsApp"
                type="tel"
                inputMode="tel"
                mask={maskTelefone}
              />
              <EnderecoFields f={f} />
              <TextField
                f={f}
                name="validade_dias"
                label="Validade padrão do orçamento (dias)"
                type="number"
                inputMode="numeric"
                min={1}
                max={365}
              />
              <TextField f={f} name="chave_pix" label="Chave Pix" maxLength={140} />
              <TextareaField
                f={f}
                name="instrucoes_pagamento"
                label="Instruções de pagamento"
                rows={3}
                fieldClassName="md:col-span-2"
              />
              <TextareaField
                f={f}
                name="termos"
                label="Termos e condições"
                rows={6}
                hint="O cliente aceita estes termos ao aprovar o orçamento."
                fieldClassName="md:col-span-2"
              />
              <label className="flex items-center gap-2 text-sm md:col-span-2">
                <input type="checkbox" className="size-4" {...register('venda_automatica')} />
                Gerar venda automaticamente na aprovação
              </label>
              <label className="flex items-start gap-2 text-sm md:col-span-2">
                <input type="checkbox" className="mt-0.5 size-4" {...register('comissoes_como_orcamento')} />
                <span>
                  Comissões da venda: como no orçamento
                  <span className="block text-muted-foreground">
                    Desmarcado, a venda calcula taxa do cartão e comissões sobre o valor total (fórmula
                    padrão); marcado, registra os valores que o orçamento mostrou.
                  </span>
                </span>
              </label>
              <DadosFiscais f={f} empresa={f.record as EmpresaRecord | undefined} />
            </div>
          </FormShell>
        </CardContent>
      </Card>
    </div>
  );
}
