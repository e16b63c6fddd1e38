import { expect, test, unique } from './fixtures';

/**
 * The register screens rebuilt on the kit (CadastroPage, CadastroTable), on a phone, with the long names
 * shops really have: the card wraps the name and the e-mail instead of pushing the page sideways.
 */
const LONGO = 'Marmoraria e Granitos Irmãos Albuquerque de Vasconcelos Comércio e Instalações Ltda';
const EMAIL = 'financeiro.contas.a.pagar.marmoraria.albuquerque@exemplo-de-dominio-comprido.com.br';

const cadastros = [
  {
    rota: '/clientes',
    busca: 'Buscar clientes',
    dados: (nome: string) => ({
      nome,
      tipo: 'Pessoa Jurídica',
      cpf_cnpj: '11222333000181',
      telefone: '11987654321',
      email: EMAIL,
      cidade: 'São José dos Campos',
    }),
    umaLinha: ['11.222.333/0001-81', '(11) 98765-4321'],
  },
  {
    rota: '/fornecedores',
    busca: 'Buscar fornecedores',
    dados: (nome: string) => ({ nome, telefone: '11987654321', email: EMAIL }),
    umaLinha: [] as string[],
  },
  {
    rota: '/funcionarios',
    busca: 'Buscar funcionários',
    dados: (nome: string) => ({ nome, cargo: 'Acabador', salario: 2000, email: EMAIL }),
    umaLinha: ['R$ 2.000,00'],
  },
];

test.describe('on a phone, long names', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  for (const c of cadastros) {
    test(`${c.rota}: a long name and e-mail stay inside 390 px`, async ({ adminPage: page, admin }) => {
      const nome = unique(LONGO);
      const res = await admin.post(`/api${c.rota}`, { data: c.dados(nome) });
      expect(res.status(), await res.text()).toBe(201);
      await page.goto(c.rota);
      await page.getByRole('searchbox', { name: c.busca }).fill(nome);
      const card = page.getByRole('article', { name: nome });
      await expect(card).toBeVisible();
      await expect(card).toContainText(nome);
      const box = await card.boundingBox();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(390);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      // Documents and phones are read whole: each on a single line of the card.
      for (const valor of c.umaLinha) {
        const linhas = await card
          .getByText(valor, { exact: true })
          .evaluate((el) =>
            Math.round(el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight)),
          );
        expect(linhas, valor).toBe(1);
      }
      await page.screenshot({ path: `test-results/cadastro-longo${c.rota.replace('/', '-')}-390.png` });
    });
  }
});
