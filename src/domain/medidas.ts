// A piece's measures, written one way wherever people read them (issue 26 §3: "2,4 x 0,6" on the
// customer's PDF and page, "2,40 m" in the drawing): the screens, the OS, the customer's PDF and page.
// Two decimals, three when the measure has millimetres beyond them (the column keeps three).

const metros = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 3 });

/** "2,40 m" */
export function formatMetros(v: number | string): string {
  return `${metros.format(Number(v))} m`;
}

/** "2,40 × 0,60 m" */
export function formatMedidas(medida1: number | string, medida2: number | string): string {
  return `${metros.format(Number(medida1))} × ${metros.format(Number(medida2))} m`;
}
