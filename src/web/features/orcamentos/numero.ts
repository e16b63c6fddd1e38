import type * as React from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

/** Keys a non-negative number field never needs: the sign and the exponent (and the comma for integers). */
function bloquear(casas: number) {
  return (e: React.KeyboardEvent<HTMLInputElement>) => {
    const proibidas = casas === 0 ? ['-', '+', 'e', 'E', '.', ','] : ['-', '+', 'e', 'E'];
    if (proibidas.includes(e.key)) e.preventDefault();
  };
}

/**
 * Drops a leading minus and the decimals beyond `casas` from what was typed or pasted. Money
 * (`dinheiro`) is typed "4.400,00": its dots group thousands, so only what follows a comma is cut.
 */
export function limitarCasas(valor: string, casas: number, dinheiro = false): string {
  let out = valor.trim().replace(/^-/, '');
  if (dinheiro) {
    const c = /^([\d.]*),(\d*)$/.exec(out);
    return c ? `${c[1]},${(c[2] ?? '').slice(0, casas)}` : out;
  }
  const m = /^(\d*)([.,])(\d*)$/.exec(out);
  if (m) out = casas === 0 ? (m[1] ?? '') : `${m[1]}${m[2]}${(m[3] ?? '').slice(0, casas)}`;
  return out;
}

/**
 * The input mask of the quote's number fields: no sign, no exponent, at most `casas` decimals, so the
 * user is stopped while typing; what is still out of bounds (too large) is marked with its message.
 */
export function numeroMascarado(reg: UseFormRegisterReturn, casas: number, dinheiro = false) {
  return {
    ...reg,
    onKeyDown: bloquear(casas),
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
      const limpo = limitarCasas(e.target.value, casas, dinheiro);
      if (limpo !== e.target.value) e.target.value = limpo;
      return reg.onChange(e);
    },
  };
}

/** aria attributes tying a field to its message (`<id>-erro`). */
export function erroA11y(id: string, erro: string | undefined) {
  return {
    'aria-invalid': erro ? true : undefined,
    'aria-describedby': erro ? `${id}-erro` : undefined,
  } as const;
}
