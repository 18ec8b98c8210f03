import { shadeClass } from '@/domain/activity-map';

/**
 * The map's sequential palette: six steps of viridis (matplotlib's, perceptually uniform and
 * readable with deuteranopia and protanopia), pale yellow for the fewest to dark violet for the
 * most. A figure of 0 and a country with no activity get greys, not a colour.
 */
export const shadeColours = ['#fde725', '#7ad151', '#22a884', '#2a788e', '#414487', '#440154'];
export const zeroColour = '#dbe2ea';
export const noActivityColour = '#f4f6f8';
export const shadeCount = shadeColours.length;

/** The fill of a country's figure on a map whose largest figure is `max`. */
export function fillOf(value: number, max: number): string {
  const k = shadeClass(value, max, shadeCount);
  return k === 0 ? zeroColour : (shadeColours[k - 1] ?? zeroColour);
}

/** The legend: each class's colour and the whole figures it covers (empty classes left out). */
export function legendOf(max: number): { colour: string; label: string }[] {
  const out: { colour: string; label: string }[] = [{ colour: zeroColour, label: '0' }];
  let next = 1;
  for (let k = 1; k <= shadeCount && max > 0; k += 1) {
    const upper = Math.floor(max * (k / shadeCount) ** 2);
    if (upper < next) continue;
    out.push({
      colour: shadeColours[k - 1] ?? zeroColour,
      label: upper === next ? String(next) : `${next}–${upper}`,
    });
    next = upper + 1;
  }
  return out;
}
