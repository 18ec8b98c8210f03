/** One key cap, e.g. <Kbd>Ctrl</Kbd>. */
export function Kbd({ children }: { readonly children: string }) {
  return (
    <kbd className="inline-flex h-5 min-w-5 items-center justify-center rounded border border-slate-300 bg-slate-50 px-1 font-sans text-[11px] font-medium text-slate-700 shadow-[inset_0_-1px_0_var(--color-slate-300)]">
      {children}
    </kbd>
  );
}
