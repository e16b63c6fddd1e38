import { useQuery } from '@tanstack/react-query';
import { FileDown } from 'lucide-react';
import { STATUS_NOTA_FISCAL_LABEL } from '../../../schemas/notas-fiscais';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { formatMoney } from '../../lib/format';
import { previaNfseOptions, useEmissao } from './api';
import { CancelamentoForm, Pendencias } from './emissao';
import { STATUS_BADGE } from './status-badge';

/**
 * The installation's NFS-e inside the sale's "Nota fiscal" (issue 30): offered only when the sale has
 * an installation value (its review says so); review (value, ISS, tomador) → emit, its status, the PDF and cancellation.
 * The city numbers it, so the badge shows its number once authorised.
 */
export function NfseVenda({ vendaId }: { vendaId: string }) {
  const previa = useQuery(previaNfseOptions(vendaId));
  const emissao = useEmissao('nfse', vendaId, () => void previa.refetch());
  if (previa.isPending) return <p className="text-sm text-muted-foreground">Carregando a NFS-e…</p>;
  if (previa.isError) return <p className="text-sm text-destructive">Não foi possível carregar a NFS-e.</p>;
  const p = previa.data;
  const nota = p.nota_atual;
  // a sale without installation has no service to invoice
  if (p.valor <= 0 && !nota) return null;
  const podeEmitir = !nota || nota.status === 'rejeitada';
  return (
    <section aria-labelledby="nfse-titulo" className="flex min-w-0 flex-col gap-2 border-t pt-3">
      <div className="flex flex-wrap items-center gap-2">
        <h4 id="nfse-titulo" className="font-medium">
          NFS-e da instalação
        </h4>
        {nota ? (
          <Badge variant={STATUS_BADGE[nota.status]}>
            {STATUS_NOTA_FISCAL_LABEL[nota.status]}
            {nota.numero_prefeitura ? ` · NFS-e ${nota.numero_prefeitura}` : ''}
          </Badge>
        ) : (
          <Badge variant="gray">Não emitida</Badge>
        )}
      </div>
      {nota?.status === 'rejeitada' && nota.mensagem_sefaz && (
        <p role="alert" className="text-sm text-destructive">
          Prefeitura: {nota.mensagem_sefaz}
        </p>
      )}
      {nota?.status === 'autorizada' && (
        <>
          {nota.codigo_verificacao && (
            <p className="text-sm">Código de verificação: {nota.codigo_verificacao}</p>
          )}
          <div className="flex flex-wrap gap-2">
            <Button asChild variant="outline" size="sm">
              <a href={`/api/notas-fiscais/${nota.id}/danfe`} download>
                <FileDown /> PDF da NFS-e
              </a>
            </Button>
            <Button variant="outline" size="sm" onClick={() => emissao.setCancelando((v) => !v)}>
              Cancelar NFS-e
            </Button>
          </div>
        </>
      )}
      {nota?.status === 'autorizada' && emissao.cancelando && (
        <CancelamentoForm
          emissao={emissao}
          notaId={nota.id}
          id="nfse-justificativa"
          label="Justificativa (ao menos 15 caracteres; a prefeitura decide o prazo)"
          confirmar="Confirmar cancelamento da NFS-e"
        />
      )}
      {podeEmitir && p.pendencias.length > 0 && (
        <Pendencias titulo="Antes de emitir a NFS-e, complete:" pendencias={p.pendencias} />
      )}
      {podeEmitir && p.pendencias.length === 0 && !emissao.revisando && (
        <Button size="sm" className="self-start" onClick={() => emissao.setRevisando(true)}>
          Emitir NFS-e
        </Button>
      )}
      {podeEmitir && p.pendencias.length === 0 && emissao.revisando && (
        <div className="flex flex-col gap-2 text-sm">
          <p>
            Tomador: {p.tomador.nome} ({p.tomador.documento}) — {p.tomador.endereco}, {p.tomador.cidade}/
            {p.tomador.uf}
          </p>
          <p>
            {p.servico.descricao} · Código do serviço {p.servico.codigo_servico}
            {p.servico.item_lista ? ` (LC 116 item ${p.servico.item_lista})` : ''}
          </p>
          <p>
            <strong>Valor da NFS-e {formatMoney(p.valor)}</strong> · ISS{' '}
            {p.servico.aliquota_iss?.toLocaleString('pt-BR')}% = {formatMoney(p.iss)}
          </p>
          <div className="flex gap-2">
            <Button variant="outline" size="sm" onClick={() => emissao.setRevisando(false)}>
              Voltar
            </Button>
            <Button size="sm" disabled={emissao.emitir.isPending} onClick={() => emissao.emitir.mutate()}>
              Confirmar e emitir NFS-e
            </Button>
          </div>
        </div>
      )}
    </section>
  );
}
