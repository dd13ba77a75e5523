import { Card, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { UPCOMING_SCREENS, type UpcomingScreenKey } from '../upcoming-screens';

interface UpcomingPageProps {
  screen: UpcomingScreenKey;
  /** Screens shown without the sidebar (spec §2: dematconnected) offer a way back. */
  standalone?: boolean;
}

/** An honest empty state for a screen that a later release fills in; it shows no data, real or fake. */
export function UpcomingPage({ screen, standalone = false }: UpcomingPageProps) {
  const { title, holds } = UPCOMING_SCREENS[screen];
  const content = (
    <Flex direction="column" gap="large" className="upcoming-page">
      <Heading level={2}>{title}</Heading>
      <Card variation="outlined" className="upcoming-page__card">
        <Flex direction="column" gap="xs">
          <Text fontWeight="semibold">{title} arrives with a later release.</Text>
          <Text variation="secondary">This screen will hold {holds}.</Text>
          {standalone ? <Link to={paths.dashboard}>Go to the dashboard</Link> : null}
        </Flex>
      </Card>
    </Flex>
  );
  if (!standalone) return content;
  return (
    <Flex className="upcoming-page--standalone" justifyContent="center" alignItems="center">
      {content}
    </Flex>
  );
}
