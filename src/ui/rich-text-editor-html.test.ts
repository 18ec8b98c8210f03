// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import fixtureFile from './sanitized-html.fixtures.json';
import { editorHtmlToStored, isEmptyDocument } from './rich-text-editor-html';
import { allowedTags } from './sanitized-html';

describe('editorHtmlToStored', () => {
  it('stores a lone empty paragraph as the empty string', () => {
    expect(editorHtmlToStored('<p><br></p>')).toBe('');
    expect(editorHtmlToStored('<p dir="ltr"><br></p>')).toBe('');
    expect(
      editorHtmlToStored('<p class="x"><span style="white-space: pre-wrap;"> </span></p>'),
    ).toBe('');
    expect(editorHtmlToStored('')).toBe('');
  });

  it("keeps Lexical's formatting and lists, without its classes, styles and dir", () => {
    const lexical =
      '<p class="editor-paragraph" dir="ltr"><b><strong class="font-bold" style="white-space: pre-wrap;">Bold</strong></b>' +
      '<i><em class="italic" style="white-space: pre-wrap;">it</em></i>' +
      '<u><span class="underline" style="white-space: pre-wrap;">under</span></u></p>' +
      '<ol class="list-decimal"><li value="1"><span>one</span></li></ol>' +
      '<ul class="list-disc"><li value="1"><span>dot</span></li></ul>';
    expect(editorHtmlToStored(lexical)).toBe(
      '<p><b><strong>Bold</strong></b><i><em>it</em></i><u><span>under</span></u></p>' +
        '<ol><li><span>one</span></li></ol><ul><li><span>dot</span></li></ul>',
    );
  });

  it('keeps a document with text, even when it starts with an empty paragraph', () => {
    expect(editorHtmlToStored('<p><br></p><p>Cases rising</p>')).toBe(
      '<p><br></p><p>Cases rising</p>',
    );
    expect(isEmptyDocument('<p>0</p>')).toBe(false);
  });

  it('stores only allowlisted tags, no handlers, for every DOMPurify XSS vector', () => {
    const allowed = new Set<string>(allowedTags);
    for (const { payload } of fixtureFile) {
      const stored = editorHtmlToStored(payload);
      const holder = document.createElement('template');
      holder.innerHTML = stored;
      for (const element of holder.content.querySelectorAll('*')) {
        expect(allowed.has(element.tagName.toLowerCase()), stored).toBe(true);
        for (const attribute of element.attributes) {
          expect(attribute.name.startsWith('on'), stored).toBe(false);
          expect(['href', 'target', 'rel', 'is'], stored).toContain(attribute.name);
        }
      }
    }
  });
});
