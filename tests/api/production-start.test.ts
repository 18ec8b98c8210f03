import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishedSearchKeysRefused } from '@server/config';
import type { ServerProcess } from '../support/server-process';
import { serverProcessEnv, startServerProcess } from '../support/server-process';
import { freePort } from '../support/test-server';

/**
 * What a production deployment gets by default (issue 30), shown on a real `server/main.ts`:
 * without keys of its own it does not start; it listens on loopback unless HOST says
 * otherwise; it seeds no demo articles into an empty database and serves no source maps.
 */

/** Runs the server and resolves with its exit code and output (it is expected not to start). */
function runToExit(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

/** An address of this machine other than loopback, if it has one. */
const lanAddress = () =>
  Object.values(networkInterfaces())
    .flat()
    .find((a) => a !== undefined && a.family === 'IPv4' && !a.internal)?.address;

describe('production defaults on a real server', () => {
  let dataDir = '';
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'ist-production-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('refuses to start in production (any case) without search keys of its own', async () => {
    const port = await freePort();
    const { code, output } = await runToExit({
      ...serverProcessEnv({ port, dataDir: join(dataDir, 'refused') }),
      NODE_ENV: 'Production',
      OIDC_ISSUER: 'https://login.example.org/realms/ist',
    });
    expect(code).toBe(1);
    expect(output).toContain(publishedSearchKeysRefused);
    expect(output).not.toContain('IST is ready');
  }, 90_000);

  describe('started in production with its own keys', () => {
    let server: ServerProcess;
    let port = 0;
    const adminKey = 'production-test-admin-key';

    beforeAll(async () => {
      port = await freePort();
      // A built SPA stand-in: index.html, a script and its source map.
      const staticDir = join(dataDir, 'dist');
      await mkdir(join(staticDir, 'assets'), { recursive: true });
      await writeFile(join(staticDir, 'index.html'), '<!doctype html><title>IST</title>');
      await writeFile(
        join(staticDir, 'assets', 'app.js'),
        'console.log(1);\n//# sourceMappingURL=app.js.map',
      );
      await writeFile(
        join(staticDir, 'assets', 'app.js.map'),
        '{"version":3,"sources":["app.ts"]}',
      );
      const env = serverProcessEnv({ port, dataDir: join(dataDir, 'pglite') });
      server = await startServerProcess(
        {
          ...env,
          NODE_ENV: 'production',
          DEMO_SIGN_IN: 'allow',
          SEARCH_API_KEY: adminKey,
          SEARCH_QUERY_KEY: 'production-test-query-key',
          // Asked for 50 demo articles, but not for demo data: none are written.
          SEED_ARTICLES: '50',
          SEED_ACTIVITIES: '5',
          STATIC_DIR: staticDir,
          // The default bind address, as an operator who sets nothing gets it.
          HOST: '',
          PUBLIC_URL: `http://localhost:${port}`,
        },
        240_000,
      );
    }, 300_000);
    afterAll(() => server?.kill());

    it('listens on loopback only', async () => {
      expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
      const lan = lanAddress();
      if (lan === undefined) return;
      await expect(
        fetch(`http://${lan}:${port}/healthz`, { signal: AbortSignal.timeout(3_000) }),
      ).rejects.toThrow();
    });

    it('seeds the lookups but no demo articles, and serves no source maps', async () => {
      const count = await fetch(
        `http://127.0.0.1:${port}/search/indexes/articles/docs/$count?api-version=2024-07-01`,
        { headers: { 'api-key': adminKey } },
      );
      expect(count.status).toBe(200);
      expect(await count.text()).toBe('0');
      const diseases = await fetch(
        `http://127.0.0.1:${port}/search/indexes/locations/docs/$count?api-version=2024-07-01`,
        { headers: { 'api-key': adminKey } },
      );
      expect(Number(await diseases.text())).toBeGreaterThan(0);
      expect((await fetch(`http://127.0.0.1:${port}/assets/app.js`)).status).toBe(200);
      expect((await fetch(`http://127.0.0.1:${port}/assets/app.js.map`)).status).toBe(404);
    });
  });
});
