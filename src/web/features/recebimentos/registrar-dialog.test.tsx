import { expect, test, vi } from 'vitest';
import { page } from 'vitest/browser';
import { recebivelPagamento } from '../../../schemas/recebimentos';
import type { AnswerOf, client } from '../../lib/client';
import { todayIso } from '../../lib/format';
import { fakeApi, renderTela } from '../../testing/render';
import { RegistrarDialog } from './registrar-dialog';

// Issue 26 §2, was e2e/dinheiro.spec.ts's Recebimentos step: "Valor recebido" typed as a person in
// Brazil types it is R$ 4.400,00. What the payment does to the instalment, the cash and the
// commissions is the API's (routes/recebiveis*.test.ts).

const PARCELA: AnswerOf<(typeof client)['recebiveis'][':id']> = {
  id: 'p1',
  venda_id: 'v1',
  cliente_id: 'c1',
  parcela: 1,
  valor: 4400,
  valor_recebido: 0,
  data_vencimento: '2026-11-10',
  updated_at: '2026-11-01T12:00:00.000Z',
  venda_numero: 42,
  numero_parcelas: 1,
  cliente_nome: 'Maria Souza',
  cliente_telefone: null,
  vendedor_nome: null,
  saldo: 4400,
  status: 'aberta',
  recebimentos: [],
};

const PIX: AnswerOf<(typeof client)['cartoes']['opcoes']>[number] = {
  id: '0b6f7c1e-3f1a-4c39-9a51-6f0d2a1c9e01',
  bandeira: 'Pix',
  tipo: 'Débito',
  observacoes: 'Banco',
  taxa: 0,
  taxa_1x: null,
  taxa_2x: null,
  taxa_3x: null,
  taxa_4x: null,
  taxa_5x: null,
  taxa_6x: null,
  taxa_7x: null,
  taxa_8x: null,
  taxa_9x: null,
  taxa_10x: null,
  taxa_11x: null,
  taxa_12x: null,
};

test.each([
  ['4.400,00', '4400.00'],
  ['4400,00', '4400.00'],
])(
  'Valor recebido "%s" is sent as R$ 4.400,00 (%s), which the route reads as such',
  async (digitado, enviado) => {
    const pedidos = fakeApi({
      'GET /recebiveis/p1': PARCELA,
      'GET /cartoes/opcoes': [PIX],
      'POST /recebiveis/p1/recebimentos': (p) => ({ status: 201, body: { id: 'r1', ...(p.body as object) } }),
    });
    const onClose = vi.fn();
    renderTela(<RegistrarDialog parcelaId="p1" onClose={onClose} />);
    const dialog = page.getByRole('dialog', { name: 'Registrar recebimento' });
    // what is owed is offered first
    await expect.element(dialog.getByLabelText('Valor recebido')).toHaveValue('4400.00');
    await dialog.getByLabelText('Valor recebido').fill(digitado);
    await dialog.getByLabelText('Forma de pagamento').selectOptions('Pix - Débito (Banco)');
    await dialog.getByRole('button', { name: 'Registrar recebimento' }).click();
    await vi.waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    const post = pedidos.find((p) => p.method === 'POST');
    expect(post?.body).toEqual({ valor: enviado, data: todayIso(), cartao_id: PIX.id });
    // what POST /api/recebiveis/:id/recebimentos records: R$ 4.400,00, the whole instalment
    expect(recebivelPagamento.parse(post?.body).valor).toBe('4400.00');
  },
);
