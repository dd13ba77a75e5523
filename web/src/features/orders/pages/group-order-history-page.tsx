import { Flex, Heading, Text } from '@aws-amplify/ui-react';
import { Link, useParams } from 'react-router-dom';
import { paths, pathTo } from '@/config/paths';
import { useGroupNames } from '@/entities/groups/api/use-group-names';
import { GroupHistory } from '../components/group-history';
import { OrderHistoryTabs } from '../components/order-history-tabs';
import '@/entities/orders/order-tables.css';
import '../orders.css';

/** Spec §2 /orderhistory/grouporder/broker/{group_id}: one group's orders, summed per account and broken down per group order. */
export function GroupOrderHistoryPage() {
  const { group_id: grpId = '' } = useParams();
  const groups = useGroupNames();
  const name = groups.data?.find((group) => group.grp_id === grpId)?.grp_name;
  return (
    <Flex direction="column" gap="large" className="order-history-page">
      <Heading level={2}>Group order history by account</Heading>
      <OrderHistoryTabs current="group" />
      <Text>
        {name ? (
          <>
            Orders of <Link to={pathTo(paths.group, { group_id: grpId })}>{name}</Link>.{' '}
          </>
        ) : null}
        <Link to={paths.orderHistoryGroup}>All groups' orders</Link>
      </Text>
      <GroupHistory key={grpId} grpId={grpId} />
    </Flex>
  );
}
