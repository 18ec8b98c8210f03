import { createContext, useContext } from 'react';
import type { RuntimeConfig } from '@/domain/runtime-config';

/** The decoded /config.json, provided once start-up succeeded. */
export const ConfigContext = createContext<RuntimeConfig | null>(null);

/** React hook: the runtime configuration (only rendered after start-up, so always present). */
export function useRuntimeConfig(): RuntimeConfig {
  const config = useContext(ConfigContext);
  if (!config) throw new Error('useRuntimeConfig is used outside the started app.');
  return config;
}
