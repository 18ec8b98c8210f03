import type { Ref } from 'react';

/** A screen's search input: Enter searches at once (skipping the debounce), Escape leaves it. */
export function SearchInput({
  inputRef,
  label,
  placeholder,
  value,
  onChange,
  onEnter,
}: {
  readonly inputRef: Ref<HTMLInputElement>;
  readonly label: string;
  readonly placeholder: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly onEnter: () => void;
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
        if (event.key === 'Enter') onEnter();
        if (event.key === 'Escape') event.currentTarget.blur();
      }}
      className="h-8 w-full max-w-xl rounded border border-slate-300 bg-white px-2.5 text-sm placeholder:text-slate-400 focus:border-accent-600"
    />
  );
}
