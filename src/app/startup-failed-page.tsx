import { messages } from '@/domain/messages';

/** Props of {@link StartupFailedPage}. */
export interface StartupFailedPageProps {
  /** A user-facing detail, e.g. 'Could not load settings for IST'. */
  readonly detail?: string | undefined;
}

/** What the page shows when start-up fails (spec 000 §2, §8): the spec's sentence, and a reload. */
export function StartupFailedPage({ detail }: StartupFailedPageProps) {
  return (
    <main className="flex min-h-screen items-start justify-center bg-slate-100 px-4 pt-[18vh]">
      <section className="w-full max-w-md rounded-md border border-slate-200 bg-white p-6 shadow-sm">
        <p className="text-xs font-semibold tracking-widest text-accent-700">IST</p>
        <p role="alert" className="mt-2 text-base font-medium text-slate-900">
          {messages.startupFailed}
        </p>
        {detail && <p className="mt-2 text-sm text-slate-600">{detail}</p>}
        <button
          type="button"
          className="mt-5 rounded bg-accent-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-accent-800"
          onClick={() => window.location.reload()}
        >
          Reload
        </button>
      </section>
    </main>
  );
}
