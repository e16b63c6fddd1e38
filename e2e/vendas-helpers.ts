import type { APIRequestContext } from '@playwright/test';
import { expect, unique } from './fixtures';

async function created<T>(res: Awaited<ReturnType<APIRequestContext['post']>>, what: string): Promise<T> {
  expect(res.status(), `${what}: ${await res.text()}`).toBe(201);
  return (await res.json()) as T;
}

/**
 * A client, a product at R$ 100,00 per unit and a quote of 10 units with no margin, then the quote
 * turned into a sale through the quotes API (POST /api/orcamentos/:id/venda), as the Orçamentos
 * screen does. Materials 1000.00; commissions are added on top by the quote's pricing.
 */
export async function vendaViaOrcamento(
  admin: APIRequestContext,
  opts: {
    vendedor_id?: string;
    arquiteto_id?: string;
    cliente?: string;
    /** The quote's payment (default à vista), which the sale and its instalments follow. */
    pagamento?: { tipo_venda: 'parcelado'; numero_parcelas: number };
  } = {},
) {
  const cliente = await created<{ id: string; nome: string }>(
    await admin.post('/api/clientes', {
      data: {
        nome: opts.cliente ?? unique('Cliente Venda'),
        tipo: 'Pessoa Física',
        cpf_cnpj: '529.982.247-25',
        telefone: '(11) 98765-4321',
      },
    }),
    'cliente',
  );
  const categoria = unique('cat').toLowerCase();
  await created(await admin.post('/api/categorias-produtos', { data: { nome: categoria } }), 'categoria');
  const produto = await created<{ id: string }>(
    await admin.post('/api/produtos', {
      data: { nome: unique('Granito'), categoria, valor_m2: 100, tipo_unidade: 'unitário', unidade: 'un' },
    }),
    'produto',
  );
  const orcamento = await created<{ id: string; numero: number }>(
    await admin.post('/api/orcamentos', {
      data: {
        cliente_id: cliente.id,
        vendedor_id: opts.vendedor_id ?? null,
        arquiteto_id: opts.arquiteto_id ?? null,
        itens: [{ produto_id: produto.id, quantidade: 10 }],
        margem_lucro: 0,
        horas_trabalho: 0,
        tipo_venda: 'avista',
        ...opts.pagamento,
      },
    }),
    'orçamento',
  );
  const venda = await created<{
    id: string;
    numero: number;
    valor_bruto: number;
    valor_taxa: number;
    data_venda: string;
  }>(await admin.post(`/api/orcamentos/${orcamento.id}/venda`, { data: {} }), 'venda');
  return { cliente, orcamento, venda };
}

/** The quote's status as the quotes API reports it. */
export async function statusOrcamento(admin: APIRequestContext, id: string): Promise<string> {
  const res = await admin.get(`/api/orcamentos/${id}`);
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { status: string }).status;
}
