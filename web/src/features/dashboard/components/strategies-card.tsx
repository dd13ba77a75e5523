import { Card, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';

/** Where an ordinary user finds the group strategies of its franchise it may follow (a broker panel runs its own in the Group menu). */
export function StrategiesCard() {
  return (
    <Card as="section" variation="outlined" aria-label="Strategies">
      <Flex direction="column" gap="xs">
        <Heading level={3} className="figure-card__title">
          Strategies
        </Heading>
        <Text variation="secondary" fontSize="small">
          Follow a copy-trading strategy of your franchise: choose a plan, one of your connected accounts and a multiplier.
        </Text>
        <Link className="amplify-link figure-card__link" to={paths.strategies}>
          See the strategies
        </Link>
      </Flex>
    </Card>
  );
}
