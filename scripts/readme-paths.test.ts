import { describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import {
  checkedMarkdownFiles,
  isPathLike,
  missingPaths,
  namedPaths,
  shownPath,
} from './readme-paths';

const root = resolve(import.meta.dirname, '..');

describe('READMEs name files that exist (the rule is in scripts/readme-paths.ts)', () => {
  it('every README.md, ARCHITECTURE.md and docs/decisions/*.md', () => {
    const files = checkedMarkdownFiles(root);
    const shown = files.map((file) => shownPath(root, file));
    // The set is found by walking the tree: these must be among it.
    expect(shown).toEqual(
      expect.arrayContaining([
        'README.md',
        'ARCHITECTURE.md',
        'src/README.md',
        'server/search/README.md',
        'docs/decisions/0001-history-api-router.md',
      ]),
    );
    expect(shown.some((file) => file.includes('node_modules'))).toBe(false);
    const missing = files.flatMap((file) =>
      missingPaths(root, file).map((path) => `${shownPath(root, file)}: ${path}`),
    );
    expect(missing).toEqual([]);
  });

  it('every decision is numbered and linked from docs/decisions/README.md', () => {
    const folder = join(root, 'docs/decisions');
    const index = readFileSync(join(folder, 'README.md'), 'utf8');
    const decisions = readdirSync(folder).filter((name) => name !== 'README.md');
    expect(decisions.filter((name) => !/^\d{4}-[a-z0-9-]+\.md$/.test(name))).toEqual([]);
    expect(decisions.filter((name) => !index.includes(`](${name})`))).toEqual([]);
  });

  it('ARCHITECTURE.md stays a map: at most 250 lines', () => {
    const lines = readFileSync(join(root, 'ARCHITECTURE.md'), 'utf8').trimEnd().split('\n');
    expect(lines.length).toBeLessThanOrEqual(250);
  });
});

describe('what counts as a path', () => {
  it('takes code spans and link targets with a slash and a file extension, or a trailing slash', () => {
    const markdown = [
      'The routes are in `server/search/http.ts` and `server/http/`; see',
      '[the API](docs/api.md#search-service) and ![a screen](docs/screenshots/x.png "title").',
      'Plain words are not paths: `http.ts`, `Enter`, `a/b` (no extension), server/db/client.ts.',
    ].join('\n');
    expect(namedPaths(markdown)).toEqual([
      'server/search/http.ts',
      'server/http/',
      'docs/api.md',
      'docs/screenshots/x.png',
    ]);
  });

  it('leaves out routes, URLs, placeholders, globs, aliases and fenced examples', () => {
    for (const text of [
      '/api/articles/1.json',
      'https://example.org/a.md',
      'src/features/<area>/',
      'http/api/<resource>.ts',
      'src/**/*.test.ts',
      '@/app/engine.ts',
      '…/reports/committedTimeline.json',
      'GET /api/x.json',
      'a.ts/b.ts, c.ts',
    ]) {
      expect(isPathLike(text), text).toBe(false);
    }
    expect(namedPaths('```\nsrc/not/checked.ts\n```\n')).toEqual([]);
    expect(namedPaths('[site](https://example.org/page.html)')).toEqual([]);
  });

  it('reports a made-up path, beside the README or from the root, and not a real one', () => {
    const repo = mkdtempSync(join(tmpdir(), 'readme-paths-'));
    mkdirSync(join(repo, 'server', 'search'), { recursive: true });
    writeFileSync(join(repo, 'server', 'search', 'http.ts'), '');
    writeFileSync(
      join(repo, 'server', 'search', 'README.md'),
      [
        'Real: `http.ts` is bare (not checked), `server/search/http.ts` from the root,',
        '`../search/http.ts` beside it, [up](../search/) and `../../../elsewhere/spec.md` (outside).',
        'Made up: `server/search/engine-next.ts`, `memory/engine.ts`, [gone](docs/gone.md).',
      ].join('\n'),
    );
    expect(missingPaths(repo, join(repo, 'server', 'search', 'README.md'))).toEqual([
      'server/search/engine-next.ts',
      'memory/engine.ts',
      'docs/gone.md',
    ]);
  });
});
