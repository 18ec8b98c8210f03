import { navigate } from '@/app/router';
import { authPaths } from '@/app/routes';

/** `history.state` marking a sign-out the page itself started (the SPA template's `local`). */
export interface LocalSignOutState {
  readonly local: true;
}

/** True when the history entry says the sign-out was started from within the page. */
export function isLocalSignOut(state: unknown): state is LocalSignOutState {
  return typeof state === 'object' && state !== null && 'local' in state && state.local === true;
}

/** Signs the user out: goes to the logout route, which ends the session at the provider. */
export function signOut(): void {
  const state: LocalSignOutState = { local: true };
  navigate(authPaths.logout, { state });
}
