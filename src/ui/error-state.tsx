import type { ReactNode } from 'react';

/** Props of {@link ErrorState}. */
export interface ErrorStateProps {
  readonly title: string;
  /** The error text, shown as it is (never swallowed). */
  readonly message: string;
  readonly children?: ReactNode;
}

/** An inline error panel (role="alert") for a screen whose data could not load. */
export function ErrorState({ title, message, children }: ErrorStateProps) {
  return (
    <div role="alert" className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm">
      <p className="font-medium text-red-900">{title}</p>
      <p className="mt-1 break-words text-red-800">{message}</p>
      {children && <div className="mt-3">{children}</div>}
    </div>
  );
}
