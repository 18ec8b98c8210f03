import '@vitest/web-worker';
import * as Comlink from 'comlink';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { engineScenarios, sampleLookups } from '../tests/support/engine-scenarios';
import {
  startRecordingApiServer,
  type RecordingApiServer,
} from '../tests/support/recording-api-server';
import { createEngine } from './engine';
import type { EngineApi, EngineCallbacks } from './engine-contract';

/**
 * The engine's error handling and token passing against a real HTTP server, run twice:
 * through the real worker module in a simulated worker (@vitest/web-worker, Comlink, callbacks
 * as Comlink proxies over a MessagePort) and on the engine object directly.
 */

type Scenario = keyof typeof engineScenarios;

/** An engine under test, the callbacks it made, and how to tear it down. */
interface Harness {
  readonly engine: Pick<EngineApi, 'setAccessToken' | 'getLookups' | 'log'>;
  /** Starts the engine signed in (a token set), as the UI does; `signedIn: false` leaves it out. */
  start(scenario: Scenario, opts?: { readonly signedIn: boolean }): Promise<void>;
  readonly unauthorized: number[];
  readonly alerts: string[];
  dispose(): void;
}

function recordingCallbacks(): EngineCallbacks & { unauthorized: number[]; alerts: string[] } {
  const unauthorized: number[] = [];
  const alerts: string[] = [];
  return {
    unauthorized,
    alerts,
    onUnauthorized: () => void unauthorized.push(Date.now()),
    onApiError: (alertText) => void alerts.push(alertText),
  };
}

const transports: Record<string, (server: RecordingApiServer) => Harness> = {
  'through the real worker (Comlink)': (server) => {
    const worker = new Worker(new URL('./engine.worker.ts', import.meta.url), { type: 'module' });
    const remote = Comlink.wrap<EngineApi>(worker);
    const callbacks = recordingCallbacks();
    return {
      engine: remote,
      start: async (scenario, opts) => {
        await remote.init(
          { apiUrl: server.apiUrl(scenario) },
          Comlink.proxy({
            onUnauthorized: () => callbacks.onUnauthorized(),
            onApiError: (text: string) => callbacks.onApiError(text),
          }),
        );
        if (opts?.signedIn !== false) await remote.setAccessToken('token-0');
      },
      unauthorized: callbacks.unauthorized,
      alerts: callbacks.alerts,
      dispose: () => {
        remote[Comlink.releaseProxy]();
        worker.terminate();
      },
    };
  },
  'on the engine object directly': (server) => {
    const engine = createEngine();
    const callbacks = recordingCallbacks();
    return {
      engine,
      start: async (scenario, opts) => {
        await engine.init({ apiUrl: server.apiUrl(scenario) }, callbacks);
        if (opts?.signedIn !== false) await engine.setAccessToken('token-0');
      },
      unauthorized: callbacks.unauthorized,
      alerts: callbacks.alerts,
      dispose: () => undefined,
    };
  },
};

let server: RecordingApiServer;
beforeAll(async () => {
  server = await startRecordingApiServer(engineScenarios);
});
afterAll(() => server.close());

