import type { ReactNode } from 'react';

/** Props of {@link EmptyState}. */
export interface EmptyStateProps {
  readonly title: string;
  readonly description?: ReactNode;
  /** Optional actions (buttons, links). */
  readonly children?: ReactNode;
}

/** The empty state every screen uses: a quiet bordered panel with a title and a line of help. */
export function EmptyState({ title, description, children }: EmptyStateProps) {
  return (
    <div className="rounded-md border border-dashed border-slate-300 bg-white px-6 py-10 text-center">
      <p className="text-sm font-medium text-slate-800">{title}</p>
      {description && <p className="mt-1 text-sm text-slate-500">{description}</p>}
      {children && <div className="mt-4 flex justify-center gap-2">{children}</div>}
    </div>
  );
}
