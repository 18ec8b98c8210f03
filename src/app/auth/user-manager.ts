import { UserManager, WebStorageStateStore, type User } from 'oidc-client-ts';
import { defaultOidcScope, type RuntimeConfig } from '@/domain/runtime-config';
import { messages } from '@/domain/messages';
import { authPaths } from '@/app/routes';
import { setSignedInUser, type SignedInUser } from '@/app/auth/auth-store';

/**
 * The one module that touches oidc-client-ts (bulletproof-react's single choke point per
 * sensitive library). Authorization-code flow with PKCE against the provider named in
 * /config.json; the signed-in user is kept in localStorage so a new window (spec 001: a new
 * activity opens in one) is signed in too; silent renewal uses the refresh token
 * (offline_access), so no iframe page is needed.
 */

let manager: UserManager | null = null;
let applicationName = 'IST';

/** Thrown when the provider's settings (its metadata document) cannot be loaded. */
export class SettingsLoadError extends Error {
  constructor(application: string, options?: ErrorOptions) {
    super(messages.couldNotLoadSettings(application), options);
    this.name = 'SettingsLoadError';
  }
}

function toSignedInUser(user: User): SignedInUser {
  return {
    givenName: user.profile.given_name ?? '',
    familyName: user.profile.family_name ?? '',
    accessToken: user.access_token,
  };
}

function requireManager(): UserManager {
  if (!manager) throw new Error('The user manager is used before start-up created it.');
  return manager;
}

/** Creates the UserManager from the runtime configuration and wires its events to the auth store. */
export function initUserManager(config: RuntimeConfig): void {
  const origin = window.location.origin;
  applicationName = config.applicationName;
  manager = new UserManager({
    authority: config.authBaseUrl,
    metadataUrl: config.oidcMetadataUrl,
    client_id: config.oidcClientId,
    scope: config.oidcScope || defaultOidcScope,
    response_type: 'code',
    redirect_uri: `${origin}${authPaths.loginCallback}`,
    post_logout_redirect_uri: `${origin}${authPaths.logoutCallback}`,
    automaticSilentRenew: true,
    includeIdTokenInSilentRenew: true,
    // The name comes from the ID token: the access token is for the API (resource indicator),
    // so the provider's userinfo endpoint would refuse it.
    loadUserInfo: false,
    // Lets the provider's session monitor raise the user-signed-out event where it offers one.
    monitorSession: true,
    userStore: new WebStorageStateStore({ store: window.localStorage }),
  });
  manager.events.addUserLoaded((user) => setSignedInUser(toSignedInUser(user)));
  manager.events.addUserUnloaded(() => setSignedInUser(null));
  // Spec 000 §4: a user-signed-out event removes the stored user.
  manager.events.addUserSignedOut(async () => {
    await requireManager().removeUser();
  });
  manager.events.addSilentRenewError((error) => {
    // A failed renewal is not fatal: the next API call answers 401 and the user is signed out.
    console.warn('IST: silent token renewal failed', error);
  });
}

/** Loads the stored user into the auth store; true when a user with a live access token is stored. */
export async function restoreUser(): Promise<boolean> {
  const user = await requireManager().getUser();
  if (!user || user.expired) return false;
  setSignedInUser(toSignedInUser(user));
  return true;
}

/** Loads the provider's metadata, or throws {@link SettingsLoadError}. */
export async function ensureSettingsLoaded(): Promise<void> {
  try {
    await requireManager().metadataService.getMetadata();
  } catch (error) {
    throw new SettingsLoadError(applicationName, { cause: error });
  }
}

/** Silent sign-in: uses the stored refresh token; throws when there is none or it is refused. */
export async function signInSilently(): Promise<void> {
  const user = await requireManager().signinSilent();
  if (!user) throw new Error('Silent sign-in returned no user.');
}

/** Redirects to the provider's sign-in page; `state` comes back with the callback. */
export async function signInWithRedirect(state: unknown): Promise<void> {
  await requireManager().signinRedirect({ state });
}

/** Processes the authorization callback URL; answers the state saved before the redirect. */
export async function processSignInCallback(url: string): Promise<unknown> {
  const user = await requireManager().signinCallback(url);
  return user?.state;
}

/** True when a user with a live access token is stored. */
export async function isAuthenticated(): Promise<boolean> {
  const user = await requireManager().getUser();
  return user !== null && !user.expired;
}

/** Removes the stored user and redirects to the provider's end-session endpoint. */
export async function signOutWithRedirect(state: unknown): Promise<void> {
  await requireManager().signoutRedirect({ state });
}

/** Processes the post-logout callback URL; answers the state saved before the redirect. */
export async function processSignOutCallback(url: string): Promise<unknown> {
  const response = await requireManager().signoutCallback(url);
  return response?.userState;
}

/** Forgets the stored user without a round trip to the provider. */
export async function removeStoredUser(): Promise<void> {
  await requireManager().removeUser();
}
