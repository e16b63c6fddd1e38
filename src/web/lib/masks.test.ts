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

  // What each mask shows for what was typed (or pasted), a row a keystroke state.
  it.each([
    ['CPF', maskCpf, '', ''],
    ['CPF', maskCpf, '529', '529'],
    ['CPF', maskCpf, '5299', '529.9'],
    ['CPF', maskCpf, '5299822', '529.982.2'],
    ['CPF', maskCpf, '52998224725', '529.982.247-25'],
    // CPF stops at 11 digits
    ['CPF', maskCpf, '529982247251234', '529.982.247-25'],
    ['CPF', maskCpf, '529.982.247-25', '529.982.247-25'],
    ['CNPJ', maskCnpj, '11', '11'],
    ['CNPJ', maskCnpj, '11222', '11.222'],
    ['CNPJ', maskCnpj, '11222333', '11.222.333'],
    ['CNPJ', maskCnpj, '112223330001', '11.222.333/0001'],
    ['CNPJ', maskCnpj, '11222333000181', '11.222.333/0001-81'],
    // CNPJ stops at 14 digits
    ['CNPJ', maskCnpj, '1122233300018199', '11.222.333/0001-81'],
    // phone: partial while typing, landline with 10 digits, mobile with 11
    ['phone', maskTelefone, '', ''],
    ['phone', maskTelefone, '1', '(1'],
    ['phone', maskTelefone, '11', '(11'],
    ['phone', maskTelefone, '113', '(11) 3'],
    ['phone', maskTelefone, '1133334444', '(11) 3333-4444'],
    ['phone', maskTelefone, '11987654321', '(11) 98765-4321'],
    ['phone', maskTelefone, '(11) 98765-43219999', '(11) 98765-4321'],
    // CEP: 00000-000
    ['CEP', maskCep, '01310', '01310'],
    ['CEP', maskCep, '013101', '01310-1'],
    ['CEP', maskCep, '01310100', '01310-100'],
    ['CEP', maskCep, '01310-1009', '01310-100'],
  ])('%s: %j is shown as %j', (_, mask, typed, shown) => {
    expect(mask(typed)).toBe(shown);
  });

  it('CPF/CNPJ follows the tipo, so switching tipo re-masks the same digits', () => {
    expect(maskCpfCnpj('Pessoa Física', '11222333000181')).toBe('112.223.330-00');
    expect(maskCpfCnpj('Pessoa Jurídica', '11222333000181')).toBe('11.222.333/0001-81');
    expect(maskCpfCnpj(undefined, '52998224725')).toBe('529.982.247-25');
    expect(documentoLabel('Pessoa Jurídica')).toBe('CNPJ');
    expect(documentoLabel('Pessoa Física')).toBe('CPF');
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
