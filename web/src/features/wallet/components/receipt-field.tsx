import { Flex, Label, Text } from '@aws-amplify/ui-react';
import { useId, useState, type ChangeEvent } from 'react';
import { RECEIPT_ACCEPT, RECEIPT_HINT, RECEIPT_PART } from '@/entities/bank-transfers/receipt-part';
import { filePartProblem } from '@/lib/file-part-check';

interface ReceiptFieldProps {
  onReceiptChange: (receipt: File | null) => void;
  isDisabled: boolean;
}

/**
 * The optional receipt image of a claim: the browser refuses a wrong type or an oversized file before
 * anything is sent (the server checks again, by the file's content), as for the profile picture. The
 * form empties it after a claim is sent by giving it a new `key`.
 */
export function ReceiptField({ onReceiptChange, isDisabled }: ReceiptFieldProps) {
  const inputId = useId();
  const hintId = useId();
  const [problem, setProblem] = useState<string | null>(null);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    const refusal = file ? filePartProblem(RECEIPT_PART, file) : null;
    setProblem(refusal);
    onReceiptChange(refusal ? null : file);
    if (refusal) event.target.value = '';
  };

  return (
    <Flex direction="column" gap="xxs">
      <Label htmlFor={inputId}>Receipt (image)</Label>
      <input
        id={inputId}
        type="file"
        name="receipt"
        accept={RECEIPT_ACCEPT}
        onChange={choose}
        disabled={isDisabled}
        aria-invalid={Boolean(problem)}
        aria-describedby={hintId}
      />
      <Text id={hintId} fontSize="small" variation={problem ? 'error' : 'secondary'} role={problem ? 'alert' : undefined}>
        {problem ?? `Optional: a screenshot or photo of the transfer. ${RECEIPT_HINT}`}
      </Text>
    </Flex>
  );
}
