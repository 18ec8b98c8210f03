import { useEffect, useState } from 'react';
import { messages } from '@/domain/messages';
import { completeSignOut, signOut } from '@/app/auth/auth-service';
import { authProgress } from '@/app/auth/auth-messages';
import { AuthLayout } from '@/app/auth/auth-layout';
import { resolveReturnUrl, toAppPath } from '@/app/auth/return-url';
import { isLocalSignOut } from '@/app/auth/sign-out';
import { navigate } from '@/app/router';
import { authPaths } from '@/app/routes';

/** The sign-out actions (the SPA template's LogoutActions). */
export type LogoutAction = 'logout' | 'logout-callback' | 'logged-out';

type Outcome =
  | { readonly kind: 'progress' }
  | { readonly kind: 'done'; readonly text: string; readonly error: boolean };

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function goTo(returnUrl: string): void {
  navigate(toAppPath(returnUrl, window.location.origin), { replace: true });
}

/**
 * /authentication/logout, /logout-callback and /logged-out (modelled on the SPA template's
 * Logout component). Only a sign-out started from within the page ends the session, so a link
 * from elsewhere cannot sign an analyst out.
 */
export function LogoutPage({ action }: { readonly action: LogoutAction }) {
  const [outcome, setOutcome] = useState<Outcome>(() =>
    action === 'logged-out'
      ? { kind: 'done', text: authProgress.loggedOut, error: false }
      : { kind: 'progress' },
  );

  useEffect(() => {
    if (action === 'logged-out') return;
    let live = true;
    const finish = (text: string, error: boolean) =>
      live && setOutcome({ kind: 'done', text, error });
    const run = async () => {
      const { search, origin, href } = window.location;
      if (action === 'logout') {
        if (!isLocalSignOut(window.history.state))
          return finish(authProgress.logoutNotLocal, false);
        const returnUrl = resolveReturnUrl(search, origin, authPaths.loggedOut);
        const result = await signOut({ returnUrl });
        if (!live) return;
        if (result.status === 'redirect') return;
        if (result.status === 'success') return goTo(returnUrl);
        if (result.status === 'fail') return finish(result.message, true);
        throw new Error(messages.invalidAuthenticationResultStatus);
      }
      const result = await completeSignOut(href);
      if (!live) return;
      if (result.status === 'success') {
        return goTo(resolveReturnUrl(search, origin, authPaths.loggedOut, result.state));
      }
      if (result.status === 'fail') return finish(result.message, true);
      throw new Error(messages.invalidAuthenticationResultStatus);
    };
    run().catch((failure: unknown) => finish(messageOf(failure), true));
    return () => {
      live = false;
    };
  }, [action]);

  if (outcome.kind === 'progress') {
    const progress = action === 'logout' ? authProgress.logout : authProgress.logoutCallback;
    return <AuthLayout title="Sign out" progress={progress} />;
  }
  return (
    <AuthLayout
      title={outcome.error ? 'Sign out' : 'Signed out'}
      error={outcome.error ? outcome.text : undefined}
    >
      {!outcome.error && <p className="text-slate-700">{outcome.text}</p>}
      <a className="mt-3 inline-block font-medium text-accent-700 underline" href="/">
        Sign in again
      </a>
    </AuthLayout>
  );
}
