import { useEffect } from 'react';
import { useSignedInUser } from '@/app/auth/auth-store';
import { loginPathFor } from '@/app/auth/return-url';
import { useRuntimeConfig } from '@/app/config-context';
import { navigate } from '@/app/router';
import { authPaths, type RouteMatch } from '@/app/routes';
import { RouteView } from '@/app/route-view';
import { startEngineSession } from '@/app/session/engine-session';
import { Shell } from '@/app/shell/shell';

/**
 * Every in-app route: signed in, the shell and the screen; not signed in, off to
 * /authentication/login with the current page as returnUrl (spec 000 §2).
 */
export function SignedInArea({
  match,
  pathname,
}: {
  readonly match: RouteMatch;
  readonly pathname: string;
}) {
  const user = useSignedInUser();
  const config = useRuntimeConfig();

  useEffect(() => {
    if (!user) {
      navigate(loginPathFor(authPaths.login, window.location.href), { replace: true });
      return;
    }
    startEngineSession(config).catch((error: unknown) =>
      console.error('IST: engine start failed', error),
    );
  }, [user, config]);

  if (!user) return null;
  return (
    <Shell>
      <RouteView match={match} pathname={pathname} />
    </Shell>
  );
}
