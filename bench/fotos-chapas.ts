/**
 * The demo yard's photos (issue 28): some slabs and remnants get a picture, so the Estoque list and a
 * slab's details show what a shop's look like. Each picture is generated: a stone-like texture (grain
 * of a few octaves of value noise, a vein or two), made by sharp (what the server re-encodes uploads
 * with) into the JPEG the server would store. Small and few, so the demo stays fast.
 */

import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { Db } from '../src/db/client';
import { chapaFotos } from '../src/db/schema';
import { mulberry32 } from './aleatorio';

type Rgb = [number, number, number];

/** Base colour, grain colour and vein colour of a stone, chosen from its name (else by its index). */
function paleta(nome: string, i: number): { base: Rgb; grao: Rgb; veio: Rgb } {
  const n = nome.toLowerCase();
  if (/preto|black|absoluto|gabriel/.test(n))
    return { base: [28, 28, 30], grao: [70, 70, 74], veio: [120, 120, 125] };
  if (/branco|white|carrara|dallas|itaúnas|siena|marfim/.test(n))
    return { base: [226, 224, 218], grao: [190, 188, 184], veio: [120, 122, 128] };
  const outras: { base: Rgb; grao: Rgb; veio: Rgb }[] = [
    { base: [150, 150, 148], grao: [95, 95, 96], veio: [210, 208, 204] }, // cinza
    { base: [176, 150, 118], grao: [120, 92, 66], veio: [225, 210, 185] }, // bege / marrom
    { base: [120, 70, 62], grao: [70, 36, 34], veio: [190, 150, 140] }, // vermelho
    { base: [70, 92, 86], grao: [36, 52, 48], veio: [160, 180, 170] }, // verde
  ];
  return outras[i % outras.length]!;
}

/** Value noise: a random grid of `celula`-px cells, smoothly interpolated. */
function ruido(w: number, h: number, celula: number, rnd: () => number): Float32Array {
  const gw = Math.ceil(w / celula) + 2;
  const gh = Math.ceil(h / celula) + 2;
  const g = Float32Array.from({ length: gw * gh }, rnd);
  const out = new Float32Array(w * h);
  const s = (t: number) => t * t * (3 - 2 * t);
  for (let y = 0; y < h; y++) {
    const gy = y / celula;
    const y0 = Math.floor(gy);
    const ty = s(gy - y0);
    for (let x = 0; x < w; x++) {
      const gx = x / celula;
      const x0 = Math.floor(gx);
      const tx = s(gx - x0);
      const a = g[y0 * gw + x0]! + (g[y0 * gw + x0 + 1]! - g[y0 * gw + x0]!) * tx;
      const b = g[(y0 + 1) * gw + x0]! + (g[(y0 + 1) * gw + x0 + 1]! - g[(y0 + 1) * gw + x0]!) * tx;
      out[y * w + x] = a + (b - a) * ty;
    }
  }
  return out;
}

/** A stone-like JPEG of `largura` × `altura` px, the same for the same seed. */
export async function fotoDePedra(
  nome: string,
  indice: number,
  seed: number,
  largura = 640,
  altura = 400,
  /** 'raw': the RGB pixels, for the caller to cut photos from. */
  formato: 'jpeg' | 'raw' = 'jpeg',
): Promise<Buffer> {
  const rnd = mulberry32(seed);
  const { base, grao, veio } = paleta(nome, indice);
  const oitavas = [
    ruido(largura, altura, 48, rnd),
    ruido(largura, altura, 12, rnd),
    ruido(largura, altura, 3, rnd),
  ];
  const dobra = ruido(largura, altura, 90, rnd);
  const inclinacao = 0.4 + rnd() * 0.8;
  const frequencia = 0.005 + rnd() * 0.006;
  const px = Buffer.alloc(largura * altura * 3);
  for (let i = 0; i < largura * altura; i++) {
    const x = i % largura;
    const y = (i - x) / largura;
    const n = 0.5 * oitavas[0]![i]! + 0.3 * oitavas[1]![i]! + 0.2 * oitavas[2]![i]!;
    // a vein: where a slanted wave bent by the low noise crosses zero
    const v = Math.abs(Math.sin((x * inclinacao + y) * frequencia + 2.2 * dobra[i]!));
    // and the grain's crystals: a few specks of the vein's colour
    const emVeio = Math.max(Math.max(0, 1 - v / 0.05) * 0.8, rnd() < 0.03 ? 0.45 : 0);
    const t = Math.min(1, Math.max(0, (n - 0.3) * 1.6));
    for (let c = 0; c < 3; c++) {
      const cor = base[c]! + (grao[c]! - base[c]!) * t;
      px[i * 3 + c] = Math.round(cor + (veio[c]! - cor) * emVeio);
    }
  }
  if (formato === 'raw') return px;
  return sharp(px, { raw: { width: largura, height: altura, channels: 3 } })
    .jpeg({ quality: 78 })
    .toBuffer();
}

/**
 * Photos for `limite` available slabs and as many remnants, spread over the stones (each stone's
 * pictures of one palette, each picture its own). Photos taken by nobody: `created_by` stays null.
 */
export async function gerarFotosChapas(db: Db, o: { limite: number; log: (m: string) => void }) {
  const t0 = Date.now();
  const rows = (
    (await db.execute(
      sql`with pedras as (
            select id, nome, row_number() over (order by nome, id) - 1 as i from produtos
             where id in (select distinct produto_id from chapas)
          ), escolhidas as (
            select c.id, c.tipo, c.largura_mm, c.altura_mm, p.nome, p.i,
                   row_number() over (partition by c.tipo order by c.codigo, c.id) as n
              from chapas c join pedras p on p.id = c.produto_id
             where c.status = 'disponivel'
          )
          select id, tipo, largura_mm, altura_mm, nome, i::int as i from escolhidas
           where n <= ${o.limite} order by tipo, n`,
    )) as unknown as {
      rows: { id: string; tipo: string; largura_mm: number; altura_mm: number; nome: string; i: number }[];
    }
  ).rows;
  // One texture per stone, and each photo a region of it: a few textures cost what the photos would
  // (the demo stays fast), and the slabs of one stone look alike, as a lot's do.
  const texturas = new Map<number, Promise<Buffer>>();
  const textura = (nome: string, i: number) => {
    let t = texturas.get(i);
    if (!t) {
      t = fotoDePedra(nome, i, 2811 + i, 720, 450, 'raw');
      texturas.set(i, t);
    }
    return t;
  };
  const values = [];
  for (const [k, c] of rows.entries()) {
    const raw = await textura(c.nome, c.i);
    const largura = 480;
    const altura = Math.max(120, Math.min(450, Math.round((largura * c.altura_mm) / c.largura_mm)));
    const bytes = await sharp(raw, { raw: { width: 720, height: 450, channels: 3 } })
      .extract({
        left: (k * 97) % (720 - largura),
        top: (k * 53) % (450 - altura + 1),
        width: largura,
        height: altura,
      })
      .jpeg({ quality: 78 })
      .toBuffer();
    values.push({ chapa_id: c.id, mime: 'image/jpeg', tamanho: bytes.byteLength, bytes });
  }
  if (values.length) await db.insert(chapaFotos).values(values);
  o.log(`fotos de chapas e sobras: ${values.length} (${Date.now() - t0} ms)`);
}
