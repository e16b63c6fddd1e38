import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Client,
  createTestDeps,
  fieldErrors,
  loginAdmin,
  ORIGIN,
  ok,
  refused,
  type TestEnv,
  userWith,
} from '../testing/harness';

let env: TestEnv;
let admin: Client;

beforeAll(async () => {
  env = await createTestDeps({
    empresa: {
      nome: 'Marmoraria do Teste',
      endereco: 'Rua das Pedras, 10',
      telefone: '(11) 3333-4444',
      cnpj: '',
    },
  });
  admin = await loginAdmin(env);
});
afterAll(() => env.close());

/** The company's current version, read as the settings screen does. */
const version = async (c: Client = admin) => (await ok(c.api.empresa.$get())).updated_at;

const valid = {
  nome: 'Marmoraria Pedra Fina',
  cnpj: '11.222.333/0001-81',
  endereco: 'Av. do Granito, 500',
  cidade: 'São Paulo',
  uf: 'sp',
  cep: '01310-100',
  telefone: '(11) 3333-4444',
  whatsapp: '11987654321',
  email: 'contato@pedrafina.com.br',
  validade_dias: 20,
  termos: 'Prazo de entrega de 15 dias úteis após a medição.',
  instrucoes_pagamento: 'Pix ou transferência.',
  chave_pix: 'contato@pedrafina.com.br',
  venda_automatica: false,
};

// The logo is sent as the file's bytes, which the typed client (JSON and forms) does not send.
async function sendLogo(client: Client, bytes: Uint8Array, type = 'image/png') {
  const res = await env.app.request('http://localhost:3000/api/empresa/logo', {
    method: 'PUT',
    headers: { origin: ORIGIN, host: 'localhost:3000', cookie: client.cookie, 'content-type': type },
    body: new Blob([Buffer.from(bytes)]),
  });
  return { status: res.status, body: await res.json() };
}

describe('/api/empresa', () => {
  it('is seeded on first read from the EMPRESA_* variables, with the defaults', async () => {
    expect(await ok(admin.api.empresa.$get())).toMatchObject({
      nome: 'Marmoraria do Teste',
      endereco: 'Rua das Pedras, 10',
      telefone: '(11) 3333-4444',
      cnpj: null,
      validade_dias: 15,
      venda_automatica: true,
      logo: null,
    });
  });

  it('any signed-in user reads it; only configuracoes writes it', async () => {
    const { client } = await userWith(env, ['orcamentos']);
    await ok(client.api.empresa.$get());
    await refused(client.api.empresa.$put({ json: { ...valid, updated_at: await version() } }), 403);
  });

  it('saves every field (CNPJ checked, UF upper-cased, phone formatted) and refuses a stale version', async () => {
    const updated_at = await version();
    const res = await ok(admin.api.empresa.$put({ json: { ...valid, updated_at } }));
    expect(res).toMatchObject({ ...valid, uf: 'SP', whatsapp: '(11) 98765-4321' });
    await refused(admin.api.empresa.$put({ json: { ...valid, nome: 'Outra', updated_at } }), 409);
    expect((await ok(admin.api.empresa.$get())).nome).toBe('Marmoraria Pedra Fina');
  });

  it('refuses bad input with the field named, changing nothing', async () => {
    const updated_at = await version();
    const cases: [Partial<typeof valid>, string][] = [
      [{ cnpj: '11.222.333/0001-00' }, 'cnpj'],
      [{ nome: '  ' }, 'nome'],
      [{ validade_dias: 0 }, 'validade_dias'],
      [{ validade_dias: 1.5 }, 'validade_dias'],
    ];
    for (const [patch, field] of cases) {
      const res = await fieldErrors(admin.api.empresa.$put({ json: { ...valid, ...patch, updated_at } }));
      expect(Object.keys(res), field).toContain(field);
    }
    // on purpose: a flag sent as text, which the types refuse
    const sim = await admin.put('/api/empresa', { ...valid, venda_automatica: 'sim', updated_at });
    expect(sim.status).toBe(400);
    expect(sim.body.errors.map((e: { path: string }) => e.path)).toContain('venda_automatica');
    expect(await version()).toBe(updated_at);
    // on purpose: a save without the version read, which the types refuse
    const missing = await admin.put('/api/empresa', valid);
    expect(missing.status).toBe(400);
  });

  it('stores the logo re-encoded as PNG (≤ 512 px) and serves it; refuses what is not an image', async () => {
    const webp = await sharp({ create: { width: 1600, height: 400, channels: 3, background: '#333' } })
      .webp()
      .toBuffer();
    const up = await sendLogo(admin, webp, 'image/webp');
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    expect(up.body.logo.mime).toBe('image/png');
    const res = await admin.api.empresa.logo.$get();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 512, 128]);

    const bad = await sendLogo(admin, new TextEncoder().encode('<svg onload=alert(1)>'), 'image/svg+xml');
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].path).toBe('logo');
    const { client } = await userWith(env, ['orcamentos']);
    expect((await sendLogo(client, webp)).status).toBe(403);
  });
});

describe('the Pix key (typed once, here)', () => {
  it('keeps the Pix key in the DICT form of its kind, and refuses one that is none (400 naming chave_pix)', async () => {
    const save = async (chave_pix: string) =>
      admin.api.empresa.$put({ json: { ...valid, chave_pix, updated_at: await version() } });
    const chave = async () => (await ok(admin.api.empresa.$get())).chave_pix;
    for (const [typed, stored] of [
      ['529.982.247-25', '52998224725'],
      ['11.222.333/0001-81', '11222333000181'],
      ['(11) 98765-4321', '+5511987654321'],
      ['Contato@Empresa.com.br', 'contato@empresa.com.br'],
      ['7D9F0335-8DCC-4054-9BF9-0DBD61D36906', '7d9f0335-8dcc-4054-9bf9-0dbd61d36906'],
    ]) {
      await ok(save(typed!));
      expect(await chave()).toBe(stored);
    }
    for (const bad of ['529.982.247-24', '(11) 3333-4444', 'minha chave pix']) {
      expect(await fieldErrors(save(bad))).toEqual({
        chave_pix:
          'Chave Pix inválida: informe um CPF ou CNPJ válido, um celular com DDD, um e-mail ou uma chave aleatória.',
      });
    }
    // nothing changed by the refusals
    expect(await chave()).toBe('7d9f0335-8dcc-4054-9bf9-0dbd61d36906');
  });
});
