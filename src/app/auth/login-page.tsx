import { useEffect, useState } from 'react';
import { messages } from '@/domain/messages';
import { completeSignIn, signIn, type AuthenticationResult } from '@/app/auth/auth-service';
import { authProgress } from '@/app/auth/auth-messages';
import { AuthLayout } from '@/app/auth/auth-layout';
import { resolveReturnUrl, toAppPath } from '@/app/auth/return-url';
import { navigate } from '@/app/router';

/** The sign-in actions (the SPA template's LoginActions). */
export type LoginAction = 'login' | 'login-callback' | 'login-failed';

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function goTo(returnUrl: string): void {
  navigate(toAppPath(returnUrl, window.location.origin), { replace: true });
}

/** Acts on a step's result; throws for a status the flow does not expect. */
function follow(
  result: AuthenticationResult,
  onSuccess: (state: unknown) => void,
  allowRedirect: boolean,
): string | null {
  switch (result.status) {
    case 'redirect':
      if (!allowRedirect) throw new Error(messages.invalidAuthenticationResultStatus);
      return null;
    case 'success':
      onSuccess(result.state);
      return null;
    case 'fail':
      return result.message;
    default:
      throw new Error(messages.invalidAuthenticationResultStatus);
  }
}

/**
 * /authentication/login, /login-callback and /login-failed (modelled on the ASP.NET Core SPA
 * template's Login component): sign in keeping the return URL, complete the callback and go
 * back, or show why the sign-in failed.
 */
export function LoginPage({ action }: { readonly action: LoginAction }) {
  const [error, setError] = useState<string | null>(() =>
    action === 'login-failed'
      ? messages.loginFailed(new URLSearchParams(window.location.search).get('message') ?? '')
      : null,
  );

  useEffect(() => {
    if (action === 'login-failed') return;
    let live = true;
    const run = async () => {
      const { search, origin, href } = window.location;
      if (action === 'login') {
        const returnUrl = resolveReturnUrl(search, origin, '/');
        const result = await signIn({ returnUrl });
        if (!live) return null;
        return follow(result, () => goTo(returnUrl), true);
      }
      const result = await completeSignIn(href);
      if (!live) return null;
      return follow(result, (state) => goTo(resolveReturnUrl(search, origin, '/', state)), false);
    };
    run().then(
      (message) => live && message !== null && setError(message),
      (failure: unknown) => live && setError(messageOf(failure)),
    );
    return () => {
      live = false;
    };
  }, [action]);

  const progress = action === 'login-callback' ? authProgress.loginCallback : authProgress.login;
  return (
    <AuthLayout title="Sign in" progress={progress} error={error ?? undefined}>
      {error && (
        <a className="font-medium text-accent-700 underline" href="/">
          Try again
        </a>
      )}
    </AuthLayout>
  );
}
