import { Link } from '@/app/link';
import { routePatterns } from '@/app/routes';

const tabs = [
  { href: routePatterns.activityIndex, label: 'Disease Activity Index' },
  { href: routePatterns.articleIndex, label: 'Article Index' },
] as const;

/** The two index tabs of spec 000 §2 (links; this screen's tab is the current one). */
export function IndexTabs({ current }: { readonly current: string }) {
  return (
    <nav aria-label="Indexes" className="mb-3 flex gap-1 border-b border-slate-200">
      {tabs.map((tab) => {
        const active = tab.href === current;
        return (
          <Link
            key={tab.href}
            href={tab.href}
            aria-current={active ? 'page' : undefined}
            className={`-mb-px border-b-2 px-3 py-1.5 text-sm font-medium ${
              active
                ? 'border-accent-700 text-accent-800'
                : 'border-transparent text-slate-500 hover:text-slate-800'
            }`}
          >
            {tab.label}
          </Link>
        );
      })}
    </nav>
  );
}
