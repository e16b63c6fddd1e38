import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { renderPdf } from './render';

describe('renderPdf', () => {
  it('renders Portuguese text with accents that a reader extracts back', async () => {
    const bytes = await renderPdf(
      { content: [{ text: 'Orçamento nº 12 — João Antônio', bold: true }, 'Total: R$ 1.234,56'] },
      { text: 'Página {page} de {pages}', alignment: 'center' },
    );
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
    expect(text).toContain('Orçamento nº 12 — João Antônio');
    expect(text).toContain('Total: R$ 1.234,56');
    expect(text).toContain('Página 1 de 1');
  });

  it('draws an SVG (the pieces) and never reads a remote image', async () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="40"><rect x="1" y="1" width="98" height="38" fill="none" stroke="#000"/></svg>';
    const bytes = await renderPdf({ content: [{ svg, width: 100 }] });
    expect(bytes.length).toBeGreaterThan(500);
    await expect(renderPdf({ content: [{ image: 'https://example.com/x.png' }] })).rejects.toThrow();
  });

  it('the same document with fixed dates is the same bytes every time', async () => {
    const doc = {
      info: {
        title: 'X',
        creationDate: new Date('2026-01-02T03:04:05Z'),
        modDate: new Date('2026-01-02T03:04:05Z'),
      },
      content: ['Łukasz Nguyễn — Página'],
    } as never;
    const [a, b] = await Promise.all([renderPdf(doc), renderPdf(doc)]);
    expect(a.equals(b)).toBe(true);
  });
});
