import { Card, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { Link, useSearchParams } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { ReturnedAccountStatus } from '../components/returned-account-status';
import { LOGIN_OUTCOMES, loginOutcomeOf } from '../login-outcomes';
import '../demat.css';

/** Spec §2 /dematconnected: where a broker's login redirect lands, without sidebar or top bar. */
export function DematConnectedPage() {
  const [search] = useSearchParams();
  const outcome = LOGIN_OUTCOMES[loginOutcomeOf(search.get('status'))];
  const brokerId = search.get('broker_id');
  return (
    <Flex className="demat-connected-page" justifyContent="center" alignItems="center">
      <Card variation="outlined" className="demat-connected-page__card">
        <Flex direction="column" gap="medium">
          <Heading level={2}>{outcome.title}</Heading>
          <Text>{outcome.text}</Text>
          {brokerId ? <ReturnedAccountStatus brokerId={brokerId} /> : null}
          <Flex gap="medium" wrap="wrap">
            <Link to={paths.demat}>Back to your demat accounts</Link>
            <Link to={paths.dashboard}>Go to the dashboard</Link>
          </Flex>
        </Flex>
      </Card>
    </Flex>
  );
}
