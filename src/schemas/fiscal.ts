// Fiscal fields (issue 30) shared by the server and the forms: format checks here; whether an NCM or an
// IBGE code exists is checked by the server against the shipped tables (domain/fiscal.ts), which the web
// does not load.
import {
  FISCAL_AMBIENTES,
  FISCAL_PROVEDORES,
  REGIMES_TRIBUTARIOS,
  type RegimeTributario,
  UNIDADES_COMERCIAIS,
} from './enums';
import { z } from './z';

export { FISCAL_AMBIENTES, FISCAL_PROVEDORES, REGIMES_TRIBUTARIOS, UNIDADES_COMERCIAIS };

export const REGIME_LABEL: Record<RegimeTributario, string> = {
  simples_nacional: 'Simples Nacional (CRT 1)',
  simples_excesso: 'Simples Nacional, excesso de sublimite (CRT 2)',
  lucro_presumido: 'Lucro Presumido (CRT 3)',
  lucro_real: 'Lucro Real (CRT 3)',
};
/** Homologação first: a new shop tests in the provider's sandbox before anything has legal effect. */
export const AMBIENTE_LABEL: Record<(typeof FISCAL_AMBIENTES)[number], string> = {
  homologacao: 'Homologação (testes)',
  producao: 'Produção',
};
export const PROVEDOR_LABEL: Record<(typeof FISCAL_PROVEDORES)[number], string> = { nfeio: 'NFE.io' };
export const UNIDADE_COMERCIAL_LABEL: Record<(typeof UNIDADES_COMERCIAIS)[number], string> = {
  M2: 'M2 – metro quadrado',
  UN: 'UN – unidade',
  ML: 'ML – metro linear',
};
/** NF-e `orig` (0–8). */
export const ORIGEM_LABEL: readonly string[] = [
  '0 – Nacional',
  '1 – Estrangeira, importação direta',
  '2 – Estrangeira, adquirida no mercado interno',
  '3 – Nacional, conteúdo de importação entre 40% e 70%',
  '4 – Nacional, processos produtivos básicos',
  '5 – Nacional, conteúdo de importação até 40%',
  '6 – Estrangeira, importação direta, sem similar nacional',
  '7 – Estrangeira, mercado interno, sem similar nacional',
  '8 – Nacional, conteúdo de importação acima de 70%',
];

/** '' (an empty field) and null clear; absent keeps what is stored. */
const limpo = (v: string | null | undefined) => (v == null ? v : v.trim());

/** Digits only, after dots, dashes, slashes and spaces are dropped: how a code is typed with its mask. */
const codigo = (digitos: number | [number, number], message: string) => {
  const [min, max] = typeof digitos === 'number' ? [digitos, digitos] : digitos;
  const re = new RegExp(`^\\d{${min},${max}}$`);
  return z
    .string({ message })
    .nullish()
    .transform((v, ctx) => {
      const s = limpo(v)?.replace(/[.\-/\s]/g, '');
      if (!s) return null;
      if (!re.test(s)) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return s;
    });
};

export const ncmInput = codigo(8, 'NCM inválido: informe os 8 dígitos (ex.: 6802.93.90).');
export const cfopInput = z
  .string({ message: 'CFOP inválido.' })
  .nullish()
  .transform((v, ctx) => {
    const s = limpo(v)?.replace(/[.\s]/g, '');
    if (!s) return null;
    if (!/^[1-7]\d{3}$/.test(s)) {
      ctx.addIssue({ code: 'custom', message: 'CFOP inválido: informe os 4 dígitos (ex.: 5102).' });
      return z.NEVER;
    }
    return s;
  });
export const csosnInput = codigo(3, 'CSOSN inválido: informe os 3 dígitos (ex.: 102).');
export const cstInput = codigo(2, 'CST inválido: informe os 2 dígitos (ex.: 00).');
export const origemInput = z.coerce
  .number({ message: 'Informe a origem (0 a 8).' })
  .int('Informe a origem (0 a 8).')
  .min(0, 'Informe a origem (0 a 8).')
  .max(8, 'Informe a origem (0 a 8).');
