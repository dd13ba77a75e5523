import { Alert, Card, Flex, Heading, Loader, Text } from '@aws-amplify/ui-react';
import { useCallback, useMemo } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { paths } from '@/config/paths';
import { errorText } from '@/lib/error-text';
import { brokerRedirectOf, spentTokenSearch } from '../broker-redirect';
import { ReturnedAccountStatus } from '../components/returned-account-status';
import { useCompleteLoginOnce } from '../hooks/use-complete-login-once';
import { LOGIN_OUTCOMES, loginOutcomeOf } from '../login-outcomes';
import '../demat.css';

/**
 * Spec §2 /dematconnected: where a broker's login redirect lands, without sidebar or top bar. A token in
 * the redirect is handed to the server once; the address then drops it, so a reload cannot resend it.
 */
export function DematConnectedPage() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const redirect = useMemo(() => brokerRedirectOf(search), [search]);
  const onCompleted = useCallback((brokerId: string) => void navigate(spentTokenSearch(brokerId), { replace: true }), [navigate]);
  const completion = useCompleteLoginOnce(redirect, onCompleted);
  const outcomeKey = loginOutcomeOf(redirect, completion);
  const outcome = LOGIN_OUTCOMES[outcomeKey];
  const brokerId = redirect.brokerId;

  return (
    <Flex className="demat-connected-page" justifyContent="center" alignItems="center">
      <Card variation="outlined" className="demat-connected-page__card">
        <Flex direction="column" gap="medium">
          <Heading level={2}>{outcome.title}</Heading>
          {outcomeKey === 'completing' ? <Loader /> : null}
          <Text>{outcome.text}</Text>
          {completion.isError ? (
            <Alert variation="error" role="alert">
              {errorText(completion.error)}
            </Alert>
          ) : null}
          {brokerId && outcomeKey !== 'completing' ? <ReturnedAccountStatus brokerId={brokerId} /> : null}
          <Flex gap="medium" wrap="wrap">
            <Link to={paths.demat}>Back to your demat accounts</Link>
            <Link to={paths.dashboard}>Go to the dashboard</Link>
          </Flex>
        </Flex>
      </Card>
    </Flex>
  );
}
