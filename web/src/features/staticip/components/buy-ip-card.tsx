import { Button, Card, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { ErrorState } from '@/components/error-state';
import { LoadingState } from '@/components/loading-state';
import type { DialogSlot } from '@/components/use-dialog-slot';
import { useBrokerAccounts } from '@/entities/broker-accounts/api/use-broker-accounts';
import { useAvailableIps } from '../api/use-static-ip-reads';
import { holderAccounts, rupeesText } from '../ip-facts';
import { BuyIpDialog } from './buy-ip-dialog';

/** "Buy a static IP": the monthly price, the free addresses per version, and the Buy button (or why the caller may not buy). */
export function BuyIpCard({ dialogs }: { dialogs: DialogSlot }) {
  const available = useAvailableIps();
  const brokerAccounts = useBrokerAccounts();
  const offer = available.data;
  const versions = offer ? offer.free.filter((free) => free.count > 0).map((free) => free.version) : [];

  const openBuy = () => {
    if (!offer) return;
    const accounts = holderAccounts(brokerAccounts.data ?? []);
    dialogs.open(<BuyIpDialog offer={{ ...offer, versions }} accounts={accounts} onClose={dialogs.close} />);
  };

  return (
    <Card variation="outlined" className="static-ip-buy">
      <Flex direction="column" gap="small">
        <Heading level={3}>Buy a static IP</Heading>
        <Text variation="secondary">
          Brokers take automated orders only from an address registered for the account. Each address is yours alone for the period you pay.
        </Text>
        {available.isPending ? <LoadingState label="Loading the offer…" /> : null}
        {available.isError ? <ErrorState message={available.error.message} onRetry={() => void available.refetch()} /> : null}
        {offer ? (
          <>
            <Text>
              <strong>{rupeesText(offer.monthly_price_paise)}</strong> a month, paid from your wallet.
            </Text>
            <Text variation="secondary">
              Free now: {offer.free.map((free) => `${free.version} ${free.count}`).join(', ') || 'none'}.
            </Text>
            {offer.purchase_allowed ? null : <Text role="note">{offer.refusal ?? 'Buying static IPs is not allowed for your account.'}</Text>}
            {offer.purchase_allowed && versions.length === 0 ? <Text role="note">No address is free right now. Please try again later.</Text> : null}
            <Flex>
              <Button variation="primary" onClick={openBuy} isDisabled={!offer.purchase_allowed || versions.length === 0 || brokerAccounts.isPending}>
                Buy a static IP
              </Button>
            </Flex>
          </>
        ) : null}
      </Flex>
    </Card>
  );
}
