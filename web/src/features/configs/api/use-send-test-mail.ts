import { useMutation } from '@tanstack/react-query';
import { mailTestContracts, type SendTestMail } from '@shared/contracts/mail-test';
import { callApi } from '@/lib/api-client';

/** "Send test mail" (POST sendtestmail): through the saved mail server; a refusal is an ApiError carrying the server's own words. */
export function useSendTestMail() {
  return useMutation({ mutationFn: (request: SendTestMail) => callApi(mailTestContracts.sendTestMail, request) });
}
