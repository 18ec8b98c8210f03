import type { ReactNode } from 'react';

/** Props of {@link ScreenHeader}. */
export interface ScreenHeaderProps {
  readonly title: string;
  /** A line under the title (counts, context). */
  readonly subtitle?: ReactNode;
  /** Right-aligned actions. */
  readonly actions?: ReactNode;
  /** Above the title (breadcrumb). */
  readonly breadcrumb?: ReactNode;
}

/** A screen's title row: h1, an optional subtitle and actions. */
export function ScreenHeader({ title, subtitle, actions, breadcrumb }: ScreenHeaderProps) {
  return (
    <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
      <div className="min-w-0">
        {breadcrumb && <div className="mb-1 text-xs text-slate-500">{breadcrumb}</div>}
        <h1 className="truncate text-xl font-semibold text-slate-900">{title}</h1>
        {subtitle && <p className="mt-0.5 text-sm text-slate-500">{subtitle}</p>}
      </div>
      {actions && <div className="flex items-center gap-2">{actions}</div>}
    </div>
  );
}
