/**
 * The canonical form of an article URL, the key ingestion dedupes on (issue 8): the same page
 * reached over http or https, with or without 'www.', a fragment, tracking parameters or a
 * trailing slash is one article. Returns null for anything that is not an http(s) URL.
 */

const trackingParameter =
  /^(utm_[a-z]+|fbclid|gclid|mc_cid|mc_eid|ref|cmpid|ocid|at_medium|at_campaign)$/i;

export function canonicalUrl(raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  const host = url.hostname.toLowerCase().replace(/^www\./, '');
  const port = url.port === '' || url.port === '80' || url.port === '443' ? '' : `:${url.port}`;
  const kept: [string, string][] = [];
  url.searchParams.forEach((value, name) => {
    if (!trackingParameter.test(name)) kept.push([name, value]);
  });
  kept.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const query = kept.length === 0 ? '' : `?${new URLSearchParams(kept).toString()}`;
  const path = url.pathname.replace(/\/+$/, '') || '';
  return `${host}${port}${path}${query}`;
}
