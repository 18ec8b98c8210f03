import { describe, expect, it } from 'vitest';
import { loadServerConfig } from '../config';
import { clientOrigins } from './provider';

/** Issue 16: the vite dev server's origin receives codes only in development, on a local machine. */
describe('the SPA origins the embedded provider sends codes to', () => {
  it('adds http://localhost:5173 in development on a loopback public URL', () => {
    for (const env of [{}, { NODE_ENV: 'development' }]) {
      const config = loadServerConfig({ ...env, PUBLIC_URL: 'http://localhost:5000' });
      expect(clientOrigins(config)).toEqual(['http://localhost:5000', 'http://localhost:5173']);
    }
  });

  it('keeps only the public origin in production, in tests and on a real host', () => {
    const production = loadServerConfig({
      NODE_ENV: 'production',
      DEMO_SIGN_IN: 'allow',
      PUBLIC_URL: 'http://localhost:5000',
      // Production refuses to start on the published search keys (issue 30).
      SEARCH_API_KEY: 'admin-key-of-this-deployment',
      SEARCH_QUERY_KEY: 'query-key-of-this-deployment',
    });
    expect(clientOrigins(production)).toEqual(['http://localhost:5000']);
    const test = loadServerConfig({ NODE_ENV: 'test', PUBLIC_URL: 'http://127.0.0.1:5000' });
    expect(clientOrigins(test)).toEqual(['http://127.0.0.1:5000']);
    const host = loadServerConfig({ PUBLIC_URL: 'https://ist.example.org' });
    expect(clientOrigins(host)).toEqual(['https://ist.example.org']);
  });
});
