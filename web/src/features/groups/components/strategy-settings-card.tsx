import { Alert, Button, Card, Flex, Heading, SwitchField } from '@aws-amplify/ui-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import type { Group } from '@shared/contracts/groups';
import { hasRole } from '@shared/domain/roles';
import { useToast } from '@/components/toast/use-toast';
import { paths, pathTo } from '@/config/paths';
import { useUserProfile } from '@/entities/profile/api/use-user-profile';
import { errorText } from '@/lib/error-text';
import { useUpdateStrategy } from '../api/use-update-strategy';
import { isDescriptionTooLong, StrategyOfferFields } from './strategy-offer-fields';

/**
 * Spec §7 `updatestrategy`: a broker panel offers a group as a group strategy (visibility, description)
 * and, once it is one, reaches its plans, records and permissions. Other users never see this card:
 * the server answers 403 to them.
 */
export function StrategySettingsCard({ group }: { group: Group }) {
  const profile = useUserProfile().data;
  if (!profile || !hasRole(profile, 'brokerPanel')) return null;
  return <StrategySettingsForm key={group.grp_id} group={group} />;
}

function StrategySettingsForm({ group }: { group: Group }) {
  const update = useUpdateStrategy();
  const toast = useToast();
  const [isStrategy, setStrategy] = useState(group.is_strategy);
  const [visibility, setVisibility] = useState<Group['visibility']>(group.visibility);
  const [description, setDescription] = useState(group.strategy_description);
  const isTooLong = isDescriptionTooLong(description);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isTooLong) return;
    update.mutate(
      { group_id: group.grp_id, is_strategy: isStrategy, visibility, strategy_description: description.trim() },
      { onSuccess: (saved) => toast.success(saved.is_strategy ? 'The group is offered as a group strategy.' : 'The group is no longer offered as a group strategy.') },
    );
  };

  return (
    <Card variation="outlined" className="group-settings">
      <form onSubmit={submit} noValidate aria-label="Group strategy settings">
        <Flex direction="column" gap="medium">
          <Heading level={3}>Group strategy</Heading>
          <SwitchField label="Offer as a group strategy" isChecked={isStrategy} onChange={(event) => setStrategy(event.target.checked)} isDisabled={update.isPending} />
          <StrategyOfferFields
            visibility={visibility}
            onVisibilityChange={setVisibility}
            description={description}
            onDescriptionChange={setDescription}
            isDisabled={update.isPending}
          />
          {update.error ? (
            <Alert variation="error" role="alert">
              {errorText(update.error)}
            </Alert>
          ) : null}
          <Flex justifyContent="space-between" alignItems="center" gap="small" wrap="wrap">
            {group.is_strategy ? <Link to={pathTo(paths.groupStrategyManage, { group_strategy_id: group.grp_id })}>Manage plans, records and permissions</Link> : <span />}
            <Button type="submit" variation="primary" isDisabled={isTooLong} isLoading={update.isPending} loadingText="Saving…">
              Save
            </Button>
          </Flex>
        </Flex>
      </form>
    </Card>
  );
}
