// Uploaded images (the company's logo, production photos) are never stored as received: they are
// decoded, turned upright, shrunk, stripped of metadata (a phone photo's EXIF carries the GPS
// position of the customer's home) and re-encoded, so what is kept and served is an image Lavra made.
import sharp from 'sharp';
import { badRequest } from './errors';

export interface ImageLimits {
  /** Largest upload accepted, in bytes, before decoding. */
  maxInputBytes: number;
  /** Longest side of the stored image, in pixels. */
  maxSide: number;
  /** PNG keeps transparency (logos); JPEG is small (photos). Both embed in a PDF. */
  format: 'png' | 'jpeg';
  /** The field named in the 400 answer. */
  field: string;
}

export interface StoredImage {
  mime: 'image/png' | 'image/jpeg';
  bytes: Buffer;
  width: number;
  height: number;
}

const ACCEPTED = new Set(['png', 'jpeg', 'webp']);

/** The bytes of an image sent as a data URL (what a phone's canvas gives), or a 400 naming `imagem`. */
export function fromDataUrl(s: string): Buffer {
  const m = /^data:(image\/[a-z+.-]+);base64,(.*)$/s.exec(s);
  if (!m)
    throw badRequest('Envie a imagem como data URL (data:image/...;base64,...).', [
      { path: 'imagem', message: 'Imagem inválida.' },
    ]);
  return Buffer.from(m[2]!, 'base64');
}

export async function reencodeImage(input: Uint8Array, limits: ImageLimits): Promise<StoredImage> {
  const mb = (limits.maxInputBytes / 1024 / 1024).toLocaleString('pt-BR', { maximumFractionDigits: 1 });
  const refuse = (message: string) => badRequest(message, [{ path: limits.field, message }]);
  if (input.byteLength === 0) throw refuse('Envie uma imagem.');
  if (input.byteLength > limits.maxInputBytes) throw refuse(`A imagem deve ter no máximo ${mb} MB.`);
  let format: string | undefined;
  try {
    // Refuse decompression bombs before any pixel is decoded.
    format = (await sharp(input, { limitInputPixels: 40_000_000 }).metadata()).format;
  } catch {
    throw refuse('O arquivo enviado não é uma imagem PNG, JPEG ou WebP válida.');
  }
  if (!format || !ACCEPTED.has(format))
    throw refuse('O arquivo enviado não é uma imagem PNG, JPEG ou WebP válida.');
  try {
    const pipeline = sharp(input, { limitInputPixels: 40_000_000 })
      .rotate()
      .resize({ width: limits.maxSide, height: limits.maxSide, fit: 'inside', withoutEnlargement: true });
    const out =
      limits.format === 'png'
        ? await pipeline.png({ compressionLevel: 9 }).toBuffer({ resolveWithObject: true })
        : await pipeline
            .flatten({ background: '#ffffff' })
            .jpeg({ quality: 82, mozjpeg: true })
            .toBuffer({ resolveWithObject: true });
    return {
      mime: limits.format === 'png' ? 'image/png' : 'image/jpeg',
      bytes: out.data,
      width: out.info.width,
      height: out.info.height,
    };
  } catch {
    throw refuse('Não foi possível ler a imagem enviada (arquivo corrompido?).');
  }
}
