import { createGroupHandler } from '../http/group-handler';
import { approveBankTransferRoute } from './approve-bank-transfer';
import { getBankTransferReceiptRoute, getFranchiseBankTransferReceiptRoute } from './get-bank-transfer-receipt';
import { getBankTransfersRoute } from './get-bank-transfers';
import { getFranchiseBankTransfersRoute } from './get-franchise-bank-transfers';
import { getFranchiseLedgerRoute } from './get-franchise-ledger';
import { getFranchisePaymentsRoute } from './get-franchise-payments';
import { rejectBankTransferRoute } from './reject-bank-transfer';
import { submitBankTransferRoute } from './submit-bank-transfer';
import { uploadBankTransferReceiptRoute } from './upload-bank-transfer-receipt';
import { getPaymentAlertsRoute } from './get-payment-alerts';
import { getPaymentOptionsRoute } from './get-payment-options';
import { getPaymentStatusRoute } from './get-payment-status';
import { getPaymentsRoute } from './get-payments';
import { makePaymentRoute } from './make-payment';
import { phonePeWebhookRoute } from './phonepe-webhook';
import { getPaymentRefundsRoute } from './get-payment-refunds';
import { refundPaymentRoute } from './refund-payment';

/**
 * Route group `payment` (spec §7 `/payment/makepayment`; issue 17): PhonePe payments that add wallet
 * credit, their states, PhonePe's webhook, and the franchise's payment alerts (functions/payments).
 */
export const handler = createGroupHandler('payment', [makePaymentRoute, getPaymentStatusRoute, getPaymentsRoute, getPaymentOptionsRoute, getPaymentAlertsRoute, phonePeWebhookRoute, submitBankTransferRoute, getBankTransfersRoute, getFranchiseBankTransfersRoute, approveBankTransferRoute, rejectBankTransferRoute, uploadBankTransferReceiptRoute, getBankTransferReceiptRoute, getFranchiseBankTransferReceiptRoute, refundPaymentRoute, getPaymentRefundsRoute, getFranchisePaymentsRoute, getFranchiseLedgerRoute]);
