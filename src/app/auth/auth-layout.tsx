import type { ReactNode } from 'react';

/** Props of {@link AuthLayout}. */
export interface AuthLayoutProps {
  /** The page's heading ('Signing in', 'Signed out'…). */
  readonly title: string;
  /** A progress line (polite live region) while a step runs. */
  readonly progress?: string | undefined;
  /** An error to show (assertive alert). */
  readonly error?: string | undefined;
  readonly children?: ReactNode;
}

/** The quiet, centred card every sign-in and sign-out page uses (no header: nobody is signed in). */
export function AuthLayout({ title, progress, error, children }: AuthLayoutProps) {
  return (
    <main className="flex min-h-screen items-start justify-center bg-slate-100 px-4 pt-[18vh]">
      <section className="w-full max-w-md rounded-md border border-slate-200 bg-white p-6 shadow-sm">
        <p className="text-xs font-semibold tracking-widest text-accent-700">IST</p>
        <h1 className="mt-1 text-lg font-semibold text-slate-900">{title}</h1>
        {progress && !error && (
          <p className="mt-3 flex items-center gap-2 text-sm text-slate-600" role="status">
            <span className="size-3 animate-spin rounded-full border-2 border-slate-300 border-t-accent-600" />
            {progress}
          </p>
        )}
        {error && (
          <p
            className="mt-3 rounded border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
            role="alert"
          >
            {error}
          </p>
        )}
        {children && <div className="mt-4 text-sm">{children}</div>}
      </section>
    </main>
  );
}