describe.each(Object.entries(transports))('engine %s', (_name, makeHarness) => {
  let harness: Harness;
  const open = (): Harness => (harness = makeHarness(server));
  afterEach(() => {
    harness.dispose();
    server.requests.length = 0;
  });

  const logsOf = (scenario: Scenario) => server.requestsTo(scenario, '/api/log/js');

  it('sends the bearer token set with setAccessToken, a new one when it changes, none when null', async () => {
    const { engine, start } = open();
    await start('ok');
    await engine.setAccessToken('token-1');
    expect(await engine.getLookups()).toEqual(sampleLookups);
    await engine.log({ logLevel: 'info', message: 'first' });
    await engine.setAccessToken('token-2');
    await engine.log({ logLevel: 'info', message: 'second' });
    await engine.setAccessToken(null);
    await engine.log({ logLevel: 'info', message: 'third' });

    expect(server.requestsTo('ok', '/api/lookups').map((r) => r.authorization)).toEqual([
      'Bearer token-1',
    ]);
    expect(logsOf('ok').map((r) => [r.body, r.authorization])).toEqual([
      [{ logLevel: 'info', message: 'first' }, 'Bearer token-1'],
      [{ logLevel: 'info', message: 'second' }, 'Bearer token-2'],
      [{ logLevel: 'info', message: 'third' }, undefined],
    ]);
  });

  it('a call made before the first token waits for it and carries it (no bare 401)', async () => {
    const { engine, start, unauthorized } = open();
    await start('ok', { signedIn: false });
    const lookups = engine.getLookups();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.requestsTo('ok', '/api/lookups')).toHaveLength(0);
    await engine.setAccessToken('token-late');
    expect(await lookups).toEqual(sampleLookups);
    expect(server.requestsTo('ok', '/api/lookups').map((r) => r.authorization)).toEqual([
      'Bearer token-late',
    ]);
    expect(unauthorized).toEqual([]);
  });

  it('fetches the lookups once for concurrent and later callers', async () => {
    const { engine, start } = open();
    await start('ok');
    const answers = await Promise.all([
      engine.getLookups(),
      engine.getLookups(),
      engine.getLookups(),
    ]);
    expect(answers).toEqual([sampleLookups, sampleLookups, sampleLookups]);
    expect(await engine.getLookups()).toEqual(sampleLookups);
    expect(server.requestsTo('ok', '/api/lookups')).toHaveLength(1);
  });

  it('on 401 calls onUnauthorized, logs the error and rejects with a typed ApiError', async () => {
    const { engine, start, unauthorized, alerts } = open();
    await start('unauthorized');
    await engine.setAccessToken('expired');
    await expect(engine.getLookups()).rejects.toMatchObject({
      _tag: 'ApiError',
      method: 'GET',
      path: '/unauthorized/api/lookups',
      status: 401,
      errors: [],
    });
    await expect.poll(() => unauthorized.length).toBe(1);
    await expect.poll(() => logsOf('unauthorized').length).toBe(1);
    expect(logsOf('unauthorized')[0]).toMatchObject({
      authorization: 'Bearer expired',
      body: { logLevel: 'error', message: 'API error: GET /unauthorized/api/lookups answered 401' },
    });
    expect(alerts).toEqual([]);
  });

  it.each([
    ['bad-request', 400],
    ['server-error', 500],
  ] as const)(
    'on %s (%i) with errors alerts exactly "IST Error: a. b"',
    async (scenario, status) => {
      const { engine, start, unauthorized, alerts } = open();
      await start(scenario);
      await expect(engine.getLookups()).rejects.toMatchObject({
        _tag: 'ApiError',
        status,
        errors: ['a', 'b'],
      });
      await expect.poll(() => alerts).toEqual(['IST Error: a. b']);
      await expect.poll(() => logsOf(scenario).length).toBe(1);
      expect(logsOf(scenario)[0]?.body).toEqual({
        logLevel: 'error',
        message: `API error: GET /${scenario}/api/lookups answered ${status}: a. b`,
      });
      expect(unauthorized).toEqual([]);
    },
  );

  it.each([
    ['server-error-plain', 500],
    ['forbidden', 403],
  ] as const)(
    'on %s (%i) only logs: no alert without an errors list or off 400/500',
    async (scenario, status) => {
      const { engine, start, unauthorized, alerts } = open();
      await start(scenario);
      await expect(engine.getLookups()).rejects.toMatchObject({ _tag: 'ApiError', status });
      await expect.poll(() => logsOf(scenario).length).toBe(1);
      expect(logsOf(scenario)[0]?.body).toMatchObject({
        logLevel: 'error',
        message: expect.stringContaining(`GET /${scenario}/api/lookups answered ${status}`),
      });
      expect(alerts).toEqual([]);
      expect(unauthorized).toEqual([]);
    },
  );

  it('rejects a lookups body that does not match the schema with a DecodeError, logged', async () => {
    const { engine, start, alerts } = open();
    await start('bad-body');
    await expect(engine.getLookups()).rejects.toMatchObject({
      _tag: 'DecodeError',
      method: 'GET',
      path: '/bad-body/api/lookups',
      message: expect.stringContaining('diseases'),
    });
    await expect.poll(() => logsOf('bad-body').length).toBe(1);
    expect(logsOf('bad-body')[0]?.body).toMatchObject({
      logLevel: 'error',
      message: expect.stringContaining('GET /bad-body/api/lookups answered an unexpected body'),
    });
    expect(alerts).toEqual([]);
  });

  it('rejects a body that is not JSON with a DecodeError', async () => {
    const { engine, start } = open();
    await start('not-json');
    await expect(engine.getLookups()).rejects.toMatchObject({ _tag: 'DecodeError' });
  });

  it('does not keep a failed lookups request: the next caller asks again', async () => {
    const { engine, start } = open();
    await start('server-error');
    await expect(engine.getLookups()).rejects.toMatchObject({ _tag: 'ApiError' });
    await expect(engine.getLookups()).rejects.toMatchObject({ _tag: 'ApiError' });
    expect(server.requestsTo('server-error', '/api/lookups')).toHaveLength(2);
  });

  it('never recurses when the log call itself fails', async () => {
    const { engine, start, alerts } = open();
    await start('log-down');
    await expect(engine.getLookups()).rejects.toMatchObject({ _tag: 'ApiError', status: 500 });
    await expect.poll(() => alerts).toEqual(['IST Error: a. b']);
    await expect.poll(() => logsOf('log-down').length).toBe(1);
    // Give a recursive log a chance to show up before asserting it did not.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(logsOf('log-down')).toHaveLength(1);
    expect(alerts).toEqual(['IST Error: a. b']);
  });

  it('log() never throws, even on 401, and does not sign out', async () => {
    const { engine, start, unauthorized } = open();
    await start('log-unauthorized');
    await expect(engine.log({ logLevel: 'warn', message: 'hello' })).resolves.toBeUndefined();
    expect(logsOf('log-unauthorized')).toHaveLength(1);
    expect(unauthorized).toEqual([]);
  });

  it('rejects calls before init with a required-parameter error naming apiUrl', async () => {
    const { engine } = open();
    await expect(engine.getLookups()).rejects.toMatchObject({
      _tag: 'RequiredParameterError',
      parameter: 'apiUrl',
      message: 'Required parameter apiUrl was null or undefined.',
    });
    expect(server.requests).toEqual([]);
  });
});

