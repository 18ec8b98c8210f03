import { createHash } from 'node:crypto';
import { type DemoAnalyst, fullName } from './analysts';

/** Escapes text for HTML content and double-quoted attribute values. */
export const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const style = `
:root{color-scheme:light;--ink:#1f2933;--muted:#616e7c;--line:#d9e2ec;--accent:#1d4ed8;--bg:#f3f5f8}
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:grid;place-items:center;background:var(--bg);color:var(--ink);
font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{width:min(24rem,calc(100vw - 2rem));background:#fff;border:1px solid var(--line);border-radius:10px;
padding:2rem;box-shadow:0 1px 3px rgba(15,23,42,.08)}
.product{margin:0 0 .25rem;font-weight:700;letter-spacing:.08em;color:var(--accent)}
h1{margin:0 0 .25rem;font-size:1.4rem}
p{margin:0 0 1.25rem;color:var(--muted)}
ul{list-style:none;margin:0;padding:0;display:grid;gap:.5rem}
button{width:100%;display:flex;align-items:center;gap:.75rem;padding:.6rem .75rem;font:inherit;color:inherit;
text-align:left;background:#fff;border:1px solid var(--line);border-radius:8px;cursor:pointer}
button:hover{border-color:var(--accent);background:#f5f8ff}
button:focus-visible{outline:2px solid var(--accent);outline-offset:2px}
.avatar{flex:none;display:grid;place-items:center;width:2rem;height:2rem;border-radius:50%;
background:#e0e7ff;color:var(--accent);font-size:.8rem;font-weight:600}
.note{margin:1.25rem 0 0;font-size:.8rem}
a{color:var(--accent)}
`;

const sha256 = (s: string) => `'sha256-${createHash('sha256').update(s).digest('base64')}'`;

/** An HTML page and the Content-Security-Policy that allows exactly its inline style and script. */
export interface Page {
  readonly html: string;
  readonly csp: string;
}

/**
 * The page's policy with `form-action`: its forms post to the provider (our origin), and the
 * redirects that follow a post end at a client's callback, which Chromium also checks against
 * form-action; so our origin and the client origins, nothing else.
 */
export function withFormAction(page: Page, origins: readonly string[]): Page {
  return { ...page, csp: `${page.csp}; form-action 'self' ${origins.join(' ')}` };
}

function page(title: string, body: string, script?: string): Page {
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · IST</title>
<style>${style}</style>
</head>
<body>
<main>
<p class="product">IST</p>
${body}
</main>${script === undefined ? '' : `\n<script>${script}</script>`}
</body>
</html>`;
  const scriptSrc = script === undefined ? "'none'" : sha256(script);
  const csp = `default-src 'none'; style-src ${sha256(style)}; script-src ${scriptSrc}; base-uri 'none'; frame-ancestors 'self'`;
  return { html, csp };
}

const initials = (a: DemoAnalyst) => `${a.givenName.charAt(0)}${a.familyName.charAt(0)}`;

/** The sign-in page: one button per demo analyst, posting the subject to `action`. */
export function signInPage(action: string, analysts: readonly DemoAnalyst[]): Page {
  const buttons = analysts
    .map(
      (
        a,
        i,
      ) => `<li><button type="submit" name="subject" value="${escapeHtml(a.subject)}"${i === 0 ? ' autofocus' : ''}>
<span class="avatar" aria-hidden="true">${escapeHtml(initials(a))}</span><span>${escapeHtml(fullName(a))}</span></button></li>`,
    )
    .join('\n');
  return page(
    'Sign in',
    `<h1>Sign in</h1>
<p>Choose the analyst to continue as.</p>
<form method="post" action="${escapeHtml(action)}">
<ul>
${buttons}
</ul>
</form>
<p class="note">Demo analysts of the embedded identity provider. Production deployments sign in through the organisation's identity provider.</p>`,
  );
}

/**
 * The sign-out step: the provider's confirmation form, submitted at once with `logout=yes` so
 * Sign Out in IST takes one click (the form still needs the session's xsrf secret, so a
 * third-party page cannot sign the analyst out). Without script the button submits it.
 */
export function signOutPage(form: string): Page {
  const script = `document.addEventListener('DOMContentLoaded',function(){document.getElementById('op.logoutForm').requestSubmit(document.getElementById('sign-out'))});`;
  return page(
    'Sign out',
    `<h1>Signing out…</h1>
<p>You are being signed out of IST.</p>
${form}
<ul><li><button id="sign-out" type="submit" form="op.logoutForm" name="logout" value="yes">Sign out</button></li></ul>`,
    script,
  );
}

/** A page for an error the analyst cannot fix by retrying the form, with a way back to IST. */
export function errorPage(message: string, homeUrl: string): Page {
  return page(
    'Sign-in error',
    `<h1>Something went wrong</h1>
<p>${escapeHtml(message)}</p>
<p><a href="${escapeHtml(homeUrl)}">Return to IST</a></p>`,
  );
}

/** The page the provider shows after sign-out when the client gave no post_logout_redirect_uri. */
export function signedOutPage(homeUrl: string): Page {
  return page(
    'Signed out',
    `<h1>Signed out</h1>
<p>You have been signed out.</p>
<p><a href="${escapeHtml(homeUrl)}">Return to IST</a></p>`,
  );
}
