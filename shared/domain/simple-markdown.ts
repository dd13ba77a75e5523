/**
 * The "simple markdown" of bulk mails (issue 19): paragraphs, `**bold**`, `*italic*`, `[label](https://…)`
 * links (http and https only) and `- ` lists. Everything else is text. One parser feeds both the mail's
 * HTML part (server) and the composer's preview (web, rendered as React elements), so what the parent
 * previews is what the sub-users get. The HTML writer escapes every character of text and attributes.
 */

export type MarkdownInline =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'break' }
  | { readonly kind: 'strong'; readonly children: readonly MarkdownInline[] }
  | { readonly kind: 'em'; readonly children: readonly MarkdownInline[] }
  | { readonly kind: 'link'; readonly href: string; readonly children: readonly MarkdownInline[] };

export type MarkdownBlock =
  | { readonly kind: 'paragraph'; readonly children: readonly MarkdownInline[] }
  | { readonly kind: 'list'; readonly items: readonly (readonly MarkdownInline[])[] };

const LIST_ITEM = /^\s*-\s+(.*)$/;
/** A link target: http(s), no spaces, no characters that could end an attribute or the markdown. */
const SAFE_URL = /^https?:\/\/[^\s"'<>()\\`]+$/i;

/** Splits the text into paragraphs (blank-line separated) and `- ` lists. */
export function parseSimpleMarkdown(source: string): MarkdownBlock[] {
  const blocks: MarkdownBlock[] = [];
  let paragraph: string[] = [];
  let list: string[] = [];
  const flushParagraph = () => {
    if (paragraph.length > 0) blocks.push({ kind: 'paragraph', children: parseLines(paragraph) });
    paragraph = [];
  };
  const flushList = () => {
    if (list.length > 0) blocks.push({ kind: 'list', items: list.map((item) => parseInline(item)) });
    list = [];
  };
  for (const line of source.replace(/\r\n?/g, '\n').split('\n')) {
    const item = LIST_ITEM.exec(line);
    if (item) {
      flushParagraph();
      list.push(item[1] ?? '');
    } else if (line.trim() === '') {
      flushParagraph();
      flushList();
    } else {
      flushList();
      paragraph.push(line.trim());
    }
  }
  flushParagraph();
  flushList();
  return blocks;
}

/** Lines of one paragraph keep their line breaks. */
function parseLines(lines: readonly string[]): MarkdownInline[] {
  const out: MarkdownInline[] = [];
  lines.forEach((line, index) => {
    if (index > 0) out.push({ kind: 'break' });
    out.push(...parseInline(line));
  });
  return out;
}

/** Bold, italic and links; a marker without its closing half stays text. */
export function parseInline(text: string): MarkdownInline[] {
  const out: MarkdownInline[] = [];
  let plain = '';
  const flush = () => {
    if (plain) out.push({ kind: 'text', text: plain });
    plain = '';
  };
  let index = 0;
  while (index < text.length) {
    const rest = text.slice(index);
    const span = matchSpan(rest);
    if (span) {
      flush();
      out.push(span.node);
      index += span.length;
    } else {
      plain += text[index];
      index += 1;
    }
  }
  flush();
  return out;
}

function matchSpan(rest: string): { node: MarkdownInline; length: number } | null {
  if (rest.startsWith('**')) {
    const end = rest.indexOf('**', 2);
    if (end > 2) return { node: { kind: 'strong', children: parseInline(rest.slice(2, end)) }, length: end + 2 };
    return null;
  }
  if (rest.startsWith('*')) {
    const end = rest.indexOf('*', 1);
    if (end > 1 && rest[1] !== ' ') return { node: { kind: 'em', children: parseInline(rest.slice(1, end)) }, length: end + 1 };
    return null;
  }
  if (rest.startsWith('[')) {
    const link = /^\[([^\]\n]+)\]\(([^)\s]+)\)/.exec(rest);
    if (link && SAFE_URL.test(link[2] ?? '')) {
      return { node: { kind: 'link', href: link[2] ?? '', children: parseInline(link[1] ?? '') }, length: link[0].length };
    }
  }
  return null;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

function inlineHtml(nodes: readonly MarkdownInline[]): string {
  return nodes
    .map((node) => {
      switch (node.kind) {
        case 'text':
          return escapeHtml(node.text);
        case 'break':
          return '<br>';
        case 'strong':
          return `<strong>${inlineHtml(node.children)}</strong>`;
        case 'em':
          return `<em>${inlineHtml(node.children)}</em>`;
        case 'link':
          return `<a href="${escapeHtml(node.href)}" rel="noopener noreferrer" target="_blank">${inlineHtml(node.children)}</a>`;
      }
    })
    .join('');
}

/** The HTML of a simple-markdown text (a fragment: paragraphs and lists). */
export function renderSimpleMarkdownHtml(source: string): string {
  return parseSimpleMarkdown(source)
    .map((block) =>
      block.kind === 'paragraph' ? `<p>${inlineHtml(block.children)}</p>` : `<ul>${block.items.map((item) => `<li>${inlineHtml(item)}</li>`).join('')}</ul>`,
    )
    .join('\n');
}

/** Plain text shown as HTML: escaped, paragraphs and line breaks kept. */
export function renderPlainTextHtml(source: string): string {
  return source
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .filter((part) => part.trim() !== '')
    .map((part) => `<p>${escapeHtml(part.trim()).replace(/\n/g, '<br>')}</p>`)
    .join('\n');
}
