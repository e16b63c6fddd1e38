import { describe, expect, it } from 'vitest';
import {
  cepValido,
  cnpjValido,
  cpfValido,
  documentoLabel,
  documentoValido,
  maskCep,
  maskCnpj,
  maskCpf,
  maskCpfCnpj,
  maskTelefone,
  onlyDigits,
  telefoneValido,
} from './masks';

// 529.982.247-25 and 11.222.333/0001-81 are the classic valid test documents (check digits correct).
describe('masks', () => {
  it('onlyDigits keeps digits only', () => {
    expect(onlyDigits('529.982.247-25')).toBe('52998224725');
    expect(onlyDigits(' (11) 9 8765-4321 ')).toBe('11987654321');
    expect(onlyDigits(null)).toBe('');
  });

  it('CPF: grows with the digits typed and stops at 11', () => {
    expect(maskCpf('')).toBe('');
    expect(maskCpf('529')).toBe('529');
    expect(maskCpf('5299')).toBe('529.9');
    expect(maskCpf('5299822')).toBe('529.982.2');
    expect(maskCpf('52998224725')).toBe('529.982.247-25');
    expect(maskCpf('529982247251234')).toBe('529.982.247-25');
    expect(maskCpf('529.982.247-25')).toBe('529.982.247-25');
  });

  it('CNPJ: grows with the digits typed and stops at 14', () => {
    expect(maskCnpj('11')).toBe('11');
    expect(maskCnpj('11222')).toBe('11.222');
    expect(maskCnpj('11222333')).toBe('11.222.333');
    expect(maskCnpj('112223330001')).toBe('11.222.333/0001');
    expect(maskCnpj('11222333000181')).toBe('11.222.333/0001-81');
    expect(maskCnpj('1122233300018199')).toBe('11.222.333/0001-81');
  });

  it('CPF/CNPJ follows the tipo, so switching tipo re-masks the same digits', () => {
    expect(maskCpfCnpj('Pessoa Física', '11222333000181')).toBe('112.223.330-00');
    expect(maskCpfCnpj('Pessoa Jurídica', '11222333000181')).toBe('11.222.333/0001-81');
    expect(maskCpfCnpj(undefined, '52998224725')).toBe('529.982.247-25');
    expect(documentoLabel('Pessoa Jurídica')).toBe('CNPJ');
    expect(documentoLabel('Pessoa Física')).toBe('CPF');
  });

  it('phone: landline with 10 digits, mobile with 11, partial while typing', () => {
    expect(maskTelefone('')).toBe('');
    expect(maskTelefone('1')).toBe('(1');
    expect(maskTelefone('11')).toBe('(11');
    expect(maskTelefone('113')).toBe('(11) 3');
    expect(maskTelefone('1133334444')).toBe('(11) 3333-4444');
    expect(maskTelefone('11987654321')).toBe('(11) 98765-4321');
    expect(maskTelefone('(11) 98765-43219999')).toBe('(11) 98765-4321');
  });

  it('CEP: 00000-000', () => {
    expect(maskCep('01310')).toBe('01310');
    expect(maskCep('013101')).toBe('01310-1');
    expect(maskCep('01310100')).toBe('01310-100');
    expect(maskCep('01310-1009')).toBe('01310-100');
  });

  it('validation: check digits for CPF and CNPJ, lengths for phone and CEP', () => {
    expect(cpfValido('529.982.247-25')).toBe(true);
    expect(cpfValido('529.982.247-26')).toBe(false);
    expect(cpfValido('111.111.111-11')).toBe(false);
    expect(cnpjValido('11.222.333/0001-81')).toBe(true);
    expect(cnpjValido('11.222.333/0001-82')).toBe(false);
    expect(documentoValido('Pessoa Física', '52998224725')).toBe(true);
    expect(documentoValido('Pessoa Jurídica', '52998224725')).toBe(false);
    expect(documentoValido('Pessoa Jurídica', '11222333000181')).toBe(true);
    expect(telefoneValido('(11) 3333-4444')).toBe(true);
    expect(telefoneValido('(11) 98765-4321')).toBe(true);
    expect(telefoneValido('98765-4321')).toBe(false);
    expect(cepValido('01310-100')).toBe(true);
    expect(cepValido('0131010')).toBe(false);
  });
});
