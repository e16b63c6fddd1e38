import { useQuery } from '@tanstack/react-query';
import { FileDown, FileText } from 'lucide-react';
import { STATUS_NOTA_FISCAL_LABEL } from '../../../schemas/notas-fiscais';
import { useAuth } from '../../app/auth';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { formatMoney } from '../../lib/format';
import { previaNfeOptions, useEmissao } from './api';
import { CartasCorrecao } from './cartas-correcao';
import { CancelamentoForm, Pendencias } from './emissao';
import { EnviarNota } from './enviar-nota';
import { NfseVenda } from './nfse-venda';
import { STATUS_BADGE } from './status-badge';

export { STATUS_BADGE };

/**
 * The sale's "Nota fiscal" (issue 30): its status, the review before "Emitir NF-e" (items and totals,
 * or each missing fiscal field with a link to where it is set), DANFE/XML, cancellation and the
 * cartas de correção; below, the installation's NFS-e when the sale has one.
 */
export function NotaFiscalVenda({ vendaId }: { vendaId: string }) {
  const { can } = useAuth();
  const previa = useQuery({ ...previaNfeOptions(vendaId), enabled: can('financeiro') });
  const emissao = useEmissao('nfe', vendaId, () => void previa.refetch());
  if (!can('financeiro')) return null;
  if (previa.isPending) return <p className="text-sm text-muted-foreground">Carregando a nota fiscal…</p>;
  if (previa.isError)
    return <p className="text-sm text-destructive">Não foi possível carregar a nota fiscal.</p>;
  const p = previa.data;
  const nota = p.nota_atual;
  const podeEmitir = !nota || nota.status === 'rejeitada';
  // min-w-0 and overflow-wrap: long names, addresses and keys wrap at 390 px instead of widening the page
  return (
    <section
      aria-labelledby="nota-fiscal-titulo"
      className="flex min-w-0 flex-col gap-3 rounded-md border p-3 [overflow-wrap:anywhere]"
    >
      <div className="flex flex-wrap items-center gap-2">
        <h3 id="nota-fiscal-titulo" className="font-semibold">
          Nota fiscal
        </h3>
        {nota ? (
          <Badge variant={STATUS_BADGE[nota.status]}>
            {STATUS_NOTA_FISCAL_LABEL[nota.status]} · NF-e {nota.serie}/{nota.numero}
          </Badge>
        ) : (
          <Badge variant="gray">Não emitida</Badge>
        )}
        {p.ambiente === 'homologacao' && <Badge variant="blue">Homologação</Badge>}
      </div>
      {nota?.status === 'rejeitada' && nota.mensagem_sefaz && (
        <p role="alert" className="text-sm text-destructive">
          {nota.codigo_sefaz ? `SEFAZ ${nota.codigo_sefaz}: ` : ''}
          {nota.mensagem_sefaz}
        </p>
      )}
      {nota?.status === 'autorizada' && (
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline" size="sm">
            <a href={`/api/notas-fiscais/${nota.id}/danfe`} download>
              <FileDown /> DANFE
            </a>
          </Button>
          <Button asChild variant="outline" size="sm">
            <a href={`/api/notas-fiscais/${nota.id}/xml`} download>
              <FileText /> XML
            </a>
          </Button>
          <Button variant="outline" size="sm" onClick={() => emissao.setCancelando((v) => !v)}>
            Cancelar NF-e
          </Button>
        </div>
      )}
      {nota?.status === 'autorizada' && <EnviarNota nota={nota} destinatario={p.destinatario} />}
      {nota && (nota.status === 'autorizada' || nota.status === 'cancelada') && (
        <CartasCorrecao notaId={nota.id} podeEnviar={nota.status === 'autorizada'} />
      )}
      {nota?.status === 'autorizada' && emissao.cancelando && (
        <CancelamentoForm
          emissao={emissao}
          notaId={nota.id}
          id="nf-justificativa"
          label="Justificativa (ao menos 15 caracteres; até 24 h após a autorização)"
          confirmar="Confirmar cancelamento"
        />
      )}
      {podeEmitir && p.pendencias.length > 0 && (
        <Pendencias titulo="Antes de emitir, complete:" pendencias={p.pendencias} />
      )}
      {podeEmitir && p.pendencias.length === 0 && !emissao.revisando && (
        <Button size="sm" className="self-start" onClick={() => emissao.setRevisando(true)}>
          Emitir NF-e
        </Button>
      )}
      {podeEmitir && p.pendencias.length === 0 && emissao.revisando && (
        <div className="flex flex-col gap-2 text-sm">
          <p>
            Destinatário: {p.destinatario.nome} ({p.destinatario.documento}) — {p.destinatario.endereco},{' '}
            {p.destinatario.cidade}/{p.destinatario.uf}
          </p>
          <table className="w-full table-fixed text-left">
            <thead>
              <tr>
                <th className="w-2/5">Item</th>
                <th className="text-right">Qtd.</th>
                <th className="text-right">Unitário</th>
                <th className="text-right">Total</th>
              </tr>
            </thead>
            <tbody>
              {p.itens.map((i) => (
                <tr key={i.numero}>
                  <td>
                    {i.descricao} <span className="text-muted-foreground">NCM {i.ncm}</span>
                  </td>
                  <td className="text-right">
                    {i.quantidade.toLocaleString('pt-BR', { maximumFractionDigits: 4 })}{' '}
                    {i.unidade === 'M2' ? 'm²' : 'un.'}
                  </td>
                  <td className="text-right">{formatMoney(i.valor_unitario)}</td>
                  <td className="text-right">{formatMoney(i.valor_total)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p>
            Produtos {formatMoney(p.totais.produtos)} · Frete {formatMoney(p.totais.frete)}
            {p.totais.desconto > 0 ? ` · Desconto ${formatMoney(p.totais.desconto)}` : ''} ·{' '}
            <strong>Total da NF-e {formatMoney(p.totais.nota)}</strong>
          </p>
          <div className="flex gap-2">
            <Button variant="outline" size="sm" onClick={() => emissao.setRevisando(false)}>
              Voltar
            </Button>
            <Button size="sm" disabled={emissao.emitir.isPending} onClick={() => emissao.emitir.mutate()}>
              Confirmar e emitir
            </Button>
          </div>
        </div>
      )}
      <NfseVenda vendaId={vendaId} />
    </section>
  );
}
