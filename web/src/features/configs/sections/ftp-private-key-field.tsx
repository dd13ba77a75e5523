import { Button, Flex, TextAreaField, TextField } from '@aws-amplify/ui-react';
import { MASKED_SECRET } from '@shared/contracts/config-groups/config-group';
import { useConfigField } from '../form/config-form-context';

/**
 * FTP_CONFIG's private key (SFTP): several lines pasted from a key file, so a text area rather than the
 * one-line secret field. A saved key is never shown: the mask and Replace, as for every secret.
 */
export function FtpPrivateKeyField() {
  const field = useConfigField('private_key');
  const value = typeof field.value === 'string' ? field.value : '';
  if (value === MASKED_SECRET) {
    return (
      <TextField
        label="Private key"
        name="private_key"
        value={MASKED_SECRET}
        isReadOnly
        descriptiveText="A key is saved; it is never shown."
        outerEndComponent={
          <Button aria-label="Replace private key" onClick={() => field.setValue('')} isDisabled={field.isDisabled}>
            Replace
          </Button>
        }
      />
    );
  }
  return (
    <Flex direction="column" gap="xxs">
      <TextAreaField
        label="Private key (instead of a password)"
        name="private_key"
        rows={4}
        value={value}
        onChange={(event) => field.setValue(event.target.value)}
        placeholder="-----BEGIN OPENSSH PRIVATE KEY-----"
        descriptiveText="Only for SFTP. Paste the whole key file; leave blank to log in with the password."
        autoComplete="off"
        spellCheck={false}
        hasError={Boolean(field.errorMessage)}
        errorMessage={field.errorMessage}
        isDisabled={field.isDisabled}
      />
      {field.secretIsSet ? (
        <Button size="small" alignSelf="flex-start" onClick={() => field.setValue(MASKED_SECRET)} isDisabled={field.isDisabled}>
          Keep the saved one
        </Button>
      ) : null}
    </Flex>
  );
}
