import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SafeHtml, escapeHtml, html, renderHtmlPage } from './safe-html.js';

describe('html', () => {
  it('escapes every interpolated string and keeps nested fragments', () => {
    const name = '<script>alert("x")</script> & \'co\'';
    expect(html`<p title="${name}">${name}${html`<b>${'<i>'}</b>`}</p>`.value).toBe(
      '<p title="&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;co&#39;">&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;co&#39;<b>&lt;i&gt;</b></p>',
    );
  });

  it('property: escaped text has no markup characters left and reads back to the original', () => {
    const unescape = (text: string): string =>
      text.replace(
        /&lt;|&gt;|&quot;|&#39;|&amp;/g,
        (entity) => ({ '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&amp;': '&' })[entity] ?? entity,
      );
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (text) => {
        const escaped = escapeHtml(text);
        expect(escaped).not.toMatch(/[<>"']/);
        expect(unescape(escaped)).toBe(text);
      }),
    );
  });
});

describe('renderHtmlPage', () => {
  it('escapes the title in both places and keeps the style, extra head and body as given', () => {
    const page = renderHtmlPage({
      title: 'A & B',
      style: new SafeHtml('p { color: red; }'),
      head: html`<meta name="x" content="y">`,
      body: html`<p>${'<hi>'}</p>`,
    });
    expect(page).toBe(`<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="x" content="y">
<title>A &amp; B</title><style>p { color: red; }</style></head>
<body>
<h1>A &amp; B</h1>
<p>&lt;hi&gt;</p>
</body>
</html>
`);
    expect(renderHtmlPage({ title: 't', style: new SafeHtml(''), body: html`` })).toContain(
      'initial-scale=1">\n<title>t</title>',
    );
  });
});
