import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';

/**
 * No import cycle in src/, workers/ and server/, type-only imports included (madge counts an
 * `import type` like any other; ESLint's import-x/no-cycle follows value imports only).
 */
const root = resolve(import.meta.dirname, '..');
const madgeBin = resolve(root, 'node_modules/.bin/madge');

/** madge's cycles as JSON (it exits 1 when it finds one, so the status is not the answer). */
function circles(...args: string[]): string[][] {
  const run = spawnSync(madgeBin, ['--circular', '--json', '--extensions', 'ts,tsx', ...args], {
    cwd: root,
    encoding: 'utf8',
  });
  return JSON.parse(run.stdout) as string[][];
}

describe('import cycles (madge)', { timeout: 180_000 }, () => {
  it('finds the cycle of tests/fixtures/lint-cycle (the check can fail)', () => {
    expect(circles('tests/fixtures/lint-cycle')).toEqual([['a.ts', 'b.ts']]);
  });

  it('finds none in src, workers and server', () => {
    expect(circles('--ts-config', 'tsconfig.json', 'src', 'workers', 'server')).toEqual([]);
  });
});
