import { Link } from '@/app/link';
import { useLocation } from '@/app/router';

/** A header navigation link, marked `aria-current="page"` on its own route and below it. */
export function NavLink({ href, children }: { readonly href: string; readonly children: string }) {
  const { pathname } = useLocation();
  const active = pathname === href || pathname.startsWith(`${href}/`);
  return (
    <Link
      href={href}
      aria-current={active ? 'page' : undefined}
      className={`relative flex h-12 items-center px-3 text-sm font-medium focus-visible:outline-offset-[-4px] ${
        active
          ? 'text-slate-900 after:absolute after:inset-x-3 after:bottom-0 after:h-0.5 after:bg-accent-600'
          : 'text-slate-600 hover:text-slate-900'
      }`}
    >
      {children}
    </Link>
  );
}
