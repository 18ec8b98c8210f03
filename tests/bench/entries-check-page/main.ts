/**
 * The bench page of tests/bench/entries-check-browser.ts: the app's real engine worker, started
 * through the app's one Comlink bridge (src/app/engine.ts), timed here in the page around each
 * Comlink call, so a figure holds the structured clone both ways as the details screen pays it.
 * Each check changes one case entry of the body, as an analyst's edit between two checks does.
 */
import { startEngine } from '@/app/engine';
import type { ValidateAnswerJson } from '@domain/entries/entries-api';
import type { ActivityKey, EntriesSubmission } from '@workers/activity-details/details-contract';

export interface EntriesCheckBenchInput {
  readonly apiUrl: string;
  readonly key: ActivityKey;
  readonly submission: EntriesSubmission;
  readonly runs: number;
}

export interface EntriesCheckBenchOutput {
  /** prepareEntriesCheck the first time: fetch, parse, decode and index the history. */
  readonly prepareMs: number;
  /** Of which indexCommitted, as the worker timed it. */
  readonly indexMs: number;
  readonly entries: number;
  /** prepareEntriesCheck again on the same version (held: nothing read). */
  readonly heldMs: number;
  readonly heldRead: boolean;
  /** checkEntries, each run (warm-ups left out). */
  readonly checkMs: readonly number[];
  readonly processedReports: number;
  readonly messages: number;
  readonly result: string | null;
}

async function run(input: EntriesCheckBenchInput): Promise<EntriesCheckBenchOutput> {
  const engine = await startEngine(
    { apiUrl: input.apiUrl },
    { onUnauthorized: () => undefined, onApiError: (text) => console.error(text) },
  );
  await engine.setAccessToken('bench');
  await engine.openActivityDetails(input.key);
  let t0 = performance.now();
  const ready = await engine.prepareEntriesCheck(input.key);
  const prepareMs = performance.now() - t0;
  if (ready === null) throw new Error('no detail open');
  t0 = performance.now();
  const held = await engine.prepareEntriesCheck(input.key);
  const heldMs = performance.now() - t0;
  const checkMs: number[] = [];
  let last: ValidateAnswerJson | null = null;
  const cases = input.submission.body.cases ?? [];
  for (let i = 0; i < input.runs + 2; i += 1) {
    // As the analyst does between two checks: one draft changed, the others as they were.
    const at = (i * 37) % Math.max(1, cases.length);
    const changed = cases.map((c, j) =>
      j === at ? { ...c, reportedCases: { newCases: 6 + i, userEntered: 'newCases' as const } } : c,
    );
    const submission = { ...input.submission, body: { ...input.submission.body, cases: changed } };
    t0 = performance.now();
    last = await engine.checkEntries(input.key, submission);
    const ms = performance.now() - t0;
    if (i >= 2) checkMs.push(ms);
  }
  return {
    prepareMs,
    indexMs: ready.indexMs,
    entries: ready.entries,
    heldMs,
    heldRead: held?.read ?? true,
    checkMs,
    processedReports: last?.processedReports.length ?? -1,
    messages: last?.messages.length ?? -1,
    result: last?.result ?? null,
  };
}

Object.assign(globalThis, { runEntriesCheckBench: run });
