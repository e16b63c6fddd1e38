/** Query-string changes: a value that is empty (or null/undefined) removes its parameter. */
export type Patch = Record<string, string | number | null | undefined>;

// One page has several hooks writing the same query string (the tabs, the list, the search box's
// debounce). The router renders a navigation later than it is asked for, so a hook that changes the
// URL in that moment must build on what another hook has just asked for, not on the query string it
// last rendered: the search's debounce firing right after "Editar" would otherwise put back the old
// URL with the search added, and the form would never open. Hence one pending value per page, not
// per hook.
let pending: string | null = null;

/**
 * The query string that applies `changes` on top of the latest one asked for (or `rendered`, when
 * none is waiting), or null when nothing would change (asking again is no new history entry: a
 * Radix tab fires on mousedown and again on focus).
 */
export function nextSearch(rendered: string, changes: Patch): string | null {
  const base = pending ?? rendered;
  const next = new URLSearchParams(base);
  for (const [k, v] of Object.entries(changes)) {
    if (v === undefined || v === null || v === '') next.delete(k);
    else next.set(k, String(v));
  }
  const key = next.toString();
  if (key === base) return null;
  pending = key;
  return key;
}

/** A new location is on screen: what was pending has landed (or another navigation replaced it). */
export function searchRendered() {
  pending = null;
}
