import { describe, expect, test, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { funcionarioUpdate } from '../../../schemas/funcionarios';
import { fakeApi, renderTela } from '../../testing/render';
import { FuncionarioForm } from './funcionario-form';

// What was e2e/funcionarios.spec's field work (the spec's cargo options, no status on a new one, the
// 220 h default, required fields named, CPF and phone masks, what an edit shows and sends); the
// browser test keeps create → list → edit → filter → delete through the server.

const GRAVADO = {
  id: 'f1',
  nome: 'Ana Ajudante',
  cpf: '529.982.247-25',
  telefone: '(11) 91234-5678',
  email: null,
  data_admissao: '2024-02-01',
  endereco: null,
  cargo: 'Ajudante',
  salario: 2200,
  horas_mensais: 220,
  custo_hora: 10,
  status: 'ativo',
  created_at: '2026-11-01T12:00:00.000Z',
  updated_at: '2026-11-01T12:00:00.000Z',
};

describe('FuncionarioForm', () => {
  test('a new one: the spec’s cargos, no status, 220 h; an empty save names each missing field and sends nothing', async () => {
    const pedidos = fakeApi();
    renderTela(<FuncionarioForm id={null} onDone={() => {}} onCancel={() => {}} />);
    await expect.element(page.getByLabelText('Cargo')).toBeVisible();
    const cargos = page.getByLabelText('Cargo').element().querySelectorAll('option:not([disabled])');
    expect([...cargos].map((o) => o.textContent)).toEqual([
      'Instalador Sênior',
      'Instalador Júnior',
      'Ajudante',
      'Acabador',
      'Serrador',
    ]);
    await expect.element(page.getByLabelText('Status')).not.toBeInTheDocument();
    await expect.element(page.getByLabelText('Horas mensais')).toHaveValue(220);

    await page.getByRole('button', { name: 'Salvar Funcionário' }).click();
    await expect.element(page.getByText('Informe o nome.')).toBeVisible();
    await expect.element(page.getByText(/^Informe o cargo/)).toBeVisible();
    await expect.element(page.getByText('Informe o salário.')).toBeVisible();
    expect(pedidos.filter((p) => p.method === 'POST')).toEqual([]);
  });

  test('masks CPF and phone as typed and sends the values without a status', async () => {
    const pedidos = fakeApi({
      'POST /funcionarios': (p) => ({ status: 201, body: { ...GRAVADO, ...(p.body as object) } }),
    });
    const onDone = vi.fn();
    renderTela(<FuncionarioForm id={null} onDone={onDone} onCancel={() => {}} />);
    await page.getByLabelText('Nome').fill('Ana Ajudante');
    await userEvent.type(page.getByLabelText('CPF'), '52998224725');
    await expect.element(page.getByLabelText('CPF')).toHaveValue('529.982.247-25');
    await page.getByLabelText('Cargo').selectOptions('Ajudante');
    await userEvent.type(page.getByLabelText('Telefone'), '11912345678');
    await expect.element(page.getByLabelText('Telefone')).toHaveValue('(11) 91234-5678');
    await page.getByLabelText('Salário (R$)').fill('2200');
    await page.getByLabelText('Data de admissão').fill('2024-02-01');
    await page.getByRole('button', { name: 'Salvar Funcionário' }).click();
    await expect.element(page.getByText('Funcionário salvo com sucesso!')).toBeVisible();
    await vi.waitFor(() => expect(onDone).toHaveBeenCalledOnce());
    const post = pedidos.find((p) => p.method === 'POST');
    expect(post?.body).toMatchObject({
      nome: 'Ana Ajudante',
      cpf: '529.982.247-25',
      cargo: 'Ajudante',
      telefone: '(11) 91234-5678',
      salario: '2200',
      horas_mensais: 220,
      data_admissao: '2024-02-01',
    });
    expect(post?.body).not.toHaveProperty('status');
  });

  test('an edit shows the salary read fresh, offers the status and sends it with the version read', async () => {
    const pedidos = fakeApi({
      'GET /funcionarios/f1': GRAVADO,
      'PATCH /funcionarios/f1': (p) => ({ ...GRAVADO, ...(p.body as object) }),
    });
    renderTela(<FuncionarioForm id="f1" onDone={() => {}} onCancel={() => {}} />);
    // a number input: read the text the person sees, two decimals
    const salario = page.getByLabelText('Salário (R$)');
    await expect.element(salario).toBeVisible();
    await vi.waitFor(() => expect((salario.element() as HTMLInputElement).value).toBe('2200.00'));
    await page.getByLabelText('Salário (R$)').fill('3300');
    await page.getByLabelText('Status').selectOptions('inativo');
    await page.getByRole('button', { name: 'Atualizar Funcionário' }).click();
    await expect.element(page.getByText('Funcionário atualizado com sucesso!')).toBeVisible();
    const patch = pedidos.find((p) => p.method === 'PATCH');
    expect(patch?.body).toMatchObject({
      salario: '3300',
      status: 'inativo',
      horas_mensais: 220,
      updated_at: GRAVADO.updated_at,
    });
  });

  // Issue 26 §2, was e2e/dinheiro.spec.ts's Funcionários step: the salary of an edit typed in Brazil.
  test.each([
    ['4.400,00', '4400.00'],
    ['4400,00', '4400.00'],
  ])(
    'an edit takes Salário "%s" as R$ 4.400,00 (%s), which the route reads as such',
    async (digitado, enviado) => {
      const pedidos = fakeApi({
        'GET /funcionarios/f1': GRAVADO,
        'PATCH /funcionarios/f1': (p) => ({ ...GRAVADO, ...(p.body as object) }),
      });
      renderTela(<FuncionarioForm id="f1" onDone={() => {}} onCancel={() => {}} />);
      const salario = page.getByLabelText('Salário (R$)');
      await vi.waitFor(() => expect((salario.element() as HTMLInputElement).value).toBe('2200.00'));
      await salario.fill(digitado);
      await page.getByRole('button', { name: 'Atualizar Funcionário' }).click();
      // (the previous test's toast of the same words may still be on screen: wait for the request)
      await vi.waitFor(() => expect(pedidos.some((p) => p.method === 'PATCH')).toBe(true));
      const body = pedidos.find((p) => p.method === 'PATCH')?.body;
      expect(body).toMatchObject({ salario: enviado, updated_at: GRAVADO.updated_at });
      // what PATCH /api/funcionarios/:id stores: R$ 4.400,00
      expect(funcionarioUpdate.parse(body).salario).toBe('4400.00');
    },
  );
});
