import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { notasFiscais } from '../../db/schema';
import { tokenDanfe } from '../fiscal/link-danfe';
import { Client as Anon, apiSuite, userWith } from '../testing/harness';
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
/** The link's path on this server (the URL starts with PUBLIC_URL). */
const caminho = (url: string) => {
  expect(url.startsWith(`${env.deps.config.publicUrl}/api/publico/notas-fiscais/`), url).toBe(true);
  return url.slice(env.deps.config.publicUrl.length);
};

let autorizada: string;
beforeAll(async () => {
  await admin.get('/api/empresa');
  autorizada = await nota('autorizada');
});

describe('GET /api/notas-fiscais/:id/link and the public DANFE', () => {
  it('an authorised invoice: a link valid for 30 days that opens its DANFE without a session', async () => {
    const antes = Math.floor(Date.now() / 1000) * 1000;
    const res = await admin.get(`/api/notas-fiscais/${autorizada}/link`);
    const depois = Date.now();
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // 30 × 24 h from now, to the second the token carries
    const expira = new Date(res.body.expira_em).getTime();
    const trintaDias = 30 * 86_400_000;
    expect(expira % 1000).toBe(0);
    expect(expira).toBeGreaterThanOrEqual(antes + trintaDias);
    expect(expira).toBeLessThanOrEqual(depois + trintaDias);
    const pdf = await anon().get(caminho(res.body.url));
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-disposition')).toBe('inline; filename="nfe-1-41.pdf"');
    expect(pdf.body).toBe(DANFE);

    // a second before the expiry it opens; at the expiry it does not (the public route has no session
    // to expire with the clock)
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(expira - 1000));
    expect((await anon().get(caminho(res.body.url))).status).toBe(200);
    vi.setSystemTime(new Date(expira));
    const vencido = await anon().get(caminho(res.body.url));
    expect(vencido.status).toBe(404);
    expect(vencido.body.detail).toBe(
      'Link inválido, vencido ou de uma nota cancelada. Peça um novo link à empresa.',
    );
  });

  it('a changed, forged or malformed token opens nothing (the same 404)', async () => {
    const { url } = (await admin.get(`/api/notas-fiscais/${autorizada}/link`)).body;
    const token = caminho(url).split('/').at(-2)!;
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
      const r = await anon().get(`/api/publico/notas-fiscais/${t}/danfe`);
      expect(r.status, t).toBe(404);
    }
  });

  it('a cancelled invoice stops answering through the links already sent', async () => {
    const id = await nota('autorizada');
    const { url } = (await admin.get(`/api/notas-fiscais/${id}/link`)).body;
    expect((await anon().get(caminho(url))).status).toBe(200);
    await env.db.update(notasFiscais).set({ status: 'cancelada' }).where(eq(notasFiscais.id, id));
    expect((await anon().get(caminho(url))).status).toBe(404);
    // and no new link for it
    expect((await admin.get(`/api/notas-fiscais/${id}/link`)).status).toBe(409);
  });

  it('only an authorised invoice has a link, and only for the financeiro permission', async () => {
    const processando = await nota('processando');
    const r = await admin.get(`/api/notas-fiscais/${processando}/link`);
    expect(r.status).toBe(409);
    expect(r.body.detail).toBe('Só uma NF-e autorizada pode ser enviada ao cliente.');
    expect((await admin.get('/api/notas-fiscais/00000000-0000-4000-8000-000000000000/link')).status).toBe(
      404,
    );
    expect((await anon().get(`/api/notas-fiscais/${autorizada}/link`)).status).toBe(401);
    const vendas = await userWith(env, ['vendas', 'dashboard']);
    expect((await vendas.client.get(`/api/notas-fiscais/${autorizada}/link`)).status).toBe(403);
    const financeiro = await userWith(env, ['financeiro']);
    expect((await financeiro.client.get(`/api/notas-fiscais/${autorizada}/link`)).status).toBe(200);
  });
});