export const unidadeComercialInput = z
  .union([z.literal(''), z.enum(UNIDADES_COMERCIAIS)], {
    message: 'Unidade comercial deve ser M2, UN ou ML.',
  })
  .nullish()
  .transform((v) => v || null);
export const municipioIbgeInput = codigo(7, 'Código IBGE do município inválido: são 7 dígitos.');

/** A state registration as the SEFAZ writes it: 2 to 14 digits (SP's rural producers start with P). */
export const inscricaoEstadualInput = z
  .string({ message: 'Inscrição estadual inválida.' })
  .nullish()
  .transform((v, ctx) => {
    const s = limpo(v)
      ?.toUpperCase()
      .replace(/[.\-/\s]/g, '');
    if (!s) return null;
    if (s === 'ISENTO') {
      ctx.addIssue({
        code: 'custom',
        message: 'Para isento, deixe a inscrição em branco e marque "Isento".',
      });
      return z.NEVER;
    }
    if (!/^P?\d{2,14}$/.test(s)) {
      ctx.addIssue({ code: 'custom', message: 'Inscrição estadual inválida: informe de 2 a 14 dígitos.' });
      return z.NEVER;
    }
    return s;
  });
export const inscricaoMunicipalInput = z
  .string({ message: 'Inscrição municipal inválida.' })
  .nullish()
  .transform((v, ctx) => {
    const s = limpo(v)
      ?.toUpperCase()
      .replace(/[.\-/\s]/g, '');
    if (!s) return null;
    if (!/^[0-9A-Z]{1,20}$/.test(s)) {
      ctx.addIssue({ code: 'custom', message: 'Inscrição municipal inválida: letras e dígitos, até 20.' });
      return z.NEVER;
    }
    return s;
  });

/** The city's code of the installation service (each city has its own list): letters, digits, . / - */
export const codigoServicoInput = z
  .string({ message: 'Código do serviço inválido.' })
  .nullish()
  .transform((v, ctx) => {
    const s = limpo(v);
    if (!s) return null;
    if (!/^[0-9A-Za-z./-]{1,20}$/.test(s)) {
      ctx.addIssue({
        code: 'custom',
        message: 'Código do serviço no município inválido: letras, dígitos, ".", "/" e "-", até 20.',
      });
      return z.NEVER;
    }
    return s;
  });

/** An item of the LC 116 service list, written NN.NN ("7.02" becomes "07.02"). */
export const itemListaServicoInput = z
  .string({ message: 'Item da lista de serviços inválido.' })
  .nullish()
  .transform((v, ctx) => {
    const m = /^(\d{1,2})\.(\d{2})$/.exec(limpo(v) ?? '');
    if (!limpo(v)) return null;
    if (!m || Number(m[1]) < 1 || Number(m[1]) > 40) {
      ctx.addIssue({
        code: 'custom',
        message: 'Item da lista de serviços (LC 116) inválido: use o formato 07.02.',
      });
      return z.NEVER;
    }
    return `${m[1]!.padStart(2, '0')}.${m[2]}`;
  });

/** The ISS rate in percent: LC 116 sets 2 % as the floor and 5 % as the ceiling; two decimals. */
export const aliquotaIssInput = z
  .union([z.number(), z.string()], { message: 'Alíquota do ISS inválida.' })
  .nullish()
  .transform((v, ctx) => {
    if (v === undefined) return undefined;
    const s = typeof v === 'number' ? String(v) : limpo(v)?.replace(',', '.');
    if (s === null || s === undefined || s === '') return null;
    if (!/^\d{1,2}(\.\d{1,2})?$/.test(s) || Number(s) < 2 || Number(s) > 5) {
      ctx.addIssue({
        code: 'custom',
        message: 'Alíquota do ISS inválida: de 2 a 5 (%), com até duas casas decimais.',
      });
      return z.NEVER;
    }
    return Number(s).toFixed(2);
  });

/** A secret typed on the Empresa screen: '' or absent keeps the stored one. */
const segredo = (re: RegExp, message: string, max: number) =>
  z
    .string({ message })
    .nullish()
    .transform((v, ctx) => {
      const s = limpo(v);
      if (!s) return undefined;
      if (s.length > max || !re.test(s)) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return s;
    });

