/** Words a division's name may carry in one list and not in another ('Central Region' / 'Central'). */
const divisionWords = new Set([
  'region',
  'province',
  'state',
  'department',
  'governorate',
  'county',
  'district',
  'prefecture',
  'oblast',
  'division',
  'of',
  'the',
]);

/** A place name reduced for matching: no accents, case, punctuation or division words. */
export function nameKey(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w !== '' && !divisionWords.has(w))
    .join(' ');
}

/** Whether two division names name the same division ('Far North' and 'Far North Region'). */
export const sameDivisionName = (a: string, b: string): boolean => {
  const key = nameKey(a);
  return key !== '' && key === nameKey(b);
};
