/**
 * A host and its parent domains, closest first: 'news.who.int' → ['news.who.int', 'who.int']
 * (never a bare top-level label). A feed article takes the data source (its source category)
 * of the closest domain known, so outlets' sub-domains are not left without a category.
 */
export function domainsOf(host: string): string[] {
  const labels = host
    .toLowerCase()
    .split('.')
    .filter((label) => label !== '');
  const domains: string[] = [];
  for (let i = 0; i + 2 <= labels.length; i += 1) domains.push(labels.slice(i).join('.'));
  return domains;
}
