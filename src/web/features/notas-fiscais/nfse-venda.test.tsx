import { describe, expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { fakeApi, renderTela } from '../../testing/render';
import { NfseVenda } from './nfse-venda';

// The sale's NFS-e through the emission flow it shares with the NF-e (useEmissao): the review, one
// emission, the state read again; then the cancellation, refused below 15 characters of
// justification. What the server does with them is routes/notas-fiscais-nfse.test.ts's.

type Nota = {
  id: string;
  status: string;
  numero_prefeitura: string | null;
  codigo_verificacao: string | null;
};

describe('NfseVenda', () => {
  test('review → emit once → authorised; cancel only with a 15-character justification', async () => {
    let nota: Nota | null = null;
    const previa = () => ({
      valor: 800,
      iss: 40,
      pendencias: [],
      nota_atual: nota,
      tomador: {
        nome: 'Maria Souza',
        documento: '123.456.789-09',
        endereco: 'Rua A, 1',
        cidade: 'Campinas',
        uf: 'SP',
      },
      servico: {
        descricao: 'Instalação de bancada',
        codigo_servico: '0701',
        item_lista: '7.02',
        aliquota_iss: 5,
      },
    });
    const pedidos = fakeApi({
      'GET /vendas/v1/nfse/previa': previa,
      'POST /vendas/v1/nfse': () => {
        nota = { id: 'n1', status: 'autorizada', numero_prefeitura: '2026/15', codigo_verificacao: 'AB12' };
        return { status: 202, body: { id: 'n1', status: 'processando' } };
      },
      'POST /notas-fiscais/n1/cancelar': () => {
        nota = { ...nota!, status: 'cancelada' };
        return { id: 'n1', status: 'cancelada' };
      },
    });
    renderTela(<NfseVenda vendaId="v1" />);

    await page.getByRole('button', { name: 'Emitir NFS-e' }).click();
    await expect.element(page.getByText('Valor da NFS-e R$ 800,00')).toBeVisible();
    await page.getByRole('button', { name: 'Confirmar e emitir NFS-e' }).click();
    await expect.element(page.getByText('NFS-e enviada ao provedor fiscal')).toBeVisible();
    // the state is read again after the emission: the city's number shows
    await expect.element(page.getByText('Autorizada · NFS-e 2026/15')).toBeVisible();
    expect(pedidos.filter((p) => p.method === 'POST').map((p) => p.path)).toEqual(['/vendas/v1/nfse']);

    await page.getByRole('button', { name: 'Cancelar NFS-e' }).click();
    const justificativa = page.getByLabelText('Justificativa (ao menos 15 caracteres', { exact: false });
    const confirmar = page.getByRole('button', { name: 'Confirmar cancelamento da NFS-e' });
    await justificativa.fill('curta demais');
    await expect.element(confirmar).toBeDisabled();
    await justificativa.fill('Serviço não prestado');
    await confirmar.click();
    await expect.element(page.getByText('Cancelamento da NFS-e enviado')).toBeVisible();
    await expect.element(page.getByText('Cancelada · NFS-e 2026/15')).toBeVisible();
    const cancelamento = pedidos.find((p) => p.path === '/notas-fiscais/n1/cancelar');
    expect(cancelamento?.body).toEqual({ justificativa: 'Serviço não prestado' });
    expect(pedidos.filter((p) => p.path === '/vendas/v1/nfse/previa')).toHaveLength(3);
  });
});
