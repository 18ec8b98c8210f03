import { messages } from '@/domain/messages';
import {
  ensureSettingsLoaded,
  isAuthenticated,
  processSignInCallback,
  processSignOutCallback,
  removeStoredUser,
  signInSilently,
  signInWithRedirect,
  signOutWithRedirect,
} from '@/app/auth/user-manager';

/**
 * Sign-in and sign-out steps with the result shape of the ASP.NET Core SPA template's
 * AuthorizeService: each step answers redirect (the page is leaving), success (with the state
 * to continue with) or fail (with the message to show).
 */

/** The outcome of an authentication step. */
export type AuthenticationResult =
  | { readonly status: 'redirect' }
  | { readonly status: 'success'; readonly state: unknown }
  | { readonly status: 'fail'; readonly message: string };

const redirect = (): AuthenticationResult => ({ status: 'redirect' });
const success = (state: unknown): AuthenticationResult => ({ status: 'success', state });
const fail = (message: string): AuthenticationResult => ({ status: 'fail', message });

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

// React's StrictMode runs effects twice in development, and a callback URL can be processed
// only once (its state is removed from storage), so each step runs once per URL.
const inFlight = new Map<string, Promise<AuthenticationResult>>();
function once(key: string, step: () => Promise<AuthenticationResult>) {
  const existing = inFlight.get(key);
  if (existing) return existing;
  const started = step();
  inFlight.set(key, started);
  return started;
}

/** Spec 000 §4: a silent sign-in is tried first; if it fails, redirect to the provider. */
export function signIn(state: unknown): Promise<AuthenticationResult> {
  return once(`signIn ${window.location.href}`, async () => {
    try {
      await ensureSettingsLoaded();
    } catch (error) {
      return fail(messageOf(error));
    }
    try {
      await signInSilently();
      return success(state);
    } catch {
      // No refresh token stored, or the provider refused it: sign in interactively.
    }
    try {
      await signInWithRedirect(state);
      return redirect();
    } catch (error) {
      console.error('IST: redirect sign-in failed', error);
      return fail(messages.signInError);
    }
  });
}

/** Processes the authorization callback; the state holds the returnUrl saved by {@link signIn}. */
export function completeSignIn(url: string): Promise<AuthenticationResult> {
  return once(`completeSignIn ${url}`, async () => {
    try {
      return success(await processSignInCallback(url));
    } catch (error) {
      console.error('IST: sign-in callback failed', error);
      return fail(messages.signInError);
    }
  });
}

/** Ends the session at the provider (redirect); success when nobody was signed in. */
export function signOut(state: unknown): Promise<AuthenticationResult> {
  return once(`signOut ${window.location.href}`, async () => {
    if (!(await isAuthenticated())) {
      await removeStoredUser();
      return success(state);
    }
    try {
      await ensureSettingsLoaded();
      await signOutWithRedirect(state);
      return redirect();
    } catch (error) {
      // Whatever the provider did, this browser forgets the user: the analyst asked to leave.
      await removeStoredUser();
      return fail(messageOf(error));
    }
  });
}

/** Processes the post-logout callback; the state holds the returnUrl saved by {@link signOut}. */
export function completeSignOut(url: string): Promise<AuthenticationResult> {
  return once(`completeSignOut ${url}`, async () => {
    try {
      return success(await processSignOutCallback(url));
    } catch (error) {
      return fail(messageOf(error));
    }
  });
}
