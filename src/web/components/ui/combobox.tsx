import { Check, ChevronsUpDown, X } from 'lucide-react';
import { Popover } from 'radix-ui';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { cn } from '../../lib/utils';
import { Spinner } from './states';

export interface ComboboxOption {
  value: string;
  label: string;
  /** A second, smaller line (e.g. a role or a price). */
  hint?: string;
}

interface ComboboxProps {
  /** Ties a <Label htmlFor> to the trigger. */
  id?: string;
  value: string | null | undefined;
  onChange: (value: string | null, option?: ComboboxOption) => void;
  options: ComboboxOption[];
  /** Shown when the selected value is not among the loaded options (e.g. a saved record). */
  selectedLabel?: string;
  placeholder?: string;
  searchPlaceholder?: string;
  emptyText?: string;
  loading?: boolean;
  /** When given, the search runs on the server: the text is reported (debounced) instead of filtering. */
  onSearchChange?: (q: string) => void;
  /** With `onSearchChange`: the options shown answer an earlier search (this one is still on its way). */
  stale?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Offers a "none" entry at the top, e.g. "Nenhum". */
  clearLabel?: string;
  disabled?: boolean;
  className?: string;
  /** Long names wrap onto more lines instead of being cut (narrow columns such as the quote items). */
  wrap?: boolean;
  'aria-label'?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}

const normalize = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/**
 * A select box with a search field, for lists too long to scroll (clients, products). Keyboard:
 * Enter/Space/↓ opens, type to search, ↑/↓ to move, Enter to choose, Esc to close.
 */
