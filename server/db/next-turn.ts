/**
 * Lets waiting I/O in. PGlite answers in microtasks, so a loop of awaited queries (or of pure
 * work) never returns to the event loop on its own: every other request waits behind the whole
 * loop (issue 30: a 1,000-document index batch held `/config.json` for 12 s on PGlite).
 */
export const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * A pause to await inside a long loop: it yields (nextTurn) only once `sliceMs` of work has
 * passed since the last yield, so short loops pay nothing.
 */
export function slicedPause(sliceMs = 8): () => Promise<void> {
  let sliceStart = performance.now();
  return async () => {
    if (performance.now() - sliceStart < sliceMs) return;
    await nextTurn();
    sliceStart = performance.now();
  };
}
