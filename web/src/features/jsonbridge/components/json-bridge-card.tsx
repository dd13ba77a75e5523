import { Card, Flex, Heading, Text } from '@aws-amplify/ui-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { JsonBridge } from '@shared/contracts/jsonbridge';
import type { DialogSlot } from '@/components/use-dialog-slot';
import { paths, pathTo } from '@/config/paths';
import { formatDateTime } from '@/lib/format/date-time';
import { JsonBridgeActions } from './json-bridge-actions';
import { JsonBridgeTradingSwitch } from './json-bridge-trading-switch';

const TARGET_KIND_WORDS = { account: 'account', group: 'copy-trading group' } as const;

interface JsonBridgeCardProps {
  bridge: JsonBridge;
  /** The connected order group's name, when known. */
  orderGroupName: string | undefined;
  dialogs: DialogSlot;
  /** On the bridge's own page the name is the page heading, not a link. */
  isLinked?: boolean;
  onDeleted?: (() => void) | undefined;
}

function connectionText(bridge: JsonBridge, orderGroupName: string | undefined): ReactNode {
  if (!bridge.og_is_connected) return 'Not connected: its signals are stored as ignored.';
  const target = bridge.target;
  const targetText = target ? `${TARGET_KIND_WORDS[target.target_kind]} ${target.target_name || '(removed)'}` : 'no target';
  return `Feeds order group ${orderGroupName ?? '…'}, trading on ${targetText}.`;
}

/** One bridge: name, trading switch, connection, key age and its actions. */
export function JsonBridgeCard({ bridge, orderGroupName, dialogs, isLinked = true, onDeleted }: JsonBridgeCardProps) {
  return (
    <Card as="article" variation="outlined" aria-label={bridge.json_bridge_name} className="json-bridge-card">
      <Flex direction="column" gap="small">
        <Flex justifyContent="space-between" alignItems="center" gap="xs" wrap="wrap">
          <Heading level={isLinked ? 4 : 3} className="json-bridge-card__name">
            {isLinked ? <Link to={pathTo(paths.jsonBridge, { json_bridge_id: bridge.json_bridge_id })}>{bridge.json_bridge_name}</Link> : bridge.json_bridge_name}
          </Heading>
          <JsonBridgeTradingSwitch bridge={bridge} />
        </Flex>
        <Text fontSize="small" data-testid="bridge-connection">
          {connectionText(bridge, orderGroupName)}
        </Text>
        <Text fontSize="small" variation="secondary">
          Webhook key made {formatDateTime(bridge.key_created_at)} ·{' '}
          <Link to={pathTo(paths.jsonBridgeSyntax, { json_bridge_id: bridge.json_bridge_id })}>Syntax generator</Link>
        </Text>
        <JsonBridgeActions bridge={bridge} dialogs={dialogs} onDeleted={onDeleted} />
      </Flex>
    </Card>
  );
}
