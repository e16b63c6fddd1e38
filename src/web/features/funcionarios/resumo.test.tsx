import { expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { fakeApi, renderTela } from '../../testing/render';
import { CalculoCusto } from './calculo-custo';
import { FuncionariosKpis } from './kpis';

// What was e2e/funcionarios.spec's KPI cards and "Cálculo de Custo shows each active employee's
// hourly cost": the page shows the server's figures as they come. The figures themselves (sums,
// averages, 2001.00 / 200 h = 10.005 → 10.01 half-up) are the API test's
// (routes/funcionarios.test.ts, "counts active employees, sums their payroll and hourly costs in SQL").

const RESUMO = {
  ativos: 2,
  folha_mensal: 4201,
  custo_hora_medio: 10.01,
  calculo: {
    items: [
      { id: 'a', nome: 'Ana Ajudante', cargo: 'Ajudante', salario: 2200, horas_mensais: 220, custo_hora: 10 },
      {
        id: 'c',
        nome: 'Carla Serradora',
        cargo: 'Serrador',
        salario: 2001,
        horas_mensais: 200,
        custo_hora: 10.01,
      },
    ],
    total: 2,
    page: 1,
    limit: 20,
    media: 10.01,
    soma: 20.01,
  },
};

test('the KPI cards show the server’s count, payroll and average hourly cost', async () => {
  fakeApi({ 'GET /funcionarios/resumo': RESUMO });
  renderTela(<FuncionariosKpis />);
  await expect.element(page.getByTestId('kpi-ativos')).toHaveTextContent(/Funcionários Ativos\s*2/);
  await expect.element(page.getByTestId('kpi-folha')).toHaveTextContent(/Folha Mensal\s*R\$\s4\.201,00/);
  await expect
    .element(page.getByTestId('kpi-custo-hora'))
    .toHaveTextContent(/Custo Médio por Hora\s*R\$\s10,01/);
});

test('Cálculo de Custo lists each active employee’s hourly cost, the average and the total', async () => {
  fakeApi({ 'GET /funcionarios/resumo': RESUMO });
  renderTela(<CalculoCusto />);
  await expect.element(page.getByTestId('calculo-media')).toHaveTextContent(/R\$\s10,01/);
  await expect.element(page.getByTestId('calculo-total')).toHaveTextContent(/R\$\s20,01/);
  await expect.element(page.getByText('Custo total por hora (2 ativos)')).toBeVisible();
  const row = page.getByRole('table', { name: 'Custo por hora de cada funcionário' }).getByRole('row', {
    name: /Carla Serradora/,
  });
  await expect.element(row).toHaveTextContent(/Serrador\s*R\$\s2\.001,00\s*200\s*R\$\s10,01/);
});

test('with no active employee, it says there is nothing to calculate', async () => {
  fakeApi({
    'GET /funcionarios/resumo': {
      ...RESUMO,
      ativos: 0,
      calculo: { ...RESUMO.calculo, items: [], total: 0, media: 0, soma: 0 },
    },
  });
  renderTela(<CalculoCusto />);
  await expect.element(page.getByText('Nenhum funcionário ativo para calcular.')).toBeVisible();
});
