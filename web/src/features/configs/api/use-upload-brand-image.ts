import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LogoSlot } from '@shared/contracts/config-groups/logo-config';
import { userContracts } from '@shared/contracts/user';
import { brandKeys } from '@/entities/brand/brand-keys';
import { callApi } from '@/lib/api-client';

/** Uploads one of the franchise's brand images (multipart `setwhitelabelimages`); answers the URL of each upload. */
export function useUploadBrandImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, file }: { kind: LogoSlot; file: File }) => callApi(userContracts.setWhiteLabelImages, { image_type: kind }, {}, { image: file }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: brandKeys.all }),
  });
}