describe('engine worker re-init', () => {
  it('replaces callbacks and base URL; a new base URL loads the lookups again', async () => {
    const worker = new Worker(new URL('./engine.worker.ts', import.meta.url), { type: 'module' });
    const remote = Comlink.wrap<EngineApi>(worker);
    const first = recordingCallbacks();
    const second = recordingCallbacks();
    try {
      await remote.init({ apiUrl: server.apiUrl('bad-request') }, Comlink.proxy(first));
      await remote.setAccessToken('token-0');
      await expect(remote.getLookups()).rejects.toMatchObject({ status: 400 });
      await expect.poll(() => first.alerts).toEqual(['IST Error: a. b']);

      await remote.init({ apiUrl: server.apiUrl('server-error') }, Comlink.proxy(second));
      await expect(remote.getLookups()).rejects.toMatchObject({ status: 500 });
      await expect.poll(() => second.alerts).toEqual(['IST Error: a. b']);
      expect(first.alerts).toHaveLength(1);

      await remote.init({ apiUrl: server.apiUrl('ok') }, Comlink.proxy(second));
      await remote.getLookups();
      await remote.init({ apiUrl: server.apiUrl('ok-elsewhere') }, Comlink.proxy(second));
      await remote.getLookups();
      await remote.getLookups();
      expect(server.requestsTo('ok', '/api/lookups')).toHaveLength(1);
      expect(server.requestsTo('ok-elsewhere', '/api/lookups')).toHaveLength(1);
    } finally {
      remote[Comlink.releaseProxy]();
      worker.terminate();
      server.requests.length = 0;
    }
  });
});

describe('engine without a reachable API', () => {
  it('rejects with a NetworkError naming method and path (its log attempt fails quietly)', async () => {
    const gone = await startRecordingApiServer({});
    const apiUrl = gone.apiUrl('gone');
    await gone.close();
    const engine = createEngine();
    await engine.init({ apiUrl }, recordingCallbacks());
    await engine.setAccessToken('token-0');
    await expect(engine.getLookups()).rejects.toMatchObject({
      _tag: 'NetworkError',
      method: 'GET',
      path: '/gone/api/lookups',
    });
  });
});
