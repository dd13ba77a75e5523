import { describe, expect, it } from 'vitest';
import { parseSimpleMarkdown, renderPlainTextHtml, renderSimpleMarkdownHtml } from '../../shared/domain/simple-markdown';

/** The bulk mail's simple markdown (issue 19): the one renderer of the mail's HTML part and the composer's preview. */
describe('renderSimpleMarkdownHtml', () => {
  it('renders paragraphs, bold, italic, links and lists', () => {
    expect(renderSimpleMarkdownHtml('Hello **Asha** and *Ravi*,\nsecond line\n\n- one\n- [two](https://example.com/a?b=1&c=2)\n\nBye')).toBe(
      [
        '<p>Hello <strong>Asha</strong> and <em>Ravi</em>,<br>second line</p>',
        '<ul><li>one</li><li><a href="https://example.com/a?b=1&amp;c=2" rel="noopener noreferrer" target="_blank">two</a></li></ul>',
        '<p>Bye</p>',
      ].join('\n'),
    );
  });

  it('nests italic in bold and keeps an unclosed marker as text', () => {
    expect(renderSimpleMarkdownHtml('**bold *and italic* text**')).toBe('<p><strong>bold <em>and italic</em> text</strong></p>');
    expect(renderSimpleMarkdownHtml('2 * 3 = 6 and **open')).toBe('<p>2 * 3 = 6 and **open</p>');
  });

  it('escapes every tag, quote and ampersand of the text', () => {
    expect(renderSimpleMarkdownHtml('<script>alert("x")</script> & \'q\'')).toBe('<p>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;q&#39;</p>');
    expect(renderSimpleMarkdownHtml('**<img src=x onerror=alert(1)>**')).toBe('<p><strong>&lt;img src=x onerror=alert(1)&gt;</strong></p>');
  });

  it('links only http and https targets; anything else stays text', () => {
    expect(renderSimpleMarkdownHtml('[x](javascript:alert(1))')).toBe('<p>[x](javascript:alert(1))</p>');
    expect(renderSimpleMarkdownHtml('[x](data:text/html,hi)')).toBe('<p>[x](data:text/html,hi)</p>');
    expect(renderSimpleMarkdownHtml('[x](https://a.example/"onmouseover=alert(1))')).toBe('<p>[x](https://a.example/&quot;onmouseover=alert(1))</p>');
    expect(renderSimpleMarkdownHtml('[x](HTTP://A.EXAMPLE)')).toContain('<a href="HTTP://A.EXAMPLE"');
  });

  it('treats headings, code and images as plain text', () => {
    expect(renderSimpleMarkdownHtml('# Title\n`code` ![i](https://a.example/i.png)')).toBe(
      '<p># Title<br>`code` !<a href="https://a.example/i.png" rel="noopener noreferrer" target="_blank">i</a></p>',
    );
  });

  it('gives nothing for blank text', () => {
    expect(renderSimpleMarkdownHtml(' \n\n ')).toBe('');
    expect(parseSimpleMarkdown('')).toEqual([]);
  });
});

describe('renderPlainTextHtml', () => {
  it('escapes the text and keeps its paragraphs and line breaks', () => {
    expect(renderPlainTextHtml('Hi <b>all</b>\nline two\r\n\r\n**not bold**')).toBe('<p>Hi &lt;b&gt;all&lt;/b&gt;<br>line two</p>\n<p>**not bold**</p>');
  });
});
