import { Text } from '@aws-amplify/ui-react';
import type { BankDetailsView } from '@shared/contracts/bank-transfers';

/** The franchise's receiving account, to copy into the bank's app. */
export function BankDetailsList({ details }: { details: BankDetailsView }) {
  const rows: [string, string][] = [
    ['Account name', details.account_name],
    ['Account number', details.account_number],
    ['IFSC', details.ifsc],
    ['Bank', details.bank_name],
    ['Branch', details.branch],
    ...(details.upi_id ? ([['UPI id', details.upi_id]] as [string, string][]) : []),
  ];
  return (
    <div>
      <Text>Transfer the amount to this account, then tell us the transfer&apos;s UTR below.</Text>
      <dl className="wallet-bank-details" aria-label="Account to pay into">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
