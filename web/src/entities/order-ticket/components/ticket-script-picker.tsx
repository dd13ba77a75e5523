import { Button, Flex, Text } from '@aws-amplify/ui-react';
import type { WatchlistScript } from '@shared/contracts/scripts';
import { LoadingState } from '@/components/loading-state';
import { errorText } from '@/lib/error-text';
import { ScriptSearchFields } from '@/entities/scripts/components/script-search-fields';
import { ScriptSummary } from '@/entities/scripts/components/script-summary';
import { useScriptSearchBox } from '@/entities/scripts/hooks/use-script-search-box';

/**
 * The ticket's first step when it opens without a script (the account page, a group): search as you
 * type, then choose one; Close leaves without choosing.
 */
export function TicketScriptPicker({ onPick, onClose }: { onPick: (script: WatchlistScript) => void; onClose: () => void }) {
  const box = useScriptSearchBox();
  const { search, hasQuery } = box;

  return (
    <Flex direction="column" gap="small" className="ticket-script-picker">
      <ScriptSearchFields box={box} symbolClassName="ticket-script-picker__symbol" />
      {!hasQuery ? <Text variation="secondary">Type a symbol to find the script to trade.</Text> : null}
      {hasQuery && search.isPending ? <LoadingState label="Searching…" /> : null}
      {hasQuery && search.isError ? <Text role="alert">{errorText(search.error)}</Text> : null}
      {hasQuery && search.data?.length === 0 ? <Text variation="secondary">No scripts match “{box.query}”.</Text> : null}
      {hasQuery && search.data && search.data.length > 0 ? (
        <ul className="ticket-script-picker__results" aria-label="Scripts to trade">
          {search.data.map((script) => (
            <li key={script.script_id} className="ticket-script-picker__item">
              <ScriptSummary script={script} />
              <Button size="small" aria-label={`Trade ${script.display_name}`} onClick={() => onPick(script)}>
                Choose
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <Flex justifyContent="flex-end">
        <Button onClick={onClose}>Close</Button>
      </Flex>
    </Flex>
  );
}
