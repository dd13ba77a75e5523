import { Alert, Button, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { useEffect, useRef } from 'react';
import type { SignalView } from '@shared/contracts/signals';
import { useToast } from '@/components/toast/use-toast';
import { errorText } from '@/lib/error-text';
import { formatDateTime } from '@/lib/format/date-time';
import { useReplaySignal } from '../api/use-replay-signal';
import { noteReader } from '../signal-note';
import { SignalResultsTable } from './signal-results-table';
import { SignalStatusChip } from './signal-status-chip';
import { SignalTimelineChart } from './signal-timeline-chart';

interface SignalDrawerProps {
  signal: SignalView;
  accountName: (brokerId: string) => string;
  onClose: () => void;
}

/** One signal in a side drawer: status and reason, the timeline chart, each account's result, the raw body; Replay when it failed. */
export function SignalDrawer({ signal, accountName, onClose }: SignalDrawerProps) {
  const replay = useReplaySignal();
  const toast = useToast();
  const closeRef = useRef<HTMLButtonElement>(null);
  const titleId = `signal-drawer-${signal.signal_id}`;

  useEffect(() => {
    closeRef.current?.focus();
  }, [signal.signal_id]);

  return (
    <aside
      className="signal-drawer"
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onClose();
      }}
    >
      <Flex direction="column" gap="medium">
        <Flex justifyContent="space-between" alignItems="flex-start" gap="small">
          <Flex direction="column" gap="xxs">
            <Heading level={3} id={titleId}>
              Signal from {signal.bridge_name || 'a deleted bridge'}
            </Heading>
            <Text variation="secondary" fontSize="small">
              {formatDateTime(signal.received_at)} IST · {signal.source ?? 'unreadable body'} · <code>{signal.signal_id.slice(0, 12)}…</code>
            </Text>
          </Flex>
          <Button ref={closeRef} size="small" onClick={onClose} aria-label="Close signal">
            Close
          </Button>
        </Flex>
        <Flex gap="small" alignItems="center" wrap="wrap">
          <SignalStatusChip status={signal.status} />
          {signal.reason ? <Text fontSize="small">{signal.reason}</Text> : null}
        </Flex>
        {signal.problems.length > 0 ? (
          <Alert variation="error" heading="What was wrong with the body">
            <ul className="signal-drawer__problems">
              {signal.problems.map((problem) => (
                <li key={`${problem.path}-${problem.message}`}>
                  <code>{problem.path}</code>: {problem.message}
                </li>
              ))}
            </ul>
          </Alert>
        ) : null}
        {signal.can_replay ? (
          <Flex direction="column" gap="xs" alignItems="flex-start">
            <Button
              variation="primary"
              size="small"
              isLoading={replay.isPending}
              loadingText="Replaying…"
              onClick={() =>
                replay.mutate(signal.signal_id, {
                  onSuccess: () => toast.success('Signal sent to the worker again.'),
                  onError: (error) => toast.error(errorText(error)),
                })
              }
            >
              Replay
            </Button>
            <Text variation="secondary" fontSize="small">
              Runs it again: accounts that already got their order are not sent a second one; past its validity window it expires.
            </Text>
          </Flex>
        ) : null}
        <Flex direction="column" gap="xs">
          <Heading level={4}>Timeline</Heading>
          <SignalTimelineChart timeline={signal.timeline} readNote={noteReader(signal.results, accountName)} />
        </Flex>
        <Flex direction="column" gap="xs">
          <Heading level={4}>Accounts</Heading>
          <SignalResultsTable results={signal.results} accountName={accountName} />
        </Flex>
        <Flex direction="column" gap="xs">
          <Heading level={4}>Raw body</Heading>
          <pre className="signal-drawer__body" aria-label="Raw body">
            {signal.raw_body}
          </pre>
          {signal.raw_body_truncated ? <Text variation="secondary" fontSize="small">Shortened for display.</Text> : null}
        </Flex>
      </Flex>
    </aside>
  );
}
