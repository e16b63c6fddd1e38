import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import type { ComissaoPessoaLinha, ResumoLiberacao } from '../../../schemas/relatorios';
import { useAuth } from '../../app/auth';
import { Badge } from '../../components/ui/badge';
import { TitledCard } from '../../components/ui/card';
import { FormField } from '../../components/ui/form-field';
import { Input, NativeSelect } from '../../components/ui/input';
import { Pagination } from '../../components/ui/pagination';
import { Stat } from '../../components/ui/stat';
import { Empty, Loading } from '../../components/ui/states';
import { MoneyTD, Table, TBody, TD, TH, THead, TR } from '../../components/ui/table';
import { toastError } from '../../lib/api';
import { type AnswerOf, client, json, withSignal } from '../../lib/client';
import { formatDate, formatMoney, formatPercent } from '../../lib/format';
import { comissoesOptions, type Periodo, pessoasOptions, type RecursoComissao } from './api';
import { PagarLiberadoButton, PagarLiberadoDialog, temAPagar } from './pagar-liberado';

type Kind = 'vendedor' | 'arquiteto';

const DETALHE_POR_PAGINA = 50;

type Relatorios = (typeof client)['relatorios'];
type ComissoesVendedores = AnswerOf<Relatorios['comissoes-vendedores']>;
type ComissoesArquitetos = AnswerOf<Relatorios['comissoes-arquitetos']>;

interface Texts {
  recurso: RecursoComissao;
  /** The report of the period, in the shape both kinds share. */
  load: (p: Periodo, signal: AbortSignal) => Promise<Report>;
  pessoa: string;
  todos: string;
  ativos: string;
  total: string;
  vazioResumo: string;
  titulo: string;
}

const TEXTS: Record<Kind, Texts> = {
  vendedor: {
    recurso: 'vendedores',
    load: ({ pessoa, ...p }, signal) =>
      json(
        client.relatorios['comissoes-vendedores'].$get(
          { query: { vendedor_id: pessoa, ...p, limit: DETALHE_POR_PAGINA } },
          withSignal(signal),
        ),
      ).then(deVendedores),
    pessoa: 'Vendedor',
    todos: 'Todos os vendedores',
    ativos: 'Vendedores Ativos',
    total: 'Total em Comissões',
    vazioResumo: 'Nenhum vendedor com comissão encontrado no período selecionado',
    titulo: 'Relatório de Comissão',
  },
  arquiteto: {
    recurso: 'arquitetos',
    load: ({ pessoa, ...p }, signal) =>
      json(
        client.relatorios['comissoes-arquitetos'].$get(
          { query: { arquiteto_id: pessoa, ...p, limit: DETALHE_POR_PAGINA } },
          withSignal(signal),
        ),
      ).then(deArquitetos),
    pessoa: 'Arquiteto',
    todos: 'Todos os arquitetos',
    ativos: 'Arquitetos Ativos',
    total: 'Total em Comissões RT',
    vazioResumo: 'Nenhum arquiteto com comissão encontrado no período selecionado',
    titulo: 'Relatório Comissão RT',
  },
};

/** Both reports in one shape: the person's id and name under neutral keys. */
interface Report {
  /** Commissions released as the customer pays (the Recebimentos setting): the extra columns show. */
  liberacao: boolean;
  resumo: { ativos: number; vendas: number; total: number } & ResumoLiberacao;
  porPessoa: (Omit<ComissaoPessoaLinha, 'pessoa_id'> & { id: string })[];
  vendas: (ComissoesVendedores['vendas'][number] & { pessoa_nome: string | null })[];
  vendasTotal: number;
  page: number;
  limit: number;
}

function deVendedores(v: ComissoesVendedores): Report {
  return {
    liberacao: v.liberacao === true,
    resumo: {
      ...v.resumo,
      ativos: v.resumo.vendedores_ativos,
      vendas: v.resumo.vendas_com_comissao,
      total: v.resumo.total_comissoes,
    },
    porPessoa: v.por_vendedor.map((p) => ({ ...p, id: p.vendedor_id })),
    vendas: v.vendas.map((s) => ({ ...s, pessoa_nome: s.vendedor_nome })),
    vendasTotal: v.vendas_total,
    page: v.page,
    limit: v.limit,
  };
}

function deArquitetos(a: ComissoesArquitetos): Report {
  return {
    liberacao: a.liberacao === true,
    resumo: {
      ...a.resumo,
      ativos: a.resumo.arquitetos_ativos,
      vendas: a.resumo.vendas_com_comissao,
      total: a.resumo.total_comissoes,
    },
    porPessoa: a.por_arquiteto.map((p) => ({ ...p, id: p.arquiteto_id })),
    vendas: a.vendas.map((s) => ({
      ...s,
      vendedor_id: s.arquiteto_id,
      vendedor_nome: s.arquiteto_nome,
      pessoa_nome: s.arquiteto_nome,
    })),
    vendasTotal: a.vendas_total,
    page: a.page,
    limit: a.limit,
  };
}

