import type { APIRequestContext, Browser } from '@playwright/test';
import sharp from 'sharp';
import { expect, signInPage, unique } from './fixtures';
import { vendaViaOrcamento } from './vendas-helpers';

export interface EtapaApi {
  id: string;
  os_id: string;
  etapa: string;
  status: string;
  updated_at: string;
}
export interface OsApi {
  id: string;
  numero: number;
  status: string;
  etapas: EtapaApi[];
  fotos: { id: string; tipo: string; mime: string; etapa_id: string }[];
}

/** The OS as the API answers it now (stages with their current version, photos). */
export async function lerOs(admin: APIRequestContext, id: string): Promise<OsApi> {
  const res = await admin.get(`/api/ordens-servico/${id}`);
  expect(res.status()).toBe(200);
  return (await res.json()) as OsApi;
}

export const etapaDe = (os: OsApi, etapa: string) => os.etapas.find((e) => e.etapa === etapa)!;

/**
 * A sale (its OS is created with it), an installer employee and the installer's account linked to
 * them; the OS is found by its unique client, never by position (other specs add OS meanwhile).
 */
export async function osComInstalador(admin: APIRequestContext) {
  const { cliente, venda } = await vendaViaOrcamento(admin, { cliente: unique('Cliente Obra') });
  const lista = await admin.get(`/api/ordens-servico?q=${encodeURIComponent(cliente.nome)}`);
  const [os] = (await lista.json()).items as { id: string; numero: number; venda_numero: number }[];
  expect(os?.venda_numero).toBe(venda.numero);
  const nomeFunc = unique('Instalador');
  const func = await admin.post('/api/funcionarios', {
    data: { nome: nomeFunc, cargo: 'Instalador Sênior', salario: 3000, horas_mensais: 220 },
  });
  expect(func.status()).toBe(201);
  const funcionario = (await func.json()) as { id: string };
  const email = `${unique('inst').replace(/\W+/g, '.')}@exemplo.com.br`;
  const senha = 'pedra-polida-77';
  const user = await admin.post('/api/usuarios', {
    data: { nome: nomeFunc, email, senha, permissoes: ['dashboard'], funcionario_id: funcionario.id },
  });
  expect(user.status(), await user.text()).toBe(201);
  return { cliente, os: os!, funcionario, nomeFunc, email, senha };
}

/** Schedules one stage for the installer, starting in an hour (it shows on their Minha agenda). */
export async function agendarPara(
  admin: APIRequestContext,
  osId: string,
  etapa: string,
  funcionarioId: string,
): Promise<EtapaApi> {
  const alvo = etapaDe(await lerOs(admin, osId), etapa);
  const inicio = new Date(Date.now() + 3_600_000);
  const res = await admin.patch(`/api/ordens-servico/${alvo.os_id}/etapas/${alvo.id}`, {
    data: {
      inicio_previsto: inicio.toISOString(),
      fim_previsto: new Date(inicio.getTime() + 3_600_000).toISOString(),
      funcionario_ids: [funcionarioId],
      updated_at: alvo.updated_at,
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { etapa: EtapaApi }).etapa;
}

/** Completes a stage through the API, as the workshop's staff would (its version read first). */
export async function concluirEtapa(admin: APIRequestContext, osId: string, etapa: string) {
  const alvo = etapaDe(await lerOs(admin, osId), etapa);
  const res = await admin.post(`/api/ordens-servico/${alvo.os_id}/etapas/${alvo.id}/concluir`, {
    data: { updated_at: alvo.updated_at },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** The installer's phone: a 390 px touch screen, signed in as them. Close it with `phone.close()`. */
export async function telefoneDo(browser: Browser, email: string, senha: string) {
  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
  });
  const cel = await phone.newPage();
  await signInPage(cel, email, senha);
  return { phone, cel };
}

/** What the phone's camera input hands over, in small: a 64×48 PNG. */
export async function fotoDaCamera(name = 'obra.png') {
  return {
    name,
    mimeType: 'image/png',
    buffer: await sharp({ create: { width: 64, height: 48, channels: 3, background: '#b33' } })
      .png()
      .toBuffer(),
  };
}
