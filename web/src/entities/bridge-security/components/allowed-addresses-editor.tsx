import { Alert, Button, Flex, Text, TextField } from '@aws-amplify/ui-react';
import { useState, type FormEvent } from 'react';
import { MAX_ALLOWED_SOURCE_ADDRESSES } from '@shared/contracts/bridge-security';
import { TRADINGVIEW_WEBHOOK_ADDRESSES } from '@shared/contracts/bridge-security';
import { errorText } from '@/lib/error-text';
import { addressProblem, withAddresses } from '../address-check';

interface AllowedAddressesEditorProps {
  saved: readonly string[];
  onSave: (addresses: readonly string[]) => void;
  isSaving: boolean;
  error: Error | null;
}

const isSameList = (left: readonly string[], right: readonly string[]) => left.length === right.length && left.every((address, index) => address === right[index]);

/** The source allowlist as chips: add one address, add TradingView's, remove any; nothing changes on the server until Save. */
export function AllowedAddressesEditor({ saved, onSave, isSaving, error }: AllowedAddressesEditorProps) {
  const [draft, setDraft] = useState<readonly string[]>(saved);
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const isChanged = !isSameList(draft, saved);

  const add = (event: FormEvent) => {
    event.preventDefault();
    const found = addressProblem(typed, draft);
    setProblem(found);
    if (found) return;
    setDraft(withAddresses(draft, [typed.trim()]));
    setTyped('');
  };

  return (
    <Flex direction="column" gap="small" as="section" aria-label="Allowed source addresses">
      <Text fontWeight="semibold">Allowed source addresses</Text>
      <Text variation="secondary" fontSize="small">
        With addresses listed, requests from any other address are refused (403). Empty: every address may send. At most {MAX_ALLOWED_SOURCE_ADDRESSES}.
      </Text>
      {draft.length === 0 ? (
        <Text fontSize="small">Any address may send.</Text>
      ) : (
        <ul className="address-chips" aria-label="Addresses">
          {draft.map((address) => (
            <li key={address} className="address-chips__chip">
              <span>{address}</span>
              <button type="button" className="address-chips__remove" aria-label={`Remove ${address}`} onClick={() => setDraft(draft.filter((kept) => kept !== address))} disabled={isSaving}>
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={add} noValidate aria-label="Add address">
        <Flex gap="small" alignItems="flex-start" wrap="wrap">
          <TextField
            label="Address"
            placeholder="e.g. 203.0.113.7"
            value={typed}
            onChange={(event) => {
              setTyped(event.target.value);
              setProblem(null);
            }}
            hasError={problem !== null}
            errorMessage={problem}
            isDisabled={isSaving}
            className="address-form__input"
          />
          <Button type="submit" size="small" isDisabled={isSaving} className="address-form__add">
            Add address
          </Button>
          <Button size="small" isDisabled={isSaving} onClick={() => setDraft(withAddresses(draft, TRADINGVIEW_WEBHOOK_ADDRESSES))} className="address-form__add">
            TradingView addresses
          </Button>
        </Flex>
      </form>
      {error ? (
        <Alert variation="error" role="alert">
          {errorText(error)}
        </Alert>
      ) : null}
      <Flex gap="small" wrap="wrap">
        <Button size="small" variation="primary" isDisabled={!isChanged} isLoading={isSaving} loadingText="Saving…" onClick={() => onSave(draft)}>
          Save addresses
        </Button>
        {isChanged ? (
          <Button size="small" onClick={() => setDraft(saved)} isDisabled={isSaving}>
            Undo changes
          </Button>
        ) : null}
      </Flex>
    </Flex>
  );
}
