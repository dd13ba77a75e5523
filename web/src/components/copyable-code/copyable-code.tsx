import { Flex, Text } from '@aws-amplify/ui-react';
import { CopyButton } from './copy-button';
import './copyable-code.css';

interface CopyableCodeProps {
  /** What the text is, shown above it and naming its copy button. */
  title: string;
  code: string;
  /** One line (a URL, a header) or a block (a payload, a snippet). */
  isBlock?: boolean;
}

/** A text to paste somewhere else, in monospace, with its copy button. */
export function CopyableCode({ title, code, isBlock = false }: CopyableCodeProps) {
  return (
    <Flex direction="column" gap="xxs" className="copyable-code">
      <Flex justifyContent="space-between" alignItems="center" gap="small">
        <Text fontWeight="semibold" fontSize="small">
          {title}
        </Text>
        <CopyButton text={code} label={`Copy ${title}`} />
      </Flex>
      {isBlock ? (
        <pre className="copyable-code__text" aria-label={title}>
          {code}
        </pre>
      ) : (
        <code className="copyable-code__text copyable-code__text--line" aria-label={title}>
          {code}
        </code>
      )}
    </Flex>
  );
}
