import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { HttpError } from './errors';
import { reencodeImage } from './images';

const limits = { maxInputBytes: 1024 * 1024, maxSide: 400, format: 'jpeg' as const, field: 'foto' };

async function photo(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#a0522d' } })
    .withMetadata({ exif: { IFD0: { Copyright: 'GPS do cliente' } } })
    .webp()
    .toBuffer();
}

describe('reencodeImage', () => {
  it('shrinks to the longest side, re-encodes and drops the metadata', async () => {
    const out = await reencodeImage(await photo(1200, 600), limits);
    expect(out.mime).toBe('image/jpeg');
    expect([out.width, out.height]).toEqual([400, 200]);
    const meta = await sharp(out.bytes).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.exif).toBeUndefined();
  });

  it('keeps a small logo as PNG without enlarging it', async () => {
    const out = await reencodeImage(await photo(120, 60), { ...limits, format: 'png', field: 'logo' });
    expect(out.mime).toBe('image/png');
    expect([out.width, out.height]).toEqual([120, 60]);
  });

  it('refuses what is not an image, an empty file and an oversized upload, naming the field', async () => {
    const cases: [Uint8Array, RegExp][] = [
      [Buffer.from('%PDF-1.7 not an image'), /PNG, JPEG ou WebP/],
      [new Uint8Array(), /Envie uma imagem/],
      [new Uint8Array(limits.maxInputBytes + 1), /no máximo 1 MB/],
    ];
    for (const [input, message] of cases) {
      const err = await reencodeImage(input, limits).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(HttpError);
      expect((err as HttpError).status).toBe(400);
      expect((err as HttpError).detail).toMatch(message);
      expect((err as HttpError).errors?.[0]?.path).toBe('foto');
    }
  });
});
