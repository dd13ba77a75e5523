import { Button, Flex, Radio, RadioGroupField, SelectField, Text } from '@aws-amplify/ui-react';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import type { JsonBridge } from '@shared/contracts/jsonbridge';
import { SIGNAL_TARGET_KINDS, type SignalTargetKind } from '@shared/contracts/signal-targets';
import { DialogActions } from '@/components/dialog-actions';
import { LoadingState } from '@/components/loading-state';
import { ModalDialog } from '@/components/modal-dialog';
import { useToast } from '@/components/toast/use-toast';
import { paths } from '@/config/paths';
import { useBrokerAccounts } from '@/entities/broker-accounts/api/use-broker-accounts';
import { useGroupNames } from '@/entities/groups/api/use-group-names';
import { useOrderGroups } from '@/entities/order-groups/api/use-order-groups';
import { useUpdateJsonBridge } from '../api/use-update-json-bridge';

const TARGET_LABELS: Readonly<Record<SignalTargetKind, string>> = { account: 'A broker account', group: 'A copy-trading group' };
const isTargetKind = (value: string): value is SignalTargetKind => SIGNAL_TARGET_KINDS.some((kind) => kind === value);

/** Connects the bridge to one of the user's order groups and names where its signals trade: an account or a copy-trading group. */
export function ConnectJsonBridgeDialog({ bridge, onClose }: { bridge: JsonBridge; onClose: () => void }) {
  const groups = useOrderGroups();
  const accounts = useBrokerAccounts();
  const copyGroups = useGroupNames();
  const update = useUpdateJsonBridge();
  const toast = useToast();
  const [ogId, setOgId] = useState(bridge.og_id ?? '');
  const [targetKind, setTargetKind] = useState<SignalTargetKind>(bridge.target?.target_kind ?? 'account');
  const [targetId, setTargetId] = useState(bridge.target?.target_id ?? '');
  const [problem, setProblem] = useState<string | null>(null);

  const targets =
    targetKind === 'account'
      ? (accounts.data ?? []).filter((account) => account.status === 'connected').map((account) => ({ id: account.broker_id, name: account.broker_combined_name }))
      : (copyGroups.data ?? []).map((group) => ({ id: group.grp_id, name: group.grp_name }));
  const chosenGroup = ogId || groups.data?.[0]?.og_id || '';
  const chosenTarget = targets.some((target) => target.id === targetId) ? targetId : (targets[0]?.id ?? '');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!chosenGroup || !chosenTarget) {
      setProblem(!chosenGroup ? 'Choose the order group the bridge feeds.' : 'Choose where its signals trade.');
      return;
    }
    setProblem(null);
    update.mutate(
      { kind: 'connect', id: bridge.json_bridge_id, ogId: chosenGroup, targetKind, targetId: chosenTarget },
      {
        onSuccess: (connected) => {
          toast.success(`Json Bridge ${connected.json_bridge_name} connected.`);
          onClose();
        },
      },
    );
  };

  const isLoading = groups.isPending || accounts.isPending || copyGroups.isPending;
  return (
    <ModalDialog title={`Connect ${bridge.json_bridge_name}`} onClose={onClose} canClose={!update.isPending}>
      {isLoading ? (
        <LoadingState label="Loading your order groups and accounts…" />
      ) : groups.data?.length === 0 ? (
        <Flex direction="column" gap="small">
          <Text>
            A bridge feeds an order group: add one in the <Link to={paths.orderManager}>Order Manager</Link> first.
          </Text>
          <Flex justifyContent="flex-end">
            <Button onClick={onClose}>Close</Button>
          </Flex>
        </Flex>
      ) : (
        <form onSubmit={submit} noValidate aria-label="Connect Json Bridge">
          <Flex direction="column" gap="medium">
            <SelectField label="Order group" name="og_id" value={chosenGroup} onChange={(event: ChangeEvent<HTMLSelectElement>) => setOgId(event.target.value)} isDisabled={update.isPending}>
              {(groups.data ?? []).map((group) => (
                <option key={group.og_id} value={group.og_id}>
                  {group.og_name}
                </option>
              ))}
            </SelectField>
            <RadioGroupField
              legend="Signals trade on"
              name="target_kind"
              value={targetKind}
              direction="row"
              isDisabled={update.isPending}
              onChange={(event: ChangeEvent<HTMLInputElement>) => {
                if (isTargetKind(event.target.value)) setTargetKind(event.target.value);
              }}
            >
              {SIGNAL_TARGET_KINDS.map((kind) => (
                <Radio key={kind} value={kind}>
                  {TARGET_LABELS[kind]}
                </Radio>
              ))}
            </RadioGroupField>
            <SelectField
              label={targetKind === 'account' ? 'Account' : 'Copy-trading group'}
              name="target_id"
              value={chosenTarget}
              onChange={(event: ChangeEvent<HTMLSelectElement>) => setTargetId(event.target.value)}
              isDisabled={update.isPending || targets.length === 0}
              descriptiveText={targets.length === 0 ? (targetKind === 'account' ? 'No connected account.' : 'No copy-trading group.') : undefined}
            >
              {targets.map((target) => (
                <option key={target.id} value={target.id}>
                  {target.name}
                </option>
              ))}
            </SelectField>
            <DialogActions
              error={problem ?? update.error}
              cancelLabel="Close"
              onCancel={onClose}
              submitLabel="Connect"
              pendingLabel="Connecting…"
              isPending={update.isPending}
            />
          </Flex>
        </form>
      )}
    </ModalDialog>
  );
}
