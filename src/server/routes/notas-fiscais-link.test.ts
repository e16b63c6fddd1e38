import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { notasFiscais } from '../../db/schema';
import { tokenDanfe } from '../fiscal/link-danfe';
import { Client as Anon, answer, apiSuite, type Client, ok, refused, userWith } from '../testing/harness';
import { seedVenda } from './vendas.test-helpers';

// The DANFE's link for the customer (issue 30): public, unguessable, expiring, and dead once the
// invoice is cancelled.
const { env, admin } = apiSuite();
afterEach(() => {
  vi.useRealTimers();
});

const DANFE = '%PDF-1.4\n% DANFE da NF-e 1/41 (teste)\n%%EOF\n';
let numero = 40;
async function nota(status: 'autorizada' | 'processando') {
  const venda = await seedVenda(env, { data_venda: '2026-11-20', valor_bruto: '900.00' });
  numero += 1;
  const [n] = await env.db
    .insert(notasFiscais)
    .values({
      venda_id: venda.id,
      serie: 1,
      numero,
      status,
      payload: {},
      idempotency_key: `link-${numero}`,
      valor_total: '900.00',
      provedor_id: status === 'autorizada' ? `prov-${numero}` : null,
      autorizada_em: status === 'autorizada' ? new Date('2026-11-28T12:00:00Z') : null,
      danfe: status === 'autorizada' ? Buffer.from(DANFE) : null,
    })
    .returning({ id: notasFiscais.id });
  return n!.id;
}

const anon = () => new Anon(env);
/** The token of a link (its URL is PUBLIC_URL + /api/publico/notas-fiscais/<token>/danfe). */
const tokenDe = (url: string) => {
  const prefixo = `${env.deps.config.publicUrl}/api/publico/notas-fiscais/`;
  expect(url.startsWith(prefixo) && url.endsWith('/danfe'), url).toBe(true);
  return url.slice(prefixo.length, -'/danfe'.length);
};
/** The public DANFE of a link's URL (or of a bare token), opened without a session. */
const abrir = (urlOuToken: string) => {
  const token = urlOuToken.startsWith('http') ? tokenDe(urlOuToken) : urlOuToken;
  return answer(anon().api.publico['notas-fiscais'][':token'].danfe.$get({ param: { token } }));
};
const link = (id: string, c: Client = admin) => c.api['notas-fiscais'][':id'].link.$get({ param: { id } });

let autorizada: string;
beforeAll(async () => {
  await ok(admin.api.empresa.$get());
  autorizada = await nota('autorizada');
});

describe('GET /api/notas-fiscais/:id/link and the public DANFE', () => {
  it('an authorised invoice: a link valid for 30 days that opens its DANFE without a session', async () => {
    const antes = Math.floor(Date.now() / 1000) * 1000;
    const res = await ok(link(autorizada));
    const depois = Date.now();
    // 30 × 24 h from now, to the second the token carries
    const expira = new Date(res.expira_em).getTime();
    const trintaDias = 30 * 86_400_000;
    expect(expira % 1000).toBe(0);
    expect(expira).toBeGreaterThanOrEqual(antes + trintaDias);
    expect(expira).toBeLessThanOrEqual(depois + trintaDias);
    const pdf = await abrir(res.url);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-disposition')).toBe('inline; filename="nfe-1-41.pdf"');
    expect(pdf.body).toBe(DANFE);

    // a second before the expiry it opens; at the expiry it does not (the public route has no session
    // to expire with the clock)
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(expira - 1000));
    expect((await abrir(res.url)).status).toBe(200);
    vi.setSystemTime(new Date(expira));
    const vencido = await abrir(res.url);
    expect(vencido.status).toBe(404);
    expect(vencido.body).toHaveProperty(
      'detail',
      'Link inválido, vencido ou de uma nota cancelada. Peça um novo link à empresa.',
    );
  });

  it('a changed, forged or malformed token opens nothing (the same 404)', async () => {
    const token = tokenDe((await ok(link(autorizada))).url);
    const [corpo, assinatura] = token.split('.') as [string, string];
    const trocar = (s: string, i: number) => s.slice(0, i) + (s[i] === 'A' ? 'B' : 'A') + s.slice(i + 1);
    const outra = await nota('autorizada');
    const tentativas = [
      `${corpo}.${trocar(assinatura, 3)}`, // signature changed
      `${trocar(corpo, 25)}.${assinatura}`, // expiry pushed, signature kept
      // the other invoice's id under this token's signature
      `${tokenDanfe(env.deps.config, outra, new Date(Date.now() + 86_400_000)).split('.')[0]}.${assinatura}`,
      // signed under another key (another server's FISCAL_CHAVE)
      tokenDanfe(
        { ...env.deps.config, fiscalChave: 'x'.repeat(40) },
        autorizada,
        new Date(Date.now() + 86_400_000),
      ),
      'abc',
      `${token}x`,
    ];
    for (const t of tentativas) {
      expect((await abrir(t)).status, t).toBe(404);
    }
  });

  it('a cancelled invoice stops answering through the links already sent', async () => {
    const id = await nota('autorizada');
    const { url } = await ok(link(id));
    expect((await abrir(url)).status).toBe(200);
    await env.db.update(notasFiscais).set({ status: 'cancelada' }).where(eq(notasFiscais.id, id));
    expect((await abrir(url)).status).toBe(404);
    // and no new link for it
    await refused(link(id), 409);
  });

  it('only an authorised invoice has a link, and only for the financeiro permission', async () => {
    const processando = await nota('processando');
    expect((await refused(link(processando), 409)).detail).toBe(
      'Só uma NF-e autorizada pode ser enviada ao cliente.',
    );
    await refused(link('00000000-0000-4000-8000-000000000000'), 404);
    await refused(link(autorizada, anon()), 401);
    const vendas = await userWith(env, ['vendas', 'dashboard']);
    await refused(link(autorizada, vendas.client), 403);
    const financeiro = await userWith(env, ['financeiro']);
    await ok(link(autorizada, financeiro.client));
  });
});
