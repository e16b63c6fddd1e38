import type { APIRequestContext } from '@playwright/test';
import { expect, unique } from './fixtures';

// The yard's seeding, shared by the Estoque and Plano de corte specs: a stone, its slabs, and a sale of
// pieces of it (whose work order is created with the sale), all through the API.

export async function ok<T>(res: Awaited<ReturnType<APIRequestContext['post']>>, what: string): Promise<T> {
  expect(res.ok(), `${what}: ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

/** A lot code of this run (letters and digits, as typed on a label). */
export const loteUnico = (prefixo: string) => unique(prefixo).replace(/\W+/g, '').slice(0, 20).toUpperCase();

export interface Pedra {
  id: string;
  nome: string;
}

/** A stone sold by the m², in a category of its own. */
export async function novaPedra(admin: APIRequestContext, nome: string): Promise<Pedra> {
  const categoria = unique('pedras').toLowerCase();
  await ok(await admin.post('/api/categorias-produtos', { data: { nome: categoria } }), 'categoria');
  return ok<Pedra>(
    await admin.post('/api/produtos', {
      data: { nome: unique(nome), categoria, valor_m2: 450, tipo_unidade: 'm²', unidade: 'm²' },
    }),
    'pedra',
  );
}

/** `quantidade` slabs of one lot of the stone, entered as a purchase (codes `<lote>-01`…). */
export async function entradaDeChapas(
  admin: APIRequestContext,
  p: {
    pedra: Pedra;
    lote: string;
    quantidade: number;
    largura_mm: number;
    altura_mm: number;
    custo_chapa: string;
  },
) {
  return ok<{ items: { id: string; codigo: string }[] }>(
    await admin.post('/api/chapas/entrada', {
      data: {
        produto_id: p.pedra.id,
        lote: p.lote,
        quantidade: p.quantidade,
        largura_mm: p.largura_mm,
        altura_mm: p.altura_mm,
        espessura_mm: 20,
        custo_chapa: p.custo_chapa,
      },
    }),
    'entrada',
  );
}

/**
 * A sale of the stone's pieces (metres, as the quote keeps them) to a new client: quote, approval, sale.
 * Its work order is created with the sale.
 */
export async function vendaDaPedra(
  admin: APIRequestContext,
  pedra: Pedra,
  pecas: { quantidade: number; medida1: number; medida2: number }[],
) {
  const cliente = await ok<{ id: string; nome: string }>(
    await admin.post('/api/clientes', {
      data: {
        nome: unique('Cliente Estoque'),
        tipo: 'Pessoa Física',
        cpf_cnpj: '529.982.247-25',
        telefone: '(11) 98765-4321',
      },
    }),
    'cliente',
  );
  const orcamento = await ok<{ id: string }>(
    await admin.post('/api/orcamentos', {
      data: {
        cliente_id: cliente.id,
        itens: pecas.map((p) => ({ produto_id: pedra.id, ...p })),
        margem_lucro: 0,
        horas_trabalho: 0,
        tipo_venda: 'avista',
      },
    }),
    'orçamento',
  );
  await ok(await admin.post(`/api/orcamentos/${orcamento.id}/venda`, { data: {} }), 'venda');
  const lista = await admin.get(`/api/ordens-servico?q=${encodeURIComponent(cliente.nome)}`);
  const [os] = (await lista.json()).items as { id: string; numero: number }[];
  expect(os, 'a OS da venda').toBeTruthy();
  return { cliente, os: os! };
}
