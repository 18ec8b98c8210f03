import '@vitest/web-worker';
import { describe, expect, it } from 'vitest';
import { getEngine, isEngineFailure, startEngine } from './engine';

/** The bridge starts the real worker module (simulated by @vitest/web-worker) lazily. */
describe('engine bridge', () => {
  it('starts one worker, passes callbacks, and hands back typed failures', async () => {
    const alerts: string[] = [];
    const engine = await startEngine(
      // Nothing listens on port 9: the call fails without a server.
      { apiUrl: 'http://127.0.0.1:9/api' },
      { onUnauthorized: () => undefined, onApiError: (text) => void alerts.push(text) },
    );
    expect(getEngine()).toBe(engine);

    const failure: unknown = await engine.getLookups().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    expect(isEngineFailure(failure)).toBe(true);
    expect(isEngineFailure(failure, 'NetworkError')).toBe(true);
    expect(isEngineFailure(failure, 'ApiError')).toBe(false);
    expect(failure).toMatchObject({ _tag: 'NetworkError', method: 'GET', path: '/api/lookups' });
    expect(alerts).toEqual([]);
  });

  it('isEngineFailure rejects errors that are not the engine’s', () => {
    expect(isEngineFailure(new Error('x'))).toBe(false);
    expect(isEngineFailure(Object.assign(new Error('x'), { _tag: 'Other' }))).toBe(false);
    expect(isEngineFailure({ _tag: 'ApiError' })).toBe(false);
  });
});
