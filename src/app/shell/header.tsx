import { useSignedInUser } from '@/app/auth/auth-store';
import { signOut } from '@/app/auth/sign-out';
import { setPaletteOpen } from '@/app/commands/command-ui-store';
import { hotkeySteps, isMacPlatform } from '@/app/commands/hotkey-label';
import { useRuntimeConfig } from '@/app/config-context';
import { Link } from '@/app/link';
import { routePatterns } from '@/app/routes';
import { EnvironmentBadge } from '@/app/shell/environment-badge';
import { NavLink } from '@/app/shell/nav-link';
import { Kbd } from '@/ui/kbd';

/**
 * The header of spec 000 §1: product title, version, build number, environment (upper case),
 * the signed-in user's name, the two index links and Sign Out.
 */
export function Header() {
  const config = useRuntimeConfig();
  const user = useSignedInUser();
  const paletteKeys = hotkeySteps('mod+k', isMacPlatform())[0] ?? [];
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-1.5 focus:text-sm focus:shadow"
      >
        Skip to content
      </a>
      <div className="flex h-12 items-center gap-4 px-4">
        <div className="flex items-center gap-2">
          <Link
            href={routePatterns.activityIndex}
            className="text-base font-bold tracking-tight text-slate-900"
          >
            IST
          </Link>
          <span className="text-xs text-slate-500" title="Version and build number">
            v{config.version} · build {config.buildNumber}
          </span>
          <EnvironmentBadge environment={config.environment} />
          {config.demoSignIn === true && (
            <span
              className="rounded bg-rose-100 px-1.5 py-0.5 text-[11px] font-semibold text-rose-900 ring-1 ring-rose-300 ring-inset"
              title="The embedded identity provider signs anyone in as a demo analyst, without a password. For a laptop, not a server."
            >
              Demo sign-in
            </span>
          )}
        </div>
        <nav aria-label="Main" className="flex items-center">
          <NavLink href={routePatterns.activityIndex}>Disease Activity Index</NavLink>
          <NavLink href={routePatterns.articleIndex}>Article Index</NavLink>
          <NavLink href={routePatterns.map}>Map</NavLink>
        </nav>
        <div className="ml-auto flex items-center gap-3">
          <button
            type="button"
            onClick={() => setPaletteOpen(true)}
            aria-keyshortcuts="Control+K Meta+K"
            className="hidden h-7 items-center gap-2 rounded border border-slate-200 bg-slate-50 px-2 text-xs text-slate-500 hover:border-slate-300 hover:text-slate-700 md:flex"
          >
            Commands
            <span className="flex gap-0.5">
              {paletteKeys.map((key) => (
                <Kbd key={key}>{key}</Kbd>
              ))}
            </span>
          </button>
          {user && (
            <span className="text-sm text-slate-700">
              {user.givenName} {user.familyName}
            </span>
          )}
          <button
            type="button"
            onClick={signOut}
            className="h-7 rounded px-2 text-sm font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900"
          >
            Sign Out
          </button>
        </div>
      </div>
    </header>
  );
}
