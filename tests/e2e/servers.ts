import { mkdir, rm, rmdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { spawn } from 'node:child_process';
import { startServerProcess, type ServerProcess } from '../support/server-process';

/** One real `server/main.ts` of an end-to-end run: its environment and its own data folder. */
export interface E2eServer {
  readonly env: Readonly<Record<string, string>>;
  /** Its DATA_DIR, removed when the run ends. */
  readonly dataDir: string;
  /**
   * Starts from a copy of the started database (decision 0069: migrated, lookups, gazetteer,
   * search tables, no demo data) instead of an empty folder. Only for a server that seeds no
   * demo data: the demo seed runs on an empty database only.
   */
  readonly fromStartedCopy?: boolean;
  /** Started only once these have printed that they are ready (a search service, say). */
  readonly after?: readonly E2eServer[];
}

/** Removes the folder the data folders were made in, once empty (when the run made it). */
const removeEmptyParents = async (servers: readonly E2eServer[]) => {
  for (const parent of new Set(servers.map((s) => dirname(s.dataDir)))) {
    await rmdir(parent).catch(() => undefined);
  }
};

/**
 * Copies the started database into `dataDir` (tests/support/started-template.ts), in a tsx
 * process: the server modules it loads do not load under Playwright's own transform. False
 * when no copy was made (the server then starts from empty).
 */
function startedCopy(dataDir: string): Promise<boolean> {
  const copy = `import('./tests/support/started-template.ts')
    .then((m) => m.startedDataDir(process.argv[1]))
    .then((copied) => process.exit(copied ? 0 : 1))`;
  return new Promise((resolve) => {
    spawn(process.execPath, ['--import', 'tsx', '-e', copy, dataDir], { stdio: 'inherit' })
      .once('error', () => resolve(false))
      .once('exit', (code) => resolve(code === 0));
  });
}

/**
 * Starts the servers of a run (Playwright's globalSetup), each as soon as those it waits for
 * are ready, the others side by side: Playwright's `webServer` entries start one after the
 * other, and a fresh server with the demo seed is 40-170 s of start (issue 32). Returns the
 * teardown: every server killed (as `webServer` does) and its data folder removed.
 */
export async function startE2eServers(
  servers: readonly E2eServer[],
  timeoutMs = 240_000,
): Promise<() => Promise<void>> {
  const started = new Map<E2eServer, Promise<ServerProcess>>();
  const start = (server: E2eServer): Promise<ServerProcess> => {
    let running = started.get(server);
    if (running === undefined) {
      running = (async () => {
        await Promise.all((server.after ?? []).map(start));
        await rm(server.dataDir, { recursive: true, force: true });
        if (server.fromStartedCopy !== true || !(await startedCopy(server.dataDir))) {
          await mkdir(server.dataDir, { recursive: true });
        }
        const process_ = await startServerProcess(
          { ...server.env, DATA_DIR: server.dataDir },
          timeoutMs,
        );
        // What it says from now on (warnings), as Playwright's webServer `stdout: 'pipe'` did.
        const label = `[server ${server.env['PORT'] ?? ''}] `;
        const relay = (chunk: Buffer) => {
          for (const line of chunk.toString().split('\n')) {
            if (line !== '') process.stdout.write(`${label}${line}\n`);
          }
        };
        process_.child.stdout?.on('data', relay);
        process_.child.stderr?.on('data', relay);
        return process_;
      })();
      started.set(server, running);
    }
    return running;
  };
  const all = await Promise.allSettled(servers.map(start));
  const stop = async () => {
    await Promise.all(
      all.map(async (s) => (s.status === 'fulfilled' ? s.value.kill() : undefined)),
    );
    await Promise.all(servers.map((s) => rm(s.dataDir, { recursive: true, force: true })));
    await removeEmptyParents(servers);
  };
  const failed = all.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (failed !== undefined) {
    await stop();
    throw failed.reason;
  }
  return stop;
}

const port = Number(process.env['E2E_PORT'] ?? 5190);
// A fresh data folder per run: the "fresh start" the foundation issue asks to show.
const dataDir = process.env['E2E_DATA_DIR'] ?? join(tmpdir(), `ist-e2e-${port}-${process.pid}`);

/** One seeded server as playwright.config.ts's projects expect it, on `serverPort`. */
const seededServer = (serverPort: number, folder: string): E2eServer => ({
  dataDir: folder,
  env: {
    PORT: String(serverPort),
    PUBLIC_URL: `http://localhost:${serverPort}`,
    // Always the embedded database, even where the shell sets DATABASE_URL for the API tests.
    DATABASE_URL: '',
    SEED_ARTICLES: '2000',
    SEED_ACTIVITIES: '120',
    IST_ENVIRONMENT: 'e2e',
    IST_VERSION: '0.1.0',
    IST_BUILD_NUMBER: 'e2e-build',
    LOG_LEVEL: process.env['E2E_LOG_LEVEL'] ?? 'warn',
    // Lets parallel runs use their own build (vite build --outDir …).
    STATIC_DIR: process.env['E2E_STATIC_DIR'] ?? 'dist',
  },
});

/**
 * playwright.config.ts's globalSetup: the articles server on E2E_PORT and the activities server
 * on the next port, both from empty and started side by side; one server with E2E_SERVERS=1.
 */
export default function startMainServers(): Promise<() => Promise<void>> {
  return startE2eServers(
    process.env['E2E_SERVERS'] === '1'
      ? [seededServer(port, dataDir)]
      : [
          seededServer(port, join(dataDir, 'articles')),
          seededServer(port + 1, join(dataDir, 'activities')),
        ],
  );
}
