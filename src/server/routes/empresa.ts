import { Hono } from 'hono';
import * as q from '../../db/queries/empresa';
import { municipioPorCodigo } from '../../domain/fiscal';
import { empresaSchema, empresaUpdate, LOGO_LIMITS } from '../../schemas/empresa';
import { empresaAtual } from '../casos/empresa';
import { type AppContext, type AppEnv, parseBody } from '../context';
import { route } from '../contract';
import { badRequest, notFound, staleWrite } from '../errors';
import { publish } from '../events';
import { cifrarCredenciais, decifrarCredenciais } from '../fiscal/credenciais';
import { reencodeImage } from '../images';

const RECURSO = 'empresa';
const write = ['configuracoes'] as const;

/** The company as every screen and document reads it; the first read seeds it from EMPRESA_*. */

async function answer(c: AppContext, row: q.EmpresaRow) {
  const logo = await q.getLogo(c.get('deps').db);
  return {
    ...row,
    fator_sobra: Number(row.fator_sobra),
    nfse_aliquota_iss: row.nfse_aliquota_iss === null ? null : Number(row.nfse_aliquota_iss),
    logo: logo ? { mime: logo.mime, updated_at: logo.updated_at } : null,
  };
}

/** The uploaded image: a multipart form's `logo` file, or the raw body (Content-Type image/*). */
async function uploadedBytes(c: AppContext): Promise<Uint8Array> {
  const type = c.req.header('content-type') ?? '';
  if (type.startsWith('multipart/form-data')) {
    let file: unknown;
    try {
      file = (await c.req.formData()).get('logo');
    } catch {
      throw badRequest('Envie a imagem no campo "logo".', [{ path: 'logo', message: 'Envie uma imagem.' }]);
    }
    if (!(file instanceof Blob)) {
      throw badRequest('Envie a imagem no campo "logo".', [{ path: 'logo', message: 'Envie uma imagem.' }]);
    }
    return new Uint8Array(await file.arrayBuffer());
  }
  return new Uint8Array(await c.req.arrayBuffer());
}

/** The município must be in the IBGE list, and in the company's state when it has one. */
function checkMunicipio(codigo: string | null | undefined, uf: string | null | undefined) {
  if (!codigo) return;
  const m = municipioPorCodigo(codigo);
  const message = !m
    ? 'Município não encontrado na lista do IBGE.'
    : uf && m.uf !== uf.toUpperCase()
      ? `O município escolhido (${m.nome}/${m.uf}) não é da UF informada (${uf.toUpperCase()}).`
      : null;
  if (message) throw badRequest(message, [{ path: 'municipio_ibge', message }]);
}

const doc = {
  get: route({
    summary: 'Dados da empresa (cabeçalho de impressões e documentos)',
    description:
      'Um registro só; na primeira leitura é criado a partir das variáveis `EMPRESA_*`. As credenciais do provedor fiscal nunca saem: só `fiscal_credenciais_definidas`; `logo` traz o tipo e a data do logotipo, ou null.',
    access: 'sessao',
    response: empresaSchema,
  }),
  put: route({
    summary: 'Altera os dados da empresa (envie o updated_at lido)',
    description:
      'Os textos de cadastro ausentes ficam vazios; `fator_sobra` e `comissoes_como_orcamento` ausentes ficam como estão. `municipio_ibge` precisa existir na lista do IBGE e ser da `uf` (400); a chave Pix é guardada na forma do DICT. `fiscal_api_key`/`fiscal_empresa_id` são gravados cifrados (um só mantém o outro já salvo) e `fiscal_credenciais_remover` os apaga. 409 se outra pessoa alterou antes; publica um evento ao vivo.',
    access: write,
    body: empresaUpdate,
    response: empresaSchema,
    errors: [409],
  }),
  getLogo: route({
    summary: 'Logotipo da empresa (PNG)',
    description:
      'A imagem guardada (PNG de no máximo 512 px de lado); 404 quando a empresa não tem logotipo.',
    access: 'sessao',
    produces: 'image/png',
    errors: [404],
  }),
  putLogo: route({
    summary: 'Envia o logotipo (PNG, JPEG ou WebP; multipart campo "logo" ou corpo image/*), guardado em PNG',
    description:
      'Recusa (400) o que não for imagem e (413) acima de 1 MB; a resposta é a empresa com o novo logotipo.',
    access: write,
    upload: { field: 'logo', types: ['image/png', 'image/jpeg', 'image/webp'] },
    response: empresaSchema,
    errors: [400, 413],
  }),
  deleteLogo: route({
    summary: 'Remove o logotipo',
    description:
      'Documentos e impressões passam a sair sem logotipo; sem logotipo responde 204 do mesmo jeito. Publica um evento ao vivo.',
    access: write,
    status: 204,
  }),
};

