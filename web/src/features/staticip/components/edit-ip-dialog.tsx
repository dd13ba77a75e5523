import { Flex, Radio, RadioGroupField, TextField } from '@aws-amplify/ui-react';
import { useState, type FormEvent } from 'react';
import { IP_ROLES, type StaticIp } from '@shared/contracts/ips';
import { DialogActions } from '@/components/dialog-actions';
import { ModalDialog } from '@/components/modal-dialog';
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
          <DialogActions error={update.error} onCancel={onClose} submitLabel="Save" pendingLabel="Saving…" isPending={update.isPending} />
        </Flex>
      </form>
    </ModalDialog>
  );
}
