import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { escapeHtml, html } from './html.js';

describe('html', () => {
  it('escapes every interpolated string and keeps nested fragments', () => {
    const name = '<script>alert("x")</script> & \'co\'';
    expect(html`<p title="${name}">${name}${html`<b>${'<i>'}</b>`}</p>`.value).toBe(
      '<p title="&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;co&#39;">&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;co&#39;<b>&lt;i&gt;</b></p>',
    );
  });

  it('property: escaped text has no markup characters left and reads back to the original', () => {
    const unescape = (text: string): string => text.replace(/&lt;|&gt;|&quot;|&#39;|&amp;/g, (entity) => ({ '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&amp;': '&' })[entity] ?? entity);
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (text) => {
        const escaped = escapeHtml(text);
        expect(escaped).not.toMatch(/[<>"']/);
        expect(unescape(escaped)).toBe(text);
      }),
    );
  });
});
