import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { TableVirtuoso, Virtuoso } from 'react-virtuoso';

/**
 * Issue 32's lists, plain (as they were) and virtualised (react-virtuoso, as they are), with the
 * rows' own markup: the suggestions list (a list in a 60vh box) and the feed sources table (in
 * the page's scroll). Each run mounts `n` rows and waits for the frame after they are painted.
 */

interface Row {
  readonly id: number;
  readonly label: string;
  readonly detail: string;
}

const rowsOf = (n: number): Row[] =>
  Array.from({ length: n }, (_, i) => ({
    id: i + 1,
    label: `Disease ${1 + (i % 79)} in Country ${1 + (i % 54)}`,
    detail: `Update · ${1 + (i % 9)} articles · since 2026/01/${String(1 + (i % 28)).padStart(2, '0')}`,
  }));

function SuggestionButton({ row }: { readonly row: Row }) {
  return (
    <button type="button" className="flex w-full flex-col gap-0.5 px-2 py-1.5 text-left text-sm">
      <span className="font-semibold text-slate-900">{row.label}</span>
      <span className="text-xs text-slate-500">{row.detail}</span>
    </button>
  );
}

const cells = (row: Row) => (
  <>
    <td className="py-1.5 pr-3">{row.label}</td>
    <td className="py-1.5 pr-3">Feed {row.id % 7}</td>
    <td className="py-1.5 pr-3">Healthy</td>
    <td className="py-1.5 pr-3">2026/01/01 10:00</td>
    <td className="py-1.5 pr-3">—</td>
    <td className="py-1.5 pr-3 text-right">{row.id % 40}</td>
    <td className="py-1.5 pr-3 text-right">{row.id * 3}</td>
    <td className="py-1.5 pr-3">every 15 min</td>
    <td className="py-1.5">
      <button type="button">Poll now</button> <button type="button">Disable</button>{' '}
      <button type="button">Delete</button>
    </td>
  </>
);

type Kind = 'suggestions-plain' | 'suggestions-virtual' | 'feeds-plain' | 'feeds-virtual';

function List({ kind, rows }: { readonly kind: Kind; readonly rows: readonly Row[] }) {
  switch (kind) {
    case 'suggestions-plain':
      return (
        <ul aria-label="Suggested actions" className="max-h-[60vh] overflow-y-auto">
          {rows.map((row) => (
            <li key={row.id}>
              <SuggestionButton row={row} />
            </li>
          ))}
        </ul>
      );
    case 'suggestions-virtual':
      return (
        <Virtuoso
          data={rows}
          style={{ height: '60vh' }}
          computeItemKey={(_, row) => row.id}
          itemContent={(_, row) => <SuggestionButton row={row} />}
        />
      );
    case 'feeds-plain':
      return (
        <table aria-label="Feed sources">
          <tbody>
            {rows.map((row) => (
              <tr key={row.id}>{cells(row)}</tr>
            ))}
          </tbody>
        </table>
      );
    case 'feeds-virtual':
      return (
        <TableVirtuoso
          useWindowScroll
          data={rows}
          increaseViewportBy={400}
          computeItemKey={(_, row) => row.id}
          itemContent={(_, row) => cells(row)}
        />
      );
  }
}

const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));

export interface ListBenchOutput {
  readonly kind: Kind;
  readonly rowsInPage: number;
  readonly mountMs: number[];
}

/** Mounts each kind `runs` times: the time from render to the frame after its paint. */
async function runListBench(n: number, runs: number): Promise<ListBenchOutput[]> {
  const container = document.getElementById('root');
  if (container === null) throw new Error('no root');
  const rows = rowsOf(n);
  const out: ListBenchOutput[] = [];
  for (const kind of [
    'suggestions-plain',
    'suggestions-virtual',
    'feeds-plain',
    'feeds-virtual',
  ] as const) {
    const mountMs: number[] = [];
    let rowsInPage = 0;
    for (let run = 0; run < runs; run += 1) {
      const root = createRoot(container);
      await frame();
      const start = performance.now();
      flushSync(() => root.render(<List kind={kind} rows={rows} />));
      // Virtuoso renders its rows once it has measured the viewport: two frames.
      await frame();
      await frame();
      mountMs.push(performance.now() - start);
      rowsInPage = container.querySelectorAll('li, tr, [data-index]').length;
      root.unmount();
    }
    out.push({ kind, rowsInPage, mountMs });
  }
  return out;
}

Object.assign(globalThis, { runListBench });
