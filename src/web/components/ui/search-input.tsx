import { Search } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Input } from './input';

/** A search box that reports its text after the user pauses typing (the search runs on the server). */
export function SearchInput({
  value,
  onChange,
  placeholder = 'Buscar...',
  label = 'Buscar',
  delay = 300,
}: {
  value: string;
  onChange: (v: string) => void;
  placeholder?: string;
  label?: string;
  delay?: number;
}) {
  const [text, setText] = useState(value);
  const input = useRef<HTMLInputElement>(null);
  // On Back after a reload the browser may put an old text into a box it recreates (form state
  // restoration, as the box is inserted): the search on screen is the URL's, so put it back.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, right after the box is inserted
  useLayoutEffect(() => {
    if (input.current && input.current.value !== text) input.current.value = text;
  }, []);
  // What this box last reported. The URL takes a moment to follow (the router draws it later, longer on a
  // busy phone): when it arrives with that text, the user may have typed on since, and what they typed
  // stays. Any other new value (Back, a link, a cleared filter) is shown.
  const sent = useRef<string | null>(null);
  useEffect(() => {
    const eco = value === sent.current;
    sent.current = null;
    if (!eco) setText(value);
  }, [value]);
  useEffect(() => {
    if (text === value) return;
    const t = setTimeout(() => {
      sent.current = text;
      onChange(text);
    }, delay);
    return () => clearTimeout(t);
  }, [text, value, onChange, delay]);
  return (
    <div className="relative w-full sm:max-w-sm">
      <Search aria-hidden className="absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" />
      <Input
        ref={input}
        type="search"
        // no form-state restoration: after Back the box shows the URL's search, not an old text
        autoComplete="off"
        aria-label={label}
        placeholder={placeholder}
        value={text}
        onChange={(e) => setText(e.target.value)}
        className="pl-9"
      />
    </div>
  );
}
