import { proxy, useSnapshot } from 'valtio';

/** The signed-in user as the UI needs it (the full oidc-client-ts User stays in its module). */
export interface SignedInUser {
  readonly givenName: string;
  readonly familyName: string;
  readonly accessToken: string;
}

/** Session store (valtio): null when nobody is signed in. Mutate only through the actions. */
export const authStore = proxy<{ user: SignedInUser | null }>({ user: null });

/** Sets or clears the signed-in user. */
export function setSignedInUser(user: SignedInUser | null): void {
  authStore.user = user;
}

/** React hook: the signed-in user, or null. */
export function useSignedInUser(): SignedInUser | null {
  return useSnapshot(authStore).user;
}
