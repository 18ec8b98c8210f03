import { spawn } from 'node:child_process';

/** Runs a script with node --import tsx; resolves with its output (both streams) and exit code. */
export function runNode(
  args: readonly string[],
  env: NodeJS.ProcessEnv,
): Promise<{ stdout: string; code: number | null }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', ...args], { env });
    let stdout = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stdout += c.toString()));
    child.once('exit', (code) => resolve({ stdout, code }));
  });
}
