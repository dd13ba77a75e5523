import { useQuery } from '@tanstack/react-query';
import { userContracts } from '@shared/contracts/user';
import { callApi } from '@/lib/api-client';
import { whiteLabelKeys } from './white-label-keys';

/** The request host's logos and login background (public); they change rarely, so they are kept for the visit. */
export function useWhiteLabelImages() {
  return useQuery({
    queryKey: whiteLabelKeys.current(),
    queryFn: () => callApi(userContracts.getWhiteLabelImages, {}),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
