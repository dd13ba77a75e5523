import { Card, Flex, Heading, Text } from '@aws-amplify/ui-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { AppPath } from '@/config/paths';

interface FigureCardProps {
  title: string;
  /** The headline figure, already formatted. */
  figure: string;
  /** A short honest line under the figure (e.g. why it is zero). */
  note: string | null;
  link?: { to: AppPath; label: string };
  children?: ReactNode;
}

/** One dashboard figure: what it is, the number, a line of context, and where to act on it. */
export function FigureCard({ title, figure, note, link, children }: FigureCardProps) {
  return (
    <Card as="section" variation="outlined" className="figure-card" aria-label={title}>
      <Flex direction="column" gap="xs">
        <Heading level={3} className="figure-card__title">
          {title}
        </Heading>
        <Text className="figure-card__figure" data-testid="figure">
          {figure}
        </Text>
        {note ? (
          <Text variation="secondary" fontSize="small">
            {note}
          </Text>
        ) : null}
        {children}
        {link ? (
          <Link className="amplify-link figure-card__link" to={link.to}>
            {link.label}
          </Link>
        ) : null}
      </Flex>
    </Card>
  );
}
