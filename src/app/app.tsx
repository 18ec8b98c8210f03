import type { RuntimeConfig } from '@/domain/runtime-config';
import { AuthenticationPage } from '@/app/auth/authentication-page';
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

/** The started app: configuration provided and the routes. */
export function App({ config }: { readonly config: RuntimeConfig }) {
  return (
    <ConfigContext.Provider value={config}>
      <Routes />
    </ConfigContext.Provider>
  );
}
