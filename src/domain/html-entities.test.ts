import { describe, expect, it } from 'vitest';
import { decodeHtmlEntities } from './html-entities';

describe('decodeHtmlEntities', () => {
  it('decodes named, decimal and hexadecimal references', () => {
    expect(decodeHtmlEntities('a &amp; b &lt;c&gt; &#8211; &#x2014; &hellip; &NBSP;')).toBe(
      'a & b <c> – — …  ',
    );
  });
  it('leaves unknown names and out-of-range numbers as written', () => {
    expect(decodeHtmlEntities('&bogus; &#99999999; &#x110000;')).toBe(
      '&bogus; &#99999999; &#x110000;',
    );
  });
});
