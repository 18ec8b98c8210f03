import { globalScope } from './registry';

/**
 * Hotkey scopes active from the start, and never toggled: the index screens' and the article
 * details' scopes are always on, their commands guarded by `when` (their route) and registered
 * only while mounted. Enabling a scope re-binds every hotkey and drops a half-typed sequence, so
 * turning one on as its screen mounted lost keys typed during the load ('g r' at once on the
 * landing screen, 'g a' while the article index loaded).
 */
export const initiallyActiveScopes: string[] = [
  globalScope,
  'activityIndex',
  'articleIndex',
  'articleDetails',
  'activityDetails',
];
