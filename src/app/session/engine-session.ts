import type { RuntimeConfig } from '@/domain/runtime-config';
import { subscribe } from 'valtio';
import { pushAlert } from '@/app/alerts/alerts-store';
import { authStore } from '@/app/auth/auth-store';
import { signOut } from '@/app/auth/sign-out';
import { engineIsReady, getEngine, startEngine, type EngineCallbacks } from '@/app/engine';
import { failLookups, loadLookups } from '@/app/lookups/lookups-store';

let started = false;
let signingOut = false;

const callbacks: EngineCallbacks = {
  onUnauthorized() {
    // Spec 000 §6, §8: a 401 forces sign-out; several calls failing together sign out once.
    if (signingOut) return;
    signingOut = true;
    signOut();
  },
  onApiError(alertText) {
    pushAlert(alertText);
  },
};

async function syncAccessToken(): Promise<void> {
  await getEngine().setAccessToken(authStore.user?.accessToken ?? null);
}

/**
 * Starts the engine once the user is signed in, hands it the access token (and every renewed
 * one), then loads the lookups once. Idempotent.
 */
export async function startEngineSession(config: RuntimeConfig): Promise<void> {
  if (started) return;
  started = true;
  try {
    const { apiUrl, articleSearchUrl, locationSearchUrl, feedsIndexUrl } = config;
    await startEngine({ apiUrl, articleSearchUrl, locationSearchUrl, feedsIndexUrl }, callbacks);
    await syncAccessToken();
    engineIsReady();
  } catch (error) {
    // Without the engine no screen has data: say so where the lookups would show.
    failLookups(error instanceof Error ? error.message : String(error));
    return;
  }
  subscribe(authStore, () => {
    syncAccessToken().catch((error: unknown) =>
      console.error('IST: engine token update failed', error),
    );
  });
  await loadLookups();
}
