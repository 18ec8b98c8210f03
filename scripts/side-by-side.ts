import { spawn } from 'node:child_process';

/**
 * Runs the npm scripts named on the command line at once and fails when any fails (issue 32:
 * `tsc` and ESLint each use one core, so the type check and the lint take the longer of the
 * two instead of their sum on a 2-core machine). Each script's output is held and printed
 * whole when it ends, so two tools' lines never interleave.
 *
 *   node --import tsx scripts/side-by-side.ts test:types test:lint
 */
interface Finished {
  readonly script: string;
  readonly code: number;
}

function run(script: string): Promise<Finished> {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn('npm', ['run', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    const output: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      process.stdout.write(`== ${script}: ${code === 0 ? 'passed' : 'FAILED'} in ${seconds} s\n`);
      process.stdout.write(Buffer.concat(output));
      resolve({ script, code: code ?? 1 });
    });
  });
}

const scripts = process.argv.slice(2);
if (scripts.length === 0) {
  process.stderr.write('usage: side-by-side.ts <npm script> [<npm script>…]\n');
  process.exit(2);
}
const finished = await Promise.all(scripts.map(run));
const failed = finished.filter((result) => result.code !== 0).map((result) => result.script);
if (failed.length > 0) {
  process.stderr.write(`failed: ${failed.join(', ')}\n`);
  process.exit(1);
}
