// A client's street line as printed (the customer's PDF, the quote's printout, the work order's job
// address): "Rua X, 123, Apto 4 — Bairro". The database composes the same text when a work order copies
// the client's address (lavra_logradouro, migration 0033_clientes_endereco_sql): keep the two alike.

export interface Logradouro {
  endereco: string | null;
  numero?: string | null;
  complemento?: string | null;
  bairro?: string | null;
}

const parte = (v: string | null | undefined) => v?.trim() || null;

/** Logradouro, número and complemento by commas, then " — " and the bairro; '' when none is there. */
export function logradouroCompleto(e: Logradouro): string {
  const rua = [e.endereco, e.numero, e.complemento].map(parte).filter(Boolean).join(', ');
  return [rua, parte(e.bairro)].filter(Boolean).join(' — ');
}