/** The Empresa screen's "Dados fiscais" card (PUT /api/empresa): every field optional, absent keeps. */
export const empresaFiscalFields = {
  regime_tributario: z
    .union([z.literal(''), z.enum(REGIMES_TRIBUTARIOS)], { message: 'Regime tributário inválido.' })
    .nullish()
    .transform((v) => (v === undefined ? undefined : v || null)),
  inscricao_estadual: inscricaoEstadualInput.optional(),
  inscricao_municipal: inscricaoMunicipalInput.optional(),
  municipio_ibge: municipioIbgeInput.optional(),
  nfe_serie: z.coerce
    .number({ message: 'Informe a série (1 a 999).' })
    .int('A série deve ser um número inteiro de 1 a 999.')
    .min(1, 'A série deve ser de 1 a 999.')
    .max(999, 'A série deve ser de 1 a 999.')
    .optional(),
  nfe_proximo_numero: z.coerce
    .number({ message: 'Informe o próximo número da NF-e.' })
    .int('O próximo número deve ser inteiro.')
    .min(1, 'O próximo número deve ser 1 ou mais.')
    .max(999_999_999, 'O próximo número vai até 999.999.999.')
    .optional(),
  nfse_codigo_servico: codigoServicoInput.optional(),
  nfse_item_lista: itemListaServicoInput.optional(),
  nfse_aliquota_iss: aliquotaIssInput,
  fiscal_provedor: z
    .union([z.literal(''), z.enum(FISCAL_PROVEDORES)], { message: 'Provedor fiscal inválido.' })
    .nullish()
    .transform((v) => (v === undefined ? undefined : v || null)),
  fiscal_ambiente: z
    .enum(FISCAL_AMBIENTES, { message: 'Ambiente deve ser homologação ou produção.' })
    .optional(),
  /** Write-only: never answered, logged or audited. */
  fiscal_api_key: segredo(
    /^\S{8,}$/,
    'Chave de API inválida: ao menos 8 caracteres, sem espaços.',
    500,
  ).optional(),
  fiscal_empresa_id: segredo(
    /^[A-Za-z0-9_-]+$/,
    'ID da empresa no provedor inválido: letras, dígitos, "-" e "_".',
    100,
  ).optional(),
  /** true removes the stored credentials. */
  fiscal_credenciais_remover: z.boolean({ message: 'Informe true para remover as credenciais.' }).optional(),
};

/** The client's state registration or "isento", never both. */
export const clienteFiscalFields = {
  inscricao_estadual: inscricaoEstadualInput.optional(),
  ie_isento: z.boolean({ message: 'Informe se o cliente é isento de inscrição estadual.' }).optional(),
  municipio_ibge: municipioIbgeInput.optional(),
};

export const produtoFiscalFields = {
  ncm: ncmInput.optional(),
  cfop: cfopInput.optional(),
  csosn: csosnInput.optional(),
  cst: cstInput.optional(),
  origem: origemInput.optional(),
  unidade_comercial: unidadeComercialInput.optional(),
};

export const MSG_IE_ISENTO = 'Informe a inscrição estadual ou marque "Isento", não os dois.';

// ── GET /api/fiscal/municipios and /api/fiscal/ncm (the forms' search boxes, ≤ 50 rows)

const UFS_RE = /^[A-Za-z]{2}$/;
export const municipiosQuery = z.object({
  uf: z
    .string()
    .trim()
    .refine((v) => v === '' || UFS_RE.test(v), 'UF inválida.')
    .optional(),
  q: z.string().trim().max(100, 'Busca muito longa.').optional(),
});
export const municipiosSchema = z.object({
  items: z.array(z.object({ codigo: z.string(), nome: z.string(), uf: z.string() })),
});
export const ncmQuery = z.object({
  q: z.string().trim().max(100, 'Busca muito longa.').optional(),
});
export const ncmListaSchema = z.object({
  /** The table shipped ("Vigente em …", the CAMEX act). */
  versao: z.string(),
  items: z.array(z.object({ codigo: z.string(), descricao: z.string() })),
});
