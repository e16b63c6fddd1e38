// Writes the fiscal reference data Lavra ships (issue 30), so that no request goes to the network:
//   src/domain/dados/municipios.json  [[código IBGE (7), nome, UF], …] — every município, by UF and name
//   src/domain/dados/ncm.json         [[NCM (8 dígitos), descrição], …] — every 8-digit NCM in force
// Sources (public data, given as paths):
//   --ncm  the NCM table in force as the Siscomex "Classificação fiscal" page publishes it in JSON
//          (Tabela_NCM_Vigente_AAAAMMDD.json: { Data_Ultima_Atualizacao_NCM, Ato, Nomenclaturas })
//   --municipios  a CSV with columns codigo_ibge,nome,…,codigo_uf (IBGE's list; e.g. the MIT-licensed
//          municipios.csv of github.com/kelvins/municipios-brasileiros)
// Usage: node scripts/gerar-dados-fiscais.mjs --ncm Tabela_NCM_Vigente.json --municipios municipios.csv
import { readFileSync, writeFileSync } from 'node:fs';

const arg = (name) => {
  const i = process.argv.indexOf(`--${name}`);
  if (i < 0 || !process.argv[i + 1]) throw new Error(`Informe --${name} <arquivo>.`);
  return process.argv[i + 1];
};

const UF_POR_CODIGO = {
  11: 'RO',
  12: 'AC',
  13: 'AM',
  14: 'RR',
  15: 'PA',
  16: 'AP',
  17: 'TO',
  21: 'MA',
  22: 'PI',
  23: 'CE',
  24: 'RN',
  25: 'PB',
  26: 'PE',
  27: 'AL',
  28: 'SE',
  29: 'BA',
  31: 'MG',
  32: 'ES',
  33: 'RJ',
  35: 'SP',
  41: 'PR',
  42: 'SC',
  43: 'RS',
  50: 'MS',
  51: 'MT',
  52: 'GO',
  53: 'DF',
};

function municipios(file) {
  const [header, ...lines] = readFileSync(file, 'utf8')
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/);
  const cols = header.split(',');
  const iCod = cols.indexOf('codigo_ibge');
  const iNome = cols.indexOf('nome');
  const out = lines.map((line) => {
    const f = line.split(',');
    const codigo = f[iCod];
    const uf = UF_POR_CODIGO[codigo.slice(0, 2)];
    if (!/^\d{7}$/.test(codigo) || !uf) throw new Error(`Linha inválida: ${line}`);
    return [codigo, f[iNome], uf];
  });
  out.sort((a, b) => a[2].localeCompare(b[2]) || a[1].localeCompare(b[1], 'pt-BR'));
  return out;
}

const limpa = (s) =>
  s
    .replace(/<[^>]+>/g, '')
    .replace(/^[\s–-]+/, '')
    .replace(/[\s:;.]+$/, '')
    .replace(/\s+/g, ' ')
    .trim();

function ncm(file) {
  const json = JSON.parse(readFileSync(file, 'utf8'));
  const porCodigo = new Map();
  for (const n of json.Nomenclaturas) porCodigo.set(n.Codigo.replace(/\D/g, ''), limpa(n.Descricao));
  const out = [];
  for (const [digitos, descricao] of porCodigo) {
    if (digitos.length !== 8) continue;
    // "Outros"/"Outras" alone says nothing: the leaf carries its heading's and subheadings' words, the
    // way a search by description needs them.
    // The heading (4 digits) by its first clause, which names the goods ("Pedras de cantaria…").
    const posicao = (porCodigo.get(digitos.slice(0, 4)) ?? '').split(/[;(]/)[0].trim();
    const partes = posicao ? [posicao.length > 90 ? `${posicao.slice(0, 89).trimEnd()}…` : posicao] : [];
    for (const n of [5, 6, 7]) {
      const p = porCodigo.get(digitos.slice(0, n));
      if (p && !partes.includes(p)) partes.push(p);
    }
    partes.push(descricao);
    out.push([digitos, partes.join(' › ')]);
  }
  out.sort((a, b) => a[0].localeCompare(b[0]));
  return { out, versao: `${json.Data_Ultima_Atualizacao_NCM} (${json.Ato})` };
}

const m = municipios(arg('municipios'));
const n = ncm(arg('ncm'));
// One entry a line: a new table's diff shows the codes that changed.
const linhas = (rows) => rows.map((r) => `  ${JSON.stringify(r)}`).join(',\n');
writeFileSync('src/domain/dados/municipios.json', `[\n${linhas(m)}\n]\n`);
writeFileSync(
  'src/domain/dados/ncm.json',
  `{\n  "versao": ${JSON.stringify(n.versao)},\n  "itens": [\n${linhas(n.out)}\n  ]\n}\n`,
);
console.log(`${m.length} municípios, ${n.out.length} NCM (${n.versao})`);
