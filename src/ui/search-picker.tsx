import { Combobox, ComboboxInput, ComboboxOption, ComboboxOptions } from '@headlessui/react';
import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { messages } from '@/domain/messages';

/** What a search service answers a picker: the items found, or a failure (shown as none). */
export interface PickerAnswer<T> {
  readonly items: readonly T[];
  readonly error: boolean;
}

/** Props of {@link SearchPicker}. */
export interface SearchPickerProps<T> {
  readonly label: string;
  readonly value: T | null;
  readonly onChange: (value: T | null) => void;
  /** Asks the service (through the engine); called only for searchable texts. */
  readonly search: (text: string) => Promise<PickerAnswer<T>>;
  /** Whether a typed text is worth a search (e.g. 3 characters for locations). */
  readonly searchable: (text: string) => boolean;
  readonly debounceMs: number;
  readonly keyOf: (item: T) => number;
  readonly labelOf: (item: T) => string;
  /** A second, quieter line of an option (type, category…). */
  readonly detailOf?: (item: T) => string;
  readonly placeholder?: string;
  /** Shown while the text is too short to search. */
  readonly hint?: string;
  readonly disabled?: boolean;
  readonly className?: string;
  /** `form`: as tall as the form's other inputs (the add-article form); `compact` in tables. */
  readonly size?: 'compact' | 'form';
  /** Extra attributes of the input (a grid cell's marker). */
  readonly inputAttributes?: Readonly<Record<`data-${string}`, string>>;
  /**
   * The input's keys, before the picker's own: the caller sees `aria-expanded` (list open) and
   * `aria-activedescendant` (an option active) on the input; preventing the default keeps the
   * key from the picker.
   */
  readonly onKeyDown?: (event: KeyboardEvent<HTMLInputElement>) => void;
}

type Found<T> =
  | { readonly status: 'idle' }
  | { readonly status: 'searching' }
  | { readonly status: 'done'; readonly items: readonly T[] };

/**
 * A picker over a search service (spec 000 §2 "location search" input, the source search):
 * type, and after the debounce the service's answer is listed; ArrowDown/ArrowUp move, Enter
 * chooses, Escape closes (Headless UI's Combobox). Emptying the text clears the choice. A
 * failed search shows as no results (spec 000 §8 'No results found.').
 */
export function SearchPicker<T>({
  label,
  value,
  onChange,
  search,
  searchable,
  debounceMs,
  keyOf,
  labelOf,
  detailOf,
  placeholder,
  hint,
  disabled = false,
  className = 'w-56',
  size = 'compact',
  inputAttributes,
  onKeyDown,
}: SearchPickerProps<T>) {
  const id = useId();
  const [typed, setTyped] = useState('');
  const [found, setFound] = useState<Found<T>>({ status: 'idle' });
  useEffect(() => {
    if (!searchable(typed)) {
      setFound({ status: 'idle' });
      return;
    }
    setFound({ status: 'searching' });
    let live = true;
    const timer = setTimeout(() => {
      void search(typed).then((answer) => {
        if (live) setFound({ status: 'done', items: answer.items });
      });
    }, debounceMs);
    return () => {
      live = false;
      clearTimeout(timer);
    };
    // `search` and `searchable` are the caller's inline functions: the text decides.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [typed, debounceMs]);

  const note =
    typed.trim() !== '' && !searchable(typed)
      ? hint
      : found.status === 'searching'
        ? 'Searching…'
        : found.status === 'done' && found.items.length === 0
          ? messages.noResultsFound
          : undefined;
  const items = found.status === 'done' ? found.items : [];

  return (
    <Combobox
      value={value}
      onChange={(item: T | null) => onChange(item)}
      onClose={() => setTyped('')}
      by={(a: T | null, b: T | null) => a !== null && b !== null && keyOf(a) === keyOf(b)}
      disabled={disabled}
    >
      <div className={`relative ${className}`}>
        <ComboboxInput
          {...inputAttributes}
          onKeyDown={onKeyDown}
          aria-label={label}
          aria-describedby={note === undefined ? undefined : `${id}-note`}
          displayValue={(item: T | null) => (item === null ? '' : labelOf(item))}
          onChange={(event) => setTyped(event.target.value)}
          placeholder={placeholder}
          autoComplete="off"
          className={`w-full rounded border border-slate-300 bg-white text-slate-900 disabled:bg-slate-100 ${
            size === 'form' ? 'h-8 px-2 text-sm' : 'h-7 px-1.5 text-xs'
          }`}
        />
        {note !== undefined && (
          <p id={`${id}-note`} role="status" className="mt-0.5 text-[11px] text-slate-500">
            {note}
          </p>
        )}
      </div>
      <ComboboxOptions
        anchor="bottom start"
        aria-label={`${label} results`}
        className="z-[60] max-h-72 w-[max(var(--input-width),16rem)] overflow-y-auto rounded-md border border-slate-200 bg-white py-1 text-xs shadow-lg empty:invisible"
      >
        {items.map((item) => (
          <ComboboxOption
            key={keyOf(item)}
            value={item}
            className="cursor-pointer px-2.5 py-1 text-slate-800 data-[focus]:bg-accent-50 data-[selected]:font-semibold"
          >
            <span>{labelOf(item)}</span>
            {detailOf && <span className="ml-2 text-slate-500">{detailOf(item)}</span>}
          </ComboboxOption>
        ))}
      </ComboboxOptions>
    </Combobox>
  );
}
