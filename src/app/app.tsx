import { HotkeysProvider } from 'react-hotkeys-hook';
import type { RuntimeConfig } from '@/domain/runtime-config';
import { AuthenticationPage } from '@/app/auth/authentication-page';
import { globalScope } from '@/app/commands/registry';
import { ConfigContext } from '@/app/config-context';
import { useLocation } from '@/app/router';
import { matchRoute } from '@/app/routes';
import { SignedInArea } from '@/app/signed-in-area';

function Routes() {
  const { pathname } = useLocation();
  const match = matchRoute(pathname);
  if (match.id === 'authentication') return <AuthenticationPage action={match.params.action} />;
  return <SignedInArea match={match} pathname={pathname} />;
}

/**
 * Scopes active from the start, and never toggled: the index screens' and the article details'
 * scopes are always on, their commands guarded by `when` (their route) and registered only while
 * mounted. Enabling a scope re-binds every hotkey and drops a half-typed sequence, so turning one
 * on as its screen mounted lost keys typed during the load ('g r' at once on the landing screen,
 * 'g a' while the article index loaded).
 */
const initiallyActiveScopes = [globalScope, 'activityIndex', 'articleIndex', 'articleDetails'];

/** The started app: configuration provided, hotkey scopes, and the routes. */
export function App({ config }: { readonly config: RuntimeConfig }) {
  return (
    <ConfigContext.Provider value={config}>
      <HotkeysProvider initiallyActiveScopes={initiallyActiveScopes}>
        <Routes />
      </HotkeysProvider>
    </ConfigContext.Provider>
  );
}
