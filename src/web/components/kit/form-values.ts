/** The address block's fields (`EnderecoFields`), in the order the forms list them. */
export const ENDERECO_CAMPOS = ['endereco', 'cidade', 'uf', 'cep'] as const;

/** A new record's text fields: every input starts empty. */
export function blankValues<K extends string>(keys: readonly K[]): Record<K, string> {
  return Object.fromEntries(keys.map((k) => [k, ''])) as Record<K, string>;
}

/** A record's text fields as form values: one not filled in (null) is an empty input. */
export function textValues<R, K extends keyof R & string>(
  row: R,
  keys: readonly K[],
): { [P in K]: NonNullable<R[P]> | '' } {
  return Object.fromEntries(keys.map((k) => [k, row[k] ?? ''])) as { [P in K]: NonNullable<R[P]> | '' };
}
