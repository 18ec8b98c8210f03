import * as Comlink from 'comlink';
import { sendTaggedErrorsThroughComlink } from './comlink-errors';
import { createEngine } from './engine';
import type { EngineApi, EngineCallbacks } from './engine-contract';

const engine = createEngine();
let installedCallbacks: EngineCallbacks | undefined;

/** The engine the UI reaches through src/app/engine.ts. */
const engineApi: EngineApi = {
  ...engine,
  async init(options, callbacks) {
    await engine.init(options, callbacks);
    // Each init brings a new Comlink proxy (a MessagePort); close the one it replaces.
    const replaced = installedCallbacks as Partial<Comlink.Remote<EngineCallbacks>> | undefined;
    installedCallbacks = callbacks;
    if (replaced !== callbacks) replaced?.[Comlink.releaseProxy]?.();
  },
};

sendTaggedErrorsThroughComlink();
// `self`, not Comlink's default `globalThis`: in a browser they are the same object, but a
// simulated worker (@vitest/web-worker) injects its own `self` and leaves globalThis alone.
Comlink.expose(engineApi, self);
