import { describe, expect, it } from 'vitest';
import { resolve } from 'node:path';
import { ESLint } from 'eslint';

/**
 * The import boundaries of issue 32 (eslint.config.js) fire: each snippet is linted with the
 * project's own config as if it stood at the given path (the file need not exist; what it
 * imports does), and each forbidden import is reported by the rule named.
 */
const root = resolve(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: root });

async function rulesFired(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: resolve(root, path) });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

const boundary = 'import-x/no-restricted-paths';

describe('import boundaries held by ESLint', { timeout: 120_000 }, () => {
  it('a feature never imports another feature (alias or relative)', async () => {
    expect(
      await rulesFired(
        'src/features/articles/boundary-probe.ts',
        "import { openActivity } from '@/features/activities/index/activity-index-store';\nexport const go = openActivity;\n",
      ),
    ).toContain(boundary);
    expect(
      await rulesFired(
        'src/features/feeds/boundary-probe.ts',
        "import { openActivity } from '../activities/index/activity-index-store';\nexport const go = openActivity;\n",
      ),
    ).toContain(boundary);
  });

  it('a feature imports its own files, ui, domain and the app services', async () => {
    expect(
      await rulesFired(
        'src/features/activities/boundary-probe.ts',
        [
          "import { openActivity } from '@/features/activities/index/activity-index-store';",
          "import { routePatterns } from '@/app/routes';",
          "import { Kbd } from '@/ui/kbd';",
          'export const all = [openActivity, routePatterns, Kbd];',
          '',
        ].join('\n'),
      ),
    ).not.toContain(boundary);
  });

  it('a feature never imports the app shell', async () => {
    expect(
      await rulesFired(
        'src/features/feeds/boundary-probe.tsx',
        "import { Shell } from '@/app/shell/shell';\nexport const s = Shell;\n",
      ),
    ).toContain(boundary);
  });

  it('src/ui imports neither src/app nor src/features', async () => {
    expect(
      await rulesFired(
        'src/ui/boundary-probe.tsx',
        "import { Link } from '@/app/link';\nexport const l = Link;\n",
      ),
    ).toContain(boundary);
    expect(
      await rulesFired(
        'src/ui/boundary-probe.ts',
        "import { openActivity } from '../features/activities/index/activity-index-store';\nexport const go = openActivity;\n",
      ),
    ).toContain(boundary);
  });

  it('src/app imports features only where it composes them', async () => {
    const lazyScreen =
      "export const load = () => import('@/features/feeds/feed-sources-screen');\n";
    expect(await rulesFired('src/app/boundary-probe.ts', lazyScreen)).toContain(boundary);
    expect(await rulesFired('src/app/route-view.tsx', lazyScreen)).not.toContain(boundary);
  });

  it('src/domain imports nothing of ours', async () => {
    expect(
      await rulesFired(
        'src/domain/boundary-probe.ts',
        "import { routePatterns } from '@/app/routes';\nexport const r = routePatterns;\n",
      ),
    ).toContain('no-restricted-imports');
  });

  it('server/db never imports server/search', async () => {
    expect(
      await rulesFired(
        'server/db/repositories/boundary-probe.ts',
        "import { executeSearch } from '../../search/execute';\nexport const run = executeSearch;\n",
      ),
    ).toContain(boundary);
    expect(
      await rulesFired(
        'server/db/boundary-probe.ts',
        "import { executeSearch } from '@server/search/execute';\nexport const run = executeSearch;\n",
      ),
    ).toContain(boundary);
    // The other way is the intended one.
    expect(
      await rulesFired(
        'server/search/boundary-probe.ts',
        "import { rowsOf } from '../db/rows';\nexport const rows = rowsOf;\n",
      ),
    ).not.toContain(boundary);
  });

  it('an import cycle is reported (tests/fixtures/lint-cycle, which `eslint .` skips)', async () => {
    const fixture = 'tests/fixtures/lint-cycle/a.ts';
    expect(await eslint.isPathIgnored(resolve(root, fixture))).toBe(true);
    const unignored = new ESLint({ cwd: root, ignore: false });
    const [result] = await unignored.lintFiles([fixture]);
    expect(result?.messages.map((message) => message.ruleId)).toContain('import-x/no-cycle');
  });
});
