import { transferHandlers, type TransferHandler } from 'comlink';
import { failureData, isEngineError } from './errors';

type Handler = TransferHandler<unknown, unknown>;
const comlinkOriginal = Symbol.for('ist.engine.comlinkThrowHandler');

/**
 * Comlink sends a thrown Error as its message, name and stack only, so `_tag`, `status` and
 * `errors` would be lost. This replaces the 'throw' handler's serialiser so an engine error
 * also carries its {@link failureData}; Comlink's own deserialiser on the UI side rebuilds an
 * Error with those fields (`Object.assign(new Error(message), value)`), so the UI needs no
 * handler of its own.
 */
export function sendTaggedErrorsThroughComlink(): void {
  const current = transferHandlers.get('throw');
  if (!current) return;
  // Always wrap Comlink's own handler, never a previous wrapper: a simulated worker
  // (@vitest/web-worker) shares one Comlink module between worker instances, each with its
  // own error classes, and the latest instance must win.
  const original: Handler =
    (current as Handler & { [comlinkOriginal]?: Handler })[comlinkOriginal] ?? current;
  const handler: Handler & { [comlinkOriginal]: Handler } = {
    [comlinkOriginal]: original,
    canHandle: (value): value is unknown => original.canHandle(value),
    serialize(thrown) {
      const value = (thrown as { value?: unknown }).value;
      if (isEngineError(value)) {
        const data = { ...failureData(value), name: value.name, stack: value.stack };
        return [{ isError: true, value: data }, []];
      }
      return original.serialize(thrown);
    },
    deserialize: (serialized) => original.deserialize(serialized),
  };
  transferHandlers.set('throw', handler);
}
