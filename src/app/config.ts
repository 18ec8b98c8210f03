import { decodeRuntimeConfig, type RuntimeConfig } from '@/domain/runtime-config';

/**
 * The one config reader (bulletproof-react's validated env): fetches /config.json with a
 * cache-busting timestamp (spec 000 §7, §9) and decodes it, so a bad deployment fails at
 * start-up rather than somewhere later. This is the only `fetch` in src/: everything else goes
 * through the engine.
 */
export async function loadRuntimeConfig(): Promise<RuntimeConfig> {
  const response = await fetch(`/config.json?t=${Date.now()}`, {
    headers: { Accept: 'application/json' },
    cache: 'no-store',
  });
  if (!response.ok) throw new Error(`GET /config.json answered ${response.status}`);
  return decodeRuntimeConfig(await response.json());
}
