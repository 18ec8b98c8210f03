import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

/**
 * The rule of `readme-paths.test.ts`: which repository paths a README names, and which of those
 * do not exist. A README that names a moved or deleted file misleads the next reader, so the
 * check is mechanical and precise.
 *
 * What counts as a path: the text of an inline code span (`server/search/http.ts`) or the target
 * of a Markdown link or image (`[x](docs/api.md#search)`, anchor and query dropped) that
 * - contains a `/` and either ends with a known file extension (`.ts`, `.md`, …) or ends with
 *   `/` (a directory);
 * - has none of the characters of placeholders, globs, aliases, routes or prose
 *   (whitespace `<>{}*$…?=:@,;'"()[]|` and backslash), and does not start with `/` (a URL path
 *   on the server, such as `/api/articles`) or `~`.
 *
 * It exists when the file or folder is found relative to the README's own folder or to the
 * repository root; a path starting with `../` is read from the README's folder only. A path that
 * leaves the repository (`../shared/spec/` from the root) is not checked: the repository cannot
 * promise it. Nor are the folders the program makes and git ignores (`data/`, `dist/`).
 */

/** Extensions that make a slash-containing code span a file path. */
const fileExtensions = [
  'ts',
  'tsx',
  'js',
  'mjs',
  'cjs',
  'json',
  'md',
  'css',
  'html',
  'sql',
  'sh',
  'yml',
  'yaml',
  'png',
  'svg',
  'txt',
  'csv',
];

const extensionAtEnd = new RegExp(`\\.(?:${fileExtensions.join('|')})$`);
// Placeholders (<area>, {id}), globs (*), aliases (@/), URLs (https:), routes' queries (?x=),
// ellipses (…) and prose punctuation are not file names.
const notAPath = /[\s<>{}*$…?=:@,;'"()[\]|\\]/;

/** Made at run time and ignored by git: named in READMEs, absent from a fresh clone. */
const generatedFolders = ['data/', 'dist/'];

/** Folders never searched for Markdown (dependencies, build output, local data). */
const skippedFolders = new Set([
  'node_modules',
  '.git',
  'data',
  'test-results',
  'playwright-report',
  'screenshots',
]);

/** Whether a candidate text is a repository path under the rule above. */
export function isPathLike(text: string): boolean {
  if (text.startsWith('/') || text.startsWith('~') || notAPath.test(text)) return false;
  if (!text.includes('/')) return false;
  return text.endsWith('/') || extensionAtEnd.test(text);
}

/** Every path the Markdown names: code spans, then link targets (each path once). */
export function namedPaths(markdown: string): string[] {
  // Fenced blocks are diagrams and examples, not references.
  const prose = markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '');
  const candidates: string[] = [];
  for (const match of prose.matchAll(/(`+)([^`]+?)\1(?!`)/g))
    candidates.push((match[2] ?? '').trim());
  // Link targets outside code spans: [text](target) and ![alt](target "title").
  const withoutCode = prose.replace(/(`+)[^`]+?\1(?!`)/g, '');
  for (const match of withoutCode.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
    candidates.push((match[1] ?? '').replace(/[#?].*$/, ''));
  }
  return [...new Set(candidates.filter(isPathLike))];
}

/** The named paths of one Markdown file that exist neither beside it nor from the root. */
export function missingPaths(root: string, markdownFile: string): string[] {
  const folder = dirname(markdownFile);
  const inRepo = (p: string) => !relative(root, p).startsWith('..');
  return namedPaths(readFileSync(markdownFile, 'utf8')).filter((path) => {
    if (generatedFolders.some((folder) => path.startsWith(folder))) return false;
    const bases = (
      path.startsWith('../')
        ? [resolve(folder, path)]
        : [resolve(folder, path), resolve(root, path)]
    ).filter(inRepo);
    if (bases.length === 0) return false;
    return !bases.some((candidate) => existsSync(candidate));
  });
}

/** Every README.md of the repository, plus ARCHITECTURE.md and docs/decisions/*.md. */
export function checkedMarkdownFiles(root: string): string[] {
  const found: string[] = [];
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      if (entry.isDirectory()) {
        if (!skippedFolders.has(entry.name) && !entry.name.startsWith('dist')) {
          walk(join(folder, entry.name));
        }
      } else if (entry.name === 'README.md') {
        found.push(join(folder, entry.name));
      }
    }
  };
  walk(root);
  found.push(join(root, 'ARCHITECTURE.md'));
  const decisions = join(root, 'docs', 'decisions');
  if (existsSync(decisions)) {
    for (const name of readdirSync(decisions)) {
      if (name.endsWith('.md') && name !== 'README.md') found.push(join(decisions, name));
    }
  }
  return found.sort();
}

/** A path shown relative to the root, with forward slashes, for messages. */
export function shownPath(root: string, file: string): string {
  return relative(root, file).split(sep).join('/');
}
