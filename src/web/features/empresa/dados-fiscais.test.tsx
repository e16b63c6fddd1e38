import { describe, expect, test, vi } from 'vitest';
import { page } from 'vitest/browser';
import { fakeApi, renderTela } from '../../testing/render';
import EmpresaPage from './page';

// The Empresa screen's "Dados fiscais" (issue 30): the provider's secrets are never shown back, only
// "definida", and a blank field keeps them; Homologação is the first environment offered.

const EMPRESA = {
  id: 1,
  nome: 'Marmoraria Pedra Bela',
  cnpj: '11.222.333/0001-81',
  endereco: 'Av. dos Mármores, 1200',
  cidade: 'São Paulo',
  uf: 'SP',
  cep: '04001-000',
  telefone: null,
  whatsapp: null,
  email: null,
  validade_dias: 15,
  termos: null,
  instrucoes_pagamento: null,
  chave_pix: null,
  venda_automatica: true,
  fator_sobra: 50,
  comissoes_como_orcamento: false,
  regime_tributario: 'simples_nacional',
  inscricao_estadual: '110042490114',
  inscricao_municipal: null,
  municipio_ibge: '3550308',
  nfe_serie: 1,
  nfe_proximo_numero: 42,
  nfse_codigo_servico: null,
  nfse_item_lista: null,
  nfse_aliquota_iss: null,
  fiscal_provedor: 'nfeio',
  fiscal_ambiente: 'homologacao',
  fiscal_credenciais_definidas: true,
  created_at: '2026-11-01T12:00:00.000Z',
  updated_at: '2026-11-20T12:00:00.000Z',
  logo: null,
};

describe('Empresa: Dados fiscais', () => {
  test('shows the saved credentials only as "definida"; a blank field is not sent (kept), a typed one is', async () => {
    const pedidos = fakeApi({
      'GET /empresa': EMPRESA,
      'GET /fiscal/municipios?uf=SP&q=': { items: [{ codigo: '3550308', nome: 'São Paulo', uf: 'SP' }] },
      'PUT /empresa': (p) => ({ status: 200, body: { ...EMPRESA, ...(p.body as object) } }),
    });
    renderTela(<EmpresaPage />);
    await expect.element(page.getByRole('heading', { name: 'Dados fiscais' })).toBeVisible();
    const apiKey = page.getByLabelText('Chave de API do provedor');
    await expect.element(apiKey).toHaveValue('');
    await expect.element(apiKey).toHaveAttribute('type', 'password');
    await expect.element(apiKey).toHaveAttribute('placeholder', 'definida (deixe em branco para manter)');
    await expect.element(page.getByLabelText('Próximo número da NF-e')).toHaveValue(42);
    await expect.element(page.getByLabelText('Município (IBGE)')).toHaveTextContent('São Paulo/SP');
    const ambientes = page.getByLabelText('Ambiente').element().querySelectorAll('option');
    expect([...ambientes].map((o) => o.textContent)).toEqual(['Homologação (testes)', 'Produção']);

    await apiKey.fill('nova-chave-123456');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await vi.waitFor(() => expect(pedidos.some((p) => p.method === 'PUT')).toBe(true));
    const put = pedidos.find((p) => p.method === 'PUT');
    expect(put?.body).toMatchObject({
      regime_tributario: 'simples_nacional',
      municipio_ibge: '3550308',
      fiscal_ambiente: 'homologacao',
      fiscal_api_key: 'nova-chave-123456',
    });
    // the blank one is not sent at all: the server keeps the saved company id
    expect(put?.body).not.toHaveProperty('fiscal_empresa_id');
  });
});
