import { Alert, Button, Flex, Radio, RadioGroupField, TextField } from '@aws-amplify/ui-react';
import { useState, type FormEvent } from 'react';
import { IP_ROLES, type StaticIp } from '@shared/contracts/ips';
import { ModalDialog } from '@/components/modal-dialog';
import { errorText } from '@/lib/error-text';
import { useUpdateStaticIp } from '../api/use-static-ip-actions';

type IpRole = (typeof IP_ROLES)[number];

const ROLE_NAMES: Readonly<Record<IpRole, string>> = {
  primary: 'Primary: the address you register first',
  secondary: 'Secondary: the optional second address brokers allow',
};

/** Renames an IP and chooses whether it is the primary or the secondary address you register. */
export function EditIpDialog({ ip, onClose }: { ip: StaticIp; onClose: () => void }) {
  const update = useUpdateStaticIp();
  const [label, setLabel] = useState(ip.label);
  const [role, setRole] = useState<IpRole>(ip.role);

  const save = (event: FormEvent) => {
    event.preventDefault();
    update.mutate({ ip_id: ip.ip_id, label: label.trim(), role }, { onSuccess: onClose });
  };

  return (
    <ModalDialog title={`Edit ${ip.address}`} onClose={onClose} canClose={!update.isPending}>
      <form onSubmit={save} aria-label={`Edit ${ip.address}`}>
        <Flex direction="column" gap="medium">
          <TextField label="Label" maxLength={40} value={label} onChange={(event) => setLabel(event.target.value)} />
          <RadioGroupField legend="Role" name="role" value={role} onChange={(event) => setRole(event.target.value as IpRole)}>
            {IP_ROLES.map((option) => (
              <Radio key={option} value={option}>
                {ROLE_NAMES[option]}
              </Radio>
            ))}
          </RadioGroupField>
          {update.isError ? (
            <Alert variation="error" role="alert">
              {errorText(update.error)}
            </Alert>
          ) : null}
          <Flex justifyContent="flex-end" gap="small">
            <Button onClick={onClose} isDisabled={update.isPending}>
              Cancel
            </Button>
            <Button type="submit" variation="primary" isLoading={update.isPending} loadingText="Saving…">
              Save
            </Button>
          </Flex>
        </Flex>
      </form>
    </ModalDialog>
  );
}
