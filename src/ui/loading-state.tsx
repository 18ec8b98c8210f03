/** Props of {@link LoadingState}. */
export interface LoadingStateProps {
  /** Read by screen readers, e.g. 'Loading articles'. */
  readonly label: string;
  /** Placeholder rows to show (dense tables). */
  readonly rows?: number;
}

/** The loading state every screen uses: skeleton table rows and a polite status message. */
export function LoadingState({ label, rows = 6 }: LoadingStateProps) {
  return (
    <div role="status" aria-live="polite" className="rounded-md border border-slate-200 bg-white">
      <span className="sr-only">{label}</span>
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="flex gap-4 border-b border-slate-100 px-3 py-2 last:border-b-0">
          <span className="h-3 w-24 animate-pulse rounded bg-slate-200" />
          <span className="h-3 flex-1 animate-pulse rounded bg-slate-100" />
          <span className="h-3 w-16 animate-pulse rounded bg-slate-200" />
        </div>
      ))}
    </div>
  );
}
