/**
 * Issue 32: what virtualising an unbounded list saves, in real Chromium (headless, 1280×800).
 * The bench page (virtual-lists-page/) mounts 5,000 rows of the suggestions list's and the feed
 * sources table's markup, plain (as they were) and with react-virtuoso (as they are), and times
 * render to the frame after the paint. `npx tsx tests/bench/virtual-lists-browser.ts [n] [runs]`.
 */
import { createServer } from 'node:http';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { build } from 'vite';
import { launchBenchChromium } from './bench-chromium';
import type { ListBenchOutput } from './virtual-lists-page/main';

const pageDir = fileURLToPath(new URL('./virtual-lists-page/', import.meta.url));
const contentTypes: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
};

const percentile = (values: readonly number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
};

export async function benchVirtualLists(n = 5_000, runs = 15): Promise<ListBenchOutput[]> {
  const outDir = mkdtempSync(join(tmpdir(), 'ist-bench-lists-'));
  await build({
    configFile: false,
    logLevel: 'warn',
    root: pageDir,
    plugins: [react(), tailwindcss()],
    build: { outDir, emptyOutDir: true },
  });
  const server = createServer((req, res) => {
    const path = req.url === '/' || req.url === undefined ? 'index.html' : req.url;
    const file = normalize(join(outDir, path));
    if (!file.startsWith(outDir) || !statSync(file, { throwIfNoEntry: false })?.isFile()) {
      res.writeHead(404);
      return res.end();
    }
    res.writeHead(200, { 'content-type': contentTypes[extname(file)] ?? 'text/plain' });
    res.end(readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const browser = await launchBenchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${origin}/`);
    await page.waitForFunction(() => 'runListBench' in globalThis);
    return await page.evaluate(
      ([size, times]) =>
        (
          globalThis as unknown as {
            runListBench: (n: number, runs: number) => Promise<ListBenchOutput[]>;
          }
        ).runListBench(size, times),
      [n, runs] as const,
    );
  } finally {
    await browser.close();
    await new Promise((resolve) => server.close(resolve));
    rmSync(outDir, { recursive: true, force: true });
  }
}

if (process.argv[1]?.endsWith('virtual-lists-browser.ts')) {
  const n = Number(process.argv[2] ?? 5_000);
  const runs = Number(process.argv[3] ?? 15);
  console.log(
    `load ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}; ${n} rows, ${runs} runs`,
  );
  for (const r of await benchVirtualLists(n, runs)) {
    console.log(
      `${r.kind.padEnd(20)} rows in page ${String(r.rowsInPage).padStart(5)}  mount to paint p50 ${percentile(r.mountMs, 0.5).toFixed(1)} ms, p95 ${percentile(r.mountMs, 0.95).toFixed(1)} ms`,
    );
  }
}
