import { Button, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { useDialogSlot } from '@/components/use-dialog-slot';
import { AddStrategyDialog } from '../components/add-strategy-dialog';
import { GroupCards } from '../components/group-cards';
import { GroupListSection, type GroupsView } from '../components/group-list-section';
import { StrategyCard } from '../components/strategy-card';
import { StrategyTable } from '../components/strategy-table';
import { GroupFamilyContext } from '../group-routes';
import '../groups.css';

const StrategyCards: GroupsView = (props) => <GroupCards {...props} card={StrategyCard} />;
const STRATEGY_VIEWS = { card: StrategyCards, table: StrategyTable } as const;

/**
 * Spec §2 /group/strategy: a broker panel's group strategies (its groups, offered or not) with who may
 * see them and their subscribers; each opens at /group/strategy/{group_id}, and Manage holds plans,
 * records, users and permissions.
 */
export function GroupStrategiesPage() {
  const dialogs = useDialogSlot();
  return (
    <GroupFamilyContext value="strategy">
      <Flex direction="column" gap="large" className="groups-page">
        <Flex justifyContent="space-between" alignItems="flex-end" gap="small" wrap="wrap">
          <Flex direction="column" gap="xxs">
            <Heading level={2}>Group Strategy</Heading>
            <Text variation="secondary">Your master account's orders are copied to each subscriber's account, scaled by its multiplier.</Text>
          </Flex>
          <Button variation="primary" onClick={() => dialogs.open(<AddStrategyDialog onClose={dialogs.close} />)}>
            Add strategy
          </Button>
        </Flex>
        <GroupListSection
          title="Your strategies"
          loadingLabel="Loading your strategies…"
          emptyText="No strategies yet. Add one, connect its master account, then add plans so users can subscribe."
          views={STRATEGY_VIEWS}
          dialogs={dialogs}
        />
        {dialogs.dialog}
      </Flex>
    </GroupFamilyContext>
  );
}
