import { browserTitle, type RuntimeConfig } from '@/domain/runtime-config';
import { loadRuntimeConfig } from '@/app/config';
import { initUserManager, restoreUser } from '@/app/auth/user-manager';

/**
 * Start-up (spec 000 §2, spec 001 "Bootstrap"): configuration first, then the browser title,
 * then authentication (the stored user is restored; the routes sign in when needed and
 * process the callback). Any failure here becomes 'Failed to load application. Please try
 * reloading.' in main.tsx.
 */
export async function bootstrap(): Promise<RuntimeConfig> {
  const config = await loadRuntimeConfig();
  document.title = browserTitle(config.environment);
  initUserManager(config);
  await restoreUser();
  return config;
}
