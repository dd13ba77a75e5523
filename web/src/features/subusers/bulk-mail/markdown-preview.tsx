import type { ReactNode } from 'react';
import { parseSimpleMarkdown, type MarkdownInline } from '@shared/domain/simple-markdown';

/**
 * The mail as its recipients will see it, built from the same parser the server renders the HTML part
 * with, as React elements (text is never inserted as HTML).
 */
export function MarkdownPreview({ source, format }: { source: string; format: 'text' | 'markdown' }) {
  if (source.trim() === '') return <p className="bulk-mail-preview-empty">The preview shows here as you write.</p>;
  if (format === 'text') return <div style={{ whiteSpace: 'pre-wrap' }}>{source}</div>;
  return (
    <div>
      {parseSimpleMarkdown(source).map((block, index) =>
        block.kind === 'paragraph' ? (
          <p key={index}>{inlines(block.children)}</p>
        ) : (
          <ul key={index}>
            {block.items.map((item, itemIndex) => (
              <li key={itemIndex}>{inlines(item)}</li>
            ))}
          </ul>
        ),
      )}
    </div>
  );
}

function inlines(nodes: readonly MarkdownInline[]): ReactNode[] {
  return nodes.map((node, index) => {
    switch (node.kind) {
      case 'text':
        return node.text;
      case 'break':
        return <br key={index} />;
      case 'strong':
        return <strong key={index}>{inlines(node.children)}</strong>;
      case 'em':
        return <em key={index}>{inlines(node.children)}</em>;
      case 'link':
        return (
          <a key={index} href={node.href} target="_blank" rel="noopener noreferrer">
            {inlines(node.children)}
          </a>
        );
    }
  });
}
