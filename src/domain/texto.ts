/** The text without accents, in lower case: how names and descriptions are compared ("ÁGUA" is "agua"). */
export function normalize(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}
