import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { join } from 'node:path';

/**
 * A real IST server process (`server/main.ts`, as `npm start` runs it, without the SPA build):
 * for the tests that need what one process cannot show (two servers on one database, a SIGKILL,
 * a SIGTERM drain). The test gives the environment; `serverProcessEnv` makes the usual one.
 */
export interface ServerProcess {
  readonly child: ChildProcess;
  /** The origin it listens on (its PUBLIC_URL). */
  readonly baseUrl: string;
  /** Everything it wrote on stdout and stderr so far. */
  output(): string;
  /** Resolves with the exit code (null when killed by a signal) once the process is gone. */
  readonly exited: Promise<number | null>;
  /** SIGTERM, then waits for the exit; SIGKILL after `graceMs`. Resolves with the exit code. */
  stop(graceMs?: number): Promise<number | null>;
  /** SIGKILL (a crash: nothing runs in the process), then waits for it to be gone. */
  kill(): Promise<void>;
}

export interface ServerProcessEnvOptions {
  readonly port: number;
  /** A PostgreSQL URL; unset or '' runs PGlite in dataDir. */
  readonly databaseUrl?: string;
  /** PGlite's folder, and where the (absent) SPA would be looked for. */
  readonly dataDir: string;
}

/**
 * The environment of a test server: embedded identity and search (SQL engine unless the test
 * says otherwise), no SMTP, no SPA, no demo seed, warnings only. Variables the test's own
 * environment sets for the suite (DATABASE_URL, SEARCH_URL…) are overridden here on purpose.
 */
export function serverProcessEnv(o: ServerProcessEnvOptions): Record<string, string> {
  return {
    PORT: String(o.port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${o.port}`,
    DATA_DIR: o.dataDir,
    DATABASE_URL: o.databaseUrl ?? '',
    OIDC_ISSUER: '',
    SEARCH_URL: '',
    SEARCH_ENGINE: 'sql',
    SMTP_URL: '',
    STATIC_DIR: join(o.dataDir, 'no-spa'),
    SEED_ARTICLES: '0',
    SEED_ACTIVITIES: '0',
    LOG_LEVEL: 'warn',
  };
}

const readyLine = 'IST is ready';

/**
 * Spawns `node --import tsx server/main.ts` with `env` on top of this process's environment and
 * waits until it prints that it is ready (rejects, with its output, when it exits first or
 * `timeoutMs` passes).
 */
export async function startServerProcess(
  env: Record<string, string>,
  timeoutMs = 120_000,
): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server not ready after ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    const onData = () => {
      if (output.includes(readyLine)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code}) before ready:\n${output}`));
    });
  });
  return {
    child,
    baseUrl: env['PUBLIC_URL'] ?? `http://127.0.0.1:${env['PORT'] ?? '5000'}`,
    output: () => output,
    exited,
    async stop(graceMs = 30_000) {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
    async kill() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGKILL');
      await exited;
    },
  };
}
