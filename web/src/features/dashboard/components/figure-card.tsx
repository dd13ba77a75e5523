import { Card, Flex, Heading, Text } from '@aws-amplify/ui-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

export interface FigureLink {
  /** A router path (relative to /platform). */
  to: string;
  label: string;
}

interface FigureCardProps {
  title: string;
  /** The headline figure, already formatted (or a node, e.g. a coloured P&L). */
  figure: ReactNode;
  /** A short honest line under the figure (e.g. why it is zero). */
  note: string | null;
  /** Where the figure comes from: the pages that show it in full. */
  links?: readonly FigureLink[];
  children?: ReactNode;
}

/** One dashboard figure: what it is, the number, a line of context, and where it comes from. */
export function FigureCard({ title, figure, note, links = [], children }: FigureCardProps) {
  return (
    <Card as="section" variation="outlined" className="figure-card" aria-label={title}>
      <Flex direction="column" gap="xs">
        <Heading level={3} className="figure-card__title">
          {title}
        </Heading>
        <Text as="div" className="figure-card__figure" data-testid="figure">
          {figure}
        </Text>
        {note ? (
          <Text variation="secondary" fontSize="small">
            {note}
          </Text>
        ) : null}
        {children}
        {links.length > 0 ? (
          <Flex className="figure-card__links" wrap="wrap" gap="small">
            {links.map((link) => (
              <Link key={link.to} className="amplify-link figure-card__link" to={link.to}>
                {link.label}
              </Link>
            ))}
          </Flex>
        ) : null}
      </Flex>
    </Card>
  );
}
