import { describe, expect, it } from 'vitest';
import { chavePix, pixCopiaECola, textoPix } from './pix';

/** CRC16-CCITT-FALSE (poly 0x1021, init 0xFFFF) over bytes: written here, not taken from pix-utils. */
function crc16(bytes: Uint8Array): string {
  let crc = 0xffff;
  for (const b of bytes) {
    crc ^= b << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** An independent BR Code reader: TLV fields whose lengths count bytes (UTF-8), CRC checked. */
function parseBrCode(code: string): Map<string, string | Map<string, string>> {
  const bytes = new TextEncoder().encode(code);
  const dec = new TextDecoder('utf-8', { fatal: true });
  // the CRC covers everything up to and including "6304"
  expect(dec.decode(bytes.subarray(bytes.length - 8, bytes.length - 4))).toBe('6304');
  expect(crc16(bytes.subarray(0, bytes.length - 4))).toBe(dec.decode(bytes.subarray(bytes.length - 4)));
  const read = (b: Uint8Array) => {
    const out = new Map<string, string>();
    let i = 0;
    while (i < b.length) {
      const id = dec.decode(b.subarray(i, i + 2));
      const len = Number(dec.decode(b.subarray(i + 2, i + 4)));
      expect(Number.isInteger(len)).toBe(true);
      expect(i + 4 + len).toBeLessThanOrEqual(b.length);
      out.set(id, dec.decode(b.subarray(i + 4, i + 4 + len)));
      i += 4 + len;
    }
    expect(i).toBe(b.length);
    return out;
  };
  const top = read(bytes) as Map<string, string | Map<string, string>>;
  const conta = top.get('26') as string;
  top.set('26', read(new TextEncoder().encode(conta)));
  return top;
}

describe('Pix keys: validated and written in their canonical form by kind', () => {
  it.each([
    ['529.982.247-25', 'cpf', '52998224725'],
    ['11.222.333/0001-81', 'cnpj', '11222333000181'],
    ['(11) 98765-4321', 'phone', '+5511987654321'],
    ['+55 11 98765-4321', 'phone', '+5511987654321'],
    ['Contato@Empresa.com.br', 'email', 'contato@empresa.com.br'],
    ['  7D9F0335-8DCC-4054-9BF9-0DBD61D36906 ', 'evp', '7d9f0335-8dcc-4054-9bf9-0dbd61d36906'],
  ])('%s → %s %s', (raw, tipo, chave) => {
    expect(chavePix(raw)).toEqual({ tipo, chave });
  });

  it.each([
    ['529.982.247-24'], // wrong check digit
    ['11.222.333/0001-82'],
    ['(11) 3333-4444'], // a landline is not a Pix key
    ['contato@'],
    ['minha chave'],
    [''],
  ])('refuses %s', (raw) => {
    expect(chavePix(raw)).toBeNull();
  });
});

describe('BR Code', () => {
  it('name and city in printable ASCII, lengths in bytes; an independent parser reads every field and the CRC', () => {
    const code = pixCopiaECola({
      chave: 'Contato@Empresa.com.br',
      nome: 'Marmoraria São João nº 1 – Pedras™ 🪨 Ltda',
      cidade: 'São José do Rio Preto',
      valor: 1234.5,
    })!;
    expect(code).toMatch(/^[\x20-\x7e]+$/);
    const f = parseBrCode(code);
    expect(f.get('00')).toBe('01');
    expect((f.get('26') as Map<string, string>).get('00')).toBe('br.gov.bcb.pix');
    expect((f.get('26') as Map<string, string>).get('01')).toBe('contato@empresa.com.br');
    expect(f.get('53')).toBe('986');
    expect(f.get('54')).toBe('1234.50');
    expect(f.get('58')).toBe('BR');
    // 25 and 15 bytes at most; accents dropped, º – ™ and the emoji gone (pix-utils writes capitals)
    expect(f.get('59')).toBe('MARMORARIA SAO JOAO N 1 P');
    expect(f.get('60')).toBe('SAO JOSE DO RIO');
  });

  it('the phone key as +55DDDNUMBER, the CPF as digits', () => {
    const tel = parseBrCode(
      pixCopiaECola({ chave: '(11) 98765-4321', nome: 'Loja', cidade: 'Vitória', valor: 10 })!,
    );
    expect((tel.get('26') as Map<string, string>).get('01')).toBe('+5511987654321');
    expect(tel.get('60')).toBe('VITORIA');
    const cpf = parseBrCode(
      pixCopiaECola({ chave: '529.982.247-25', nome: 'Loja', cidade: 'Vitória', valor: 10 })!,
    );
    expect((cpf.get('26') as Map<string, string>).get('01')).toBe('52998224725');
  });

  it('no code without a valid key or with nothing left to pay', () => {
    expect(pixCopiaECola({ chave: 'minha chave', nome: 'Loja', cidade: 'Vitória', valor: 10 })).toBeNull();
    expect(pixCopiaECola({ chave: '529.982.247-25', nome: 'Loja', cidade: 'Vitória', valor: 0 })).toBeNull();
  });

  it('textoPix keeps only what the standard allows, in bytes', () => {
    expect(textoPix('Ação – Nº 5 ™ 😀', 25)).toBe('Acao N 5');
    expect(new TextEncoder().encode(textoPix('ÁÉÍÓÚ'.repeat(10), 25)).length).toBe(25);
  });
});
