import { Button, TextField } from '@aws-amplify/ui-react';
import { useState, type ChangeEvent } from 'react';

interface PasswordInputProps {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  autoComplete: 'current-password' | 'new-password';
  errorMessage?: string | undefined;
  isDisabled?: boolean;
  /** Adds a show/hide button (named after the label) that is disabled together with the input. */
  canReveal?: boolean;
}

/** A password field; with `canReveal` its text can be shown and hidden again. */
export function PasswordInput({
  label,
  name,
  value,
  onChange,
  autoComplete,
  errorMessage,
  isDisabled = false,
  canReveal = false,
}: PasswordInputProps) {
  const [isRevealed, setIsRevealed] = useState(false);
  const revealButton = canReveal ? (
    <Button
      className="password-input__reveal"
      aria-label={`${isRevealed ? 'Hide' : 'Show'} ${label.toLowerCase()}`}
      aria-pressed={isRevealed}
      isDisabled={isDisabled}
      onClick={() => setIsRevealed((revealed) => !revealed)}
    >
      <RevealIcon isRevealed={isRevealed} />
    </Button>
  ) : undefined;
  return (
    <TextField
      label={label}
      name={name}
      type={isRevealed ? 'text' : 'password'}
      autoComplete={autoComplete}
      value={value}
      onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(event.target.value)}
      hasError={Boolean(errorMessage)}
      errorMessage={errorMessage}
      isDisabled={isDisabled}
      outerEndComponent={revealButton}
    />
  );
}

function RevealIcon({ isRevealed }: { isRevealed: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" fill="currentColor" aria-hidden="true">
      {isRevealed ? (
        <path d="M12 7a5 5 0 0 1 4.6 6.9l2.9 2.9A11.8 11.8 0 0 0 23 12c-1.7-4.4-6-7.5-11-7.5-1.4 0-2.7.3-4 .7l2.2 2.2c.6-.3 1.2-.4 1.8-.4zM2 4.3l2.7 2.7A11.8 11.8 0 0 0 1 12c1.7 4.4 6 7.5 11 7.5 1.6 0 3-.3 4.4-.8l3.3 3.3 1.3-1.3L3.3 3 2 4.3zm5.5 5.5 1.6 1.6a3 3 0 0 0 3.5 3.5l1.6 1.6A5 5 0 0 1 7.5 9.8zm4.3-.8 3.2 3.2V12a3 3 0 0 0-3.2-3z" />
      ) : (
        <path d="M12 4.5C7 4.5 2.7 7.6 1 12c1.7 4.4 6 7.5 11 7.5s9.3-3.1 11-7.5c-1.7-4.4-6-7.5-11-7.5zM12 17a5 5 0 1 1 0-10 5 5 0 0 1 0 10zm0-8a3 3 0 1 0 0 6 3 3 0 0 0 0-6z" />
      )}
    </svg>
  );
}