export function Combobox({
  id,
  value,
  onChange,
  options,
  selectedLabel,
  placeholder = 'Selecione...',
  searchPlaceholder = 'Buscar...',
  emptyText = 'Nenhum resultado encontrado.',
  loading,
  onSearchChange,
  stale,
  onOpenChange,
  clearLabel,
  disabled,
  className,
  wrap,
  ...aria
}: ComboboxProps) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  /** The text last reported to `onSearchChange`: the options answer it unless `stale`. */
  const [reported, setReported] = useState('');
  const listId = useId();
  const listRef = useRef<HTMLDivElement>(null);

  const setOpenState = (next: boolean) => {
    setOpen(next);
    onOpenChange?.(next);
    if (!next) setText('');
  };

  // Server-side search: report the text once the user pauses (an empty one at once).
  useEffect(() => {
    if (!onSearchChange || !open) return;
    const q = text.trim();
    const t = setTimeout(
      () => {
        setReported(q);
        onSearchChange(q);
      },
      q ? 250 : 0,
    );
    return () => clearTimeout(t);
  }, [text, open, onSearchChange]);
  // Until the server answers what was typed, the earlier search's options are narrowed here to those
  // that match it: the whole earlier list, replaced by the answer, would move rows under a pointer
  // already on its way to one of them; its matching rows are (in order) where the answer puts them.
  const searching = !!onSearchChange && (text.trim() !== reported || !!stale);

  const visible = useMemo(() => {
    const base =
      (onSearchChange && !searching) || !text.trim()
        ? options
        : options.filter((o) => normalize(o.label).includes(normalize(text.trim())));
    const entries: (ComboboxOption & { clear?: boolean })[] = clearLabel
      ? [{ value: '', label: clearLabel, clear: true }, ...base]
      : base;
    return entries;
  }, [options, text, onSearchChange, clearLabel, searching]);

  // Opening highlights the chosen option. After that, when the list changes (search results arriving,
  // or a live update from another user), the highlight stays on the same option if it is still there,
  // so Enter never picks something the user did not point at.
  const activeValue = useRef<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the list opens
  useEffect(() => {
    if (!open) return;
    const idx = visible.findIndex((o) => o.value === (value ?? ''));
    activeValue.current = null;
    setActive(Math.max(idx, 0));
  }, [open]);
  useEffect(() => {
    if (!open) return;
    setActive((a) => {
      const keep = activeValue.current;
      const idx = keep === null ? -1 : visible.findIndex((o) => o.value === keep);
      return idx >= 0 ? idx : Math.min(a, Math.max(visible.length - 1, 0));
    });
  }, [visible, open]);
  useEffect(() => {
    activeValue.current = visible[active]?.value ?? null;
  }, [active, visible]);

  useEffect(() => {
    if (!open) return;
    const el = listRef.current?.querySelector<HTMLElement>(`[data-index="${active}"]`);
    el?.scrollIntoView({ block: 'nearest' });
  }, [active, open]);

  const current = options.find((o) => o.value === value);
  const label = value ? (current?.label ?? selectedLabel ?? '') : '';

  const choose = (o: (typeof visible)[number] | undefined) => {
    if (!o) return;
    if ('clear' in o && o.clear) onChange(null);
    else onChange(o.value, o);
    setOpenState(false);
  };

  return (
    <Popover.Root open={open} onOpenChange={setOpenState}>
      <Popover.Trigger asChild disabled={disabled}>
        <button
          id={id}
          type="button"
          role="combobox"
          aria-expanded={open}
          aria-controls={open ? listId : undefined}
          aria-haspopup="listbox"
          // the whole name on hover, whatever the width
          title={label || undefined}
          className={cn(
            'flex h-10 w-full items-center justify-between gap-2 rounded-md border border-input bg-card px-3 py-2 text-left text-base md:text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-not-allowed disabled:opacity-60 aria-[invalid=true]:border-destructive',
            wrap && 'h-auto min-h-10',
            className,
          )}
          {...aria}
        >
          <span className={cn(wrap ? 'min-w-0 break-words' : 'truncate', !label && 'text-muted-foreground')}>
            {label || placeholder}
          </span>
          <ChevronsUpDown aria-hidden className="size-4 shrink-0 opacity-50" />
        </button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="start"
          sideOffset={4}
          className="z-50 w-[max(var(--radix-popover-trigger-width),16rem)] max-w-[calc(100vw-1.5rem)] rounded-md border bg-card p-1 shadow-md"
          onOpenAutoFocus={(e) => {
            e.preventDefault();
            (e.currentTarget as HTMLElement).querySelector('input')?.focus();
          }}
        >
          <div className="flex items-center gap-2 border-b px-2">
            <input
              type="text"
              aria-label={searchPlaceholder}
              aria-controls={listId}
              aria-activedescendant={visible[active] ? `${listId}-${active}` : undefined}
              aria-autocomplete="list"
              placeholder={searchPlaceholder}
              value={text}
              onChange={(e) => {
                setText(e.target.value);
                setActive(0);
              }}
              onKeyDown={(e) => {
                if (e.key === 'ArrowDown') {
                  e.preventDefault();
                  setActive((a) => Math.min(a + 1, visible.length - 1));
                } else if (e.key === 'ArrowUp') {
                  e.preventDefault();
                  setActive((a) => Math.max(a - 1, 0));
                } else if (e.key === 'Enter') {
                  e.preventDefault();
                  choose(visible[active]);
                }
              }}
              className="h-9 w-full bg-transparent text-base outline-none placeholder:text-muted-foreground md:text-sm"
            />
            {(loading || searching) && <Spinner className="size-4 text-muted-foreground" />}
          </div>
          <div
            ref={listRef}
            id={listId}
            role="listbox"
            tabIndex={-1}
            className="max-h-64 overflow-y-auto py-1"
          >
            {visible.map((o, idx) => {
              const selected = 'clear' in o && o.clear ? !value : o.value === value;
              return (
                // biome-ignore lint/a11y/useKeyWithClickEvents: keys are handled by the search field (aria-activedescendant)
                <div
                  key={o.value || '__clear'}
                  id={`${listId}-${idx}`}
                  data-index={idx}
                  role="option"
                  tabIndex={-1}
                  aria-selected={selected}
                  onMouseMove={() => setActive(idx)}
                  onClick={() => choose(o)}
                  className={cn(
                    'flex cursor-pointer items-center gap-2 rounded-sm px-2 py-1.5 text-sm',
                    idx === active && 'bg-accent',
                  )}
                >
                  {'clear' in o && o.clear ? (
                    <X aria-hidden className="size-4 opacity-50" />
                  ) : (
                    <Check aria-hidden className={cn('size-4', selected ? 'opacity-100' : 'opacity-0')} />
                  )}
                  <span className="min-w-0 flex-1">
                    <span className="block break-words">{o.label}</span>
                    {o.hint && <span className="block truncate text-xs text-muted-foreground">{o.hint}</span>}
                  </span>
                </div>
              );
            })}
            {searching && visible.length === (clearLabel ? 1 : 0) && (
              <p className="px-2 py-3 text-center text-sm text-muted-foreground">Buscando...</p>
            )}
            {!loading && !searching && visible.length === (clearLabel ? 1 : 0) && (
              <p className="px-2 py-3 text-center text-sm text-muted-foreground">{emptyText}</p>
            )}
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