/**
 * The commission report tab (doc 2 §2 Vendedores; the architects' RT report has the same shape):
 * filters, summary, one line per person and the detail of each sale — all computed by the server.
 */
export function ComissaoReport({ kind }: { kind: Kind }) {
  const t = TEXTS[kind];
  const uid = useId();
  const [pessoa, setPessoa] = useState('');
  const [inicio, setInicio] = useState('');
  const [fim, setFim] = useState('');
  const [page, setPage] = useState(1);
  // The sale whose released commission is being paid: its row is read from the live report, so the
  // dialog shows (and sends) the figure the server computed last.
  const [pagando, setPagando] = useState<string | null>(null);
  // Paying is the sale's commission route: the Vendas permission, as the switch on the sales list.
  const podePagar = useAuth().can('vendas');
  // a new filter starts the detail list over from its first page
  const filtrar = (set: (v: string) => void) => (e: { target: { value: string } }) => {
    set(e.target.value);
    setPage(1);
  };

  // Every person, active or not: a former seller still has commissions in past periods.
  const pessoas = useQuery(pessoasOptions(t.recurso));

  const validRange = !inicio || !fim || inicio <= fim;
  const report = useQuery({
    ...comissoesOptions(t.recurso, { pessoa, inicio, fim, page }, t.load),
    enabled: validRange,
  });
  useEffect(() => {
    if (report.error) toastError('Erro ao carregar relatório', report.error);
  }, [report.error]);

  // A period that ends before it starts has no figures: never leave the previous period's on screen
  // under the error (keepPreviousData would).
  const data = validRange ? report.data : undefined;
  return (
    <div className="flex flex-col gap-4">
      <TitledCard title="Filtros" contentClassName="grid gap-4 sm:grid-cols-3">
        <FormField id={`${uid}-pessoa`} label={t.pessoa}>
          <NativeSelect id={`${uid}-pessoa`} value={pessoa} onChange={filtrar(setPessoa)}>
            <option value="">{t.todos}</option>
            {pessoas.data?.items.map((p) => (
              <option key={p.id} value={p.id}>
                {p.nome}
                {p.status === 'inativo' ? ' (inativo)' : ''}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField id={`${uid}-inicio`} label="Data Início">
          <Input id={`${uid}-inicio`} type="date" value={inicio} onChange={filtrar(setInicio)} />
        </FormField>
        <FormField
          id={`${uid}-fim`}
          label="Data Fim"
          error={validRange ? undefined : 'A Data Fim deve ser igual ou posterior à Data Início.'}
        >
          <Input
            id={`${uid}-fim`}
            type="date"
            value={fim}
            aria-invalid={validRange ? undefined : true}
            aria-describedby={validRange ? undefined : `${uid}-fim-erro`}
            onChange={filtrar(setFim)}
          />
        </FormField>
      </TitledCard>

      {!validRange ? null : report.isPending && !data ? (
        <Loading text="Carregando relatório de comissão..." />
      ) : !data ? null : (
        <>
          <TitledCard title="Resumo">
            <dl className="grid gap-4 sm:grid-cols-3" aria-label="Resumo do relatório">
              <Stat label={t.ativos} big>
                {data.resumo.ativos}
              </Stat>
              <Stat label="Vendas com Comissão" big>
                {data.resumo.vendas}
              </Stat>
              <Stat label={t.total} big className="text-success">
                {formatMoney(data.resumo.total)}
              </Stat>
              {data.liberacao && (
                <>
                  <Stat label="Liberada (recebido)" big testId="resumo-liberada">
                    {formatMoney(data.resumo.total_liberada)}
                  </Stat>
                  <Stat label="Paga" big>
                    {formatMoney(data.resumo.total_paga)}
                  </Stat>
                  <Stat label="A liberar" big>
                    {formatMoney(data.resumo.total_a_liberar)}
                  </Stat>
                  <Stat label="A pagar (liberada, não paga)" big testId="resumo-a-pagar">
                    {formatMoney(data.resumo.total_a_pagar)}
                  </Stat>
                </>
              )}
            </dl>
          </TitledCard>

          <TitledCard title={`Comissões por ${t.pessoa}`}>
            {data.porPessoa.length === 0 ? (
              <Empty text={t.vazioResumo} />
            ) : (
              <Table aria-label={`Comissões por ${t.pessoa.toLowerCase()}`}>
                <THead>
                  <TR>
                    <TH>{t.pessoa}</TH>
                    <TH className="text-right">Comissão (%)</TH>
                    <TH className="text-right">Vendas</TH>
                    <TH className="text-right">Total Comissão</TH>
                    {data.liberacao && (
                      <>
                        <TH className="text-right">Liberada</TH>
                        <TH className="text-right">Paga</TH>
                        <TH className="text-right">A liberar</TH>
                        <TH className="text-right">A pagar</TH>
                      </>
                    )}
                  </TR>
                </THead>
                <TBody>
                  {data.porPessoa.map((p) => (
                    <TR key={p.id}>
                      <TD className="font-medium">{p.nome}</TD>
                      <TD className="text-right">{formatPercent(p.percentual_comissao)}</TD>
                      <TD className="text-right">{p.vendas}</TD>
                      <MoneyTD value={p.total_comissao} className="font-semibold" />
                      {data.liberacao && (
                        <>
                          <MoneyTD value={p.comissao_liberada} />
                          <MoneyTD value={p.comissao_paga_valor} />
                          <MoneyTD value={p.comissao_a_liberar} />
                          <MoneyTD value={p.comissao_a_pagar} />
                        </>
                      )}
                    </TR>
                  ))}
                </TBody>
              </Table>
            )}
          </TitledCard>

          <TitledCard title="Detalhamento das Vendas">
            {data.vendas.length === 0 ? (
              <Empty text="Nenhuma venda com comissão encontrada no período selecionado" />
            ) : (
              <Table aria-label="Detalhamento das Vendas">
                <THead>
                  <TR>
                    <TH>Venda #</TH>
                    <TH>Data</TH>
                    <TH>{t.pessoa}</TH>
                    <TH className="text-right">Valor Bruto</TH>
                    <TH className="text-right">Taxa Cartão</TH>
                    <TH className="text-right">Valor p/ Comissão</TH>
                    <TH className="text-right">Comissão (%)</TH>
                    <TH className="text-right">Valor Comissão</TH>
                    {data.liberacao && (
                      <>
                        <TH className="text-right">Recebido</TH>
                        <TH className="text-right">Liberada</TH>
                        <TH className="text-right">Paga</TH>
                        <TH className="text-right">A liberar</TH>
                        <TH className="text-right">A pagar</TH>
                      </>
                    )}
                    <TH>Status</TH>
                    {data.liberacao && podePagar && (
                      <TH>
                        <span className="sr-only">Ações</span>
                      </TH>
                    )}
                  </TR>
                </THead>
                <TBody>
                  {data.vendas.map((v) => (
                    <TR key={v.id}>
                      <TD className="font-medium">#{v.numero}</TD>
                      <TD>{formatDate(v.data_venda)}</TD>
                      <TD>{v.pessoa_nome ?? 'N/A'}</TD>
                      <MoneyTD value={v.valor_bruto} />
                      <TD className="whitespace-nowrap text-right">
                        {v.valor_taxa ? formatMoney(v.valor_taxa) : '-'}
                      </TD>
                      <MoneyTD value={v.valor_base} />
                      <TD className="text-right">{formatPercent(v.percentual_comissao)}</TD>
                      <MoneyTD value={v.valor_comissao} className="font-semibold" />
                      {data.liberacao && (
                        <>
                          <MoneyTD value={v.valor_recebido} />
                          <MoneyTD value={v.comissao_liberada} />
                          <MoneyTD value={v.comissao_paga_valor} />
                          <MoneyTD value={v.comissao_a_liberar} />
                          <MoneyTD value={v.comissao_a_pagar} />
                        </>
                      )}
                      <TD>
                        <StatusComissao v={v} liberacao={data.liberacao} />
                      </TD>
                      {data.liberacao && podePagar && (
                        <TD>
                          {temAPagar(v) && <PagarLiberadoButton venda={v} onClick={() => setPagando(v.id)} />}
                        </TD>
                      )}
                    </TR>
                  ))}
                </TBody>
              </Table>
            )}
            <Pagination page={data.page} limit={data.limit} total={data.vendasTotal} onPage={setPage} />
            <PagarLiberadoDialog
              kind={kind}
              venda={pagando ? data.vendas.find((v) => v.id === pagando) : undefined}
              onOpenChange={(open) => !open && setPagando(null)}
            />
          </TitledCard>
        </>
      )}
    </div>
  );
}

/**
 * The sale's commission mark. With the release setting on, a sale marked paid whose paid part is
 * still below its commission (more released later, or still to be released) reads "Paga em parte".
 */
function StatusComissao({ v, liberacao }: { v: Report['vendas'][number]; liberacao: boolean }) {
  if (!v.comissao_paga) return <Badge variant="yellow">Pendente</Badge>;
  if (liberacao && (v.comissao_paga_valor ?? 0) < v.valor_comissao) {
    return <Badge variant="yellow">Paga em parte</Badge>;
  }
  return <Badge variant="green">Paga</Badge>;
}
