import { Text, TextField } from '@aws-amplify/ui-react';
import type { ChangeEvent } from 'react';
import type { ReferralCheck } from '../referral-check';

interface ReferralCodeFieldProps {
  name: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  check: ReferralCheck;
  /** A message from submitting the form, which wins over the live check. */
  errorMessage: string | undefined;
  isDisabled: boolean;
}

/** The optional referral code, checked while typing: "Referred by <name>" or why the code is refused. */
export function ReferralCodeField({ check, errorMessage, ...input }: ReferralCodeFieldProps) {
  const problem = errorMessage ?? (check.kind === 'invalid' ? check.message : undefined);
  return (
    <TextField
      label="Referral code (optional)"
      autoComplete="off"
      {...input}
      hasError={Boolean(problem)}
      errorMessage={problem}
      descriptiveText={<ReferralStatus check={check} />}
    />
  );
}

function ReferralStatus({ check }: { check: ReferralCheck }) {
  if (check.kind === 'checking') return <Text as="span" className="auth-screen__hint" variation="secondary">Checking the code…</Text>;
  if (check.kind === 'valid') {
    return (
      <Text as="span" className="auth-screen__hint" variation="success" role="status">
        Referred by {check.referrerName}
      </Text>
    );
  }
  return null;
}
