// One place that turns a pdfmake document definition into PDF bytes on the server. pdfmake is pure
// JavaScript and ships Roboto (full Latin-1, so "orçamento", "ã", "é" render) — nothing to install.
import { createRequire } from 'node:module';
import type { TDocumentDefinitions } from 'pdfmake/interfaces';

const require = createRequire(import.meta.url);

interface PdfMake {
  setFonts(fonts: Record<string, Record<string, string>>): void;
  setUrlAccessPolicy(policy: (url: string) => boolean): void;
  setLocalAccessPolicy(policy: (path: string) => boolean): void;
  createPdf(doc: TDocumentDefinitions): { getBuffer(): Promise<Buffer> };
}

let instance: PdfMake | undefined;

function pdfmake(): PdfMake {
  if (instance) return instance;
  const pm = require('pdfmake') as PdfMake;
  const fonts = require('pdfmake/fonts/Roboto.js') as Record<string, Record<string, string>>;
  pm.setFonts(fonts);
  // A document never fetches anything: images come in as data URLs built by the server itself, and
  // the only files read are the shipped fonts.
  const fontFiles = new Set(Object.values(fonts.Roboto ?? {}));
  pm.setUrlAccessPolicy(() => false);
  pm.setLocalAccessPolicy((path) => fontFiles.has(path));
  instance = pm;
  return pm;
}

export async function renderPdf(doc: TDocumentDefinitions): Promise<Buffer> {
  return pdfmake()
    .createPdf({
      ...doc,
      defaultStyle: { font: 'Roboto', fontSize: 10, ...doc.defaultStyle },
    })
    .getBuffer();
}