export const empresaRoutes = new Hono<AppEnv>()
  .get('/', doc.get, async (c) => c.json(await answer(c, await empresaAtual(c.get('deps')))))
  .put('/', doc.put, async (c) => {
    const { updated_at, fiscal_api_key, fiscal_empresa_id, fiscal_credenciais_remover, ...values } =
      await parseBody(c, empresaUpdate);
    const atual = await empresaAtual(c.get('deps'));
    checkMunicipio(values.municipio_ibge, values.uf === undefined ? atual.uf : values.uf);
    const { db, config } = c.get('deps');
    const row = await db.transaction(async (tx) => {
      let fiscal_credenciais: string | null | undefined;
      if (fiscal_credenciais_remover) fiscal_credenciais = null;
      else if (fiscal_api_key || fiscal_empresa_id) {
        // One part typed keeps the other as saved; with nothing saved (or unreadable) both are needed.
        const blob = await q.credenciaisCifradas(tx);
        const salvas = blob ? decifrarCredenciais(config, blob) : null;
        const apiKey = fiscal_api_key ?? salvas?.apiKey;
        const empresaId = fiscal_empresa_id ?? salvas?.empresaId;
        if (!apiKey)
          throw badRequest('Informe a chave de API do provedor.', [
            { path: 'fiscal_api_key', message: 'Informe a chave de API do provedor.' },
          ]);
        if (!empresaId)
          throw badRequest('Informe o ID da empresa no provedor.', [
            { path: 'fiscal_empresa_id', message: 'Informe o ID da empresa no provedor.' },
          ]);
        fiscal_credenciais = cifrarCredenciais(config, { apiKey, empresaId });
      }
      const r = await q.updateEmpresa(tx, {
        values: { ...values, fiscal_credenciais },
        updatedAt: updated_at,
      });
      if (r === 'stale' || r === 'missing') throw staleWrite();
      await publish(tx, RECURSO, 'atualizado');
      return r;
    });
    return c.json(await answer(c, row));
  })
  .get('/logo', doc.getLogo, async (c) => {
    const logo = await q.getLogo(c.get('deps').db);
    if (!logo) throw notFound('A empresa não tem logotipo.');
    return c.body(Buffer.from(logo.dados, 'base64'), 200, { 'content-type': logo.mime });
  })
  .put('/logo', doc.putLogo, async (c) => {
    const image = await reencodeImage(await uploadedBytes(c), LOGO_LIMITS);
    const { db } = c.get('deps');
    await db.transaction(async (tx) => {
      await q.putLogo(tx, { mime: image.mime, dados: image.bytes.toString('base64') });
      await publish(tx, RECURSO, 'atualizado');
    });
    return c.json(await answer(c, await empresaAtual(c.get('deps'))));
  })
  .delete('/logo', doc.deleteLogo, async (c) => {
    const { db } = c.get('deps');
    await db.transaction(async (tx) => {
      await q.deleteLogo(tx);
      await publish(tx, RECURSO, 'atualizado');
    });
    return c.body(null, 204);
  });
