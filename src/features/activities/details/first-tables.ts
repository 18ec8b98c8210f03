import { useEffect, useState } from 'react';

/**
 * Location tables rendered in the frame that first shows an activity; the rest of the page
 * follows in the next frame. A page of 20 tables was most of the first paint's render and
 * layout on the 1,000-location activity (issue 31), while a screen shows three or four.
 */
export const firstFrameTables = 4;

/**
 * How many of the page's `total` tables to render: {@link firstFrameTables} until the frame
 * that shows the loaded activity has been painted, then all of them.
 */
export function useTablesRendered(total: number, loaded: boolean): number {
  const [all, setAll] = useState(false);
  useEffect(() => {
    if (all || !loaded) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // The animation frame runs before the paint; the task it queues runs after it.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setAll(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [all, loaded]);
  return all ? total : Math.min(total, firstFrameTables);
}
