import { useQuery } from '@tanstack/react-query';
import { userContracts } from '@shared/contracts/user';
import { callApi } from '@/lib/api-client';
import { readBootBrand } from '../boot-brand';
import { brandKeys } from '../brand-keys';

/** Asks the API for the request host's brand (public: logos, product name, organisation links). */
export const fetchBrand = () => callApi(userContracts.getWhiteLabelImages, {});

/**
 * The request host's brand. It starts from the one read before the first paint, so the first screen
 * already shows it; it changes rarely and is read again only after the brand is saved here.
 */
export function useBrand() {
  return useQuery({ queryKey: brandKeys.current(), queryFn: fetchBrand, staleTime: Number.POSITIVE_INFINITY, initialData: readBootBrand });
}
