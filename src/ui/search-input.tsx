import type { Ref } from 'react';

/**
 * A screen's search input: Enter searches at once (skipping the debounce), Escape leaves it
 * (the query stays). A screen that takes the keyboard into its results says how with
 * `onIntoResults` (ArrowDown, and Enter after searching) and `onEscape`.
 */
export function SearchInput({
  inputRef,
  label,
  placeholder,
  value,
  onChange,
  onEnter,
  onIntoResults,
  onEscape,
}: {
  readonly inputRef: Ref<HTMLInputElement>;
  readonly label: string;
  readonly placeholder: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly onEnter: () => void;
  readonly onIntoResults?: () => void;
  readonly onEscape?: () => void;
}) {
  return (
    <input
      ref={inputRef}
      type="search"
      aria-label={label}
      placeholder={placeholder}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          onEnter();
          onIntoResults?.();
        } else if (event.key === 'ArrowDown' && onIntoResults !== undefined) {
          event.preventDefault();
          onIntoResults();
        } else if (event.key === 'Escape') {
          // A search input clears itself on Escape: the query stays, only the focus leaves.
          event.preventDefault();
          event.currentTarget.blur();
          onEscape?.();
        }
      }}
      className="h-8 w-full max-w-xl rounded border border-slate-300 bg-white px-2.5 text-sm placeholder:text-slate-400 focus:border-accent-600"
    />
  );
}
