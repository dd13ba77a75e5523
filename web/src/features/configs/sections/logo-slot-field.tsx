import { Button, Flex, Image, Label, Text } from '@aws-amplify/ui-react';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import type { LogoSlot } from '@shared/contracts/config-groups/logo-config';
import { userContracts } from '@shared/contracts/user';
import { errorText } from '@/lib/error-text';
import { acceptAttribute, filePartOf, filePartProblem } from '@/lib/file-part-check';
import { useUploadBrandImage } from '../api/use-upload-brand-image';
import { useConfigField } from '../form/config-form-context';

const IMAGE_PART = filePartOf(userContracts.setWhiteLabelImages, 'image');

interface LogoSlotFieldProps {
  slot: LogoSlot;
  label: string;
  /** Where the image shows and the size that suits it. */
  hint: string;
  /** The URL of each image the franchise uploaded, by kind (for the preview). */
  uploads: Partial<Record<LogoSlot, string>>;
  onUploaded: (kind: LogoSlot, url: string) => void;
}

/**
 * One image of the brand: its preview, an upload (checked here by type and size, again by the server) and
 * Remove. An upload replaces the franchise's image of this kind at once; Save then keeps which image fills
 * the place, or that it stays empty.
 */
export function LogoSlotField({ slot, label, hint, uploads, onUploaded }: LogoSlotFieldProps) {
  const field = useConfigField(slot);
  const upload = useUploadBrandImage();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const kind = typeof field.value === 'string' && field.value !== '' ? (field.value as LogoSlot) : null;
  const preview = kind ? (uploads[kind] ?? null) : null;
  const message = problem ?? (upload.error ? errorText(upload.error) : undefined) ?? field.errorMessage;

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const refusal = filePartProblem(IMAGE_PART, file);
    setProblem(refusal);
    if (refusal) return;
    upload.mutate(
      { kind: slot, file },
      {
        onSuccess: (images) => {
          const url = images[slot];
          if (url) onUploaded(slot, url);
          field.setValue(slot);
        },
      },
    );
  };

  return (
    <Flex direction="column" gap="xs" className="logo-slot" data-slot={slot}>
      <Label htmlFor={inputId}>{label}</Label>
      <Flex alignItems="center" gap="medium" wrap="wrap">
        <div className="logo-slot__preview">
          {preview ? <Image src={preview} alt={`${label} preview`} /> : <Text variation="secondary">None</Text>}
        </div>
        <input ref={input} id={inputId} type="file" accept={acceptAttribute(IMAGE_PART)} onChange={choose} disabled={field.isDisabled || upload.isPending} className="logo-slot__input" />
        <Button size="small" onClick={() => input.current?.click()} isDisabled={field.isDisabled} isLoading={upload.isPending} loadingText="Uploading…">
          {kind ? 'Replace' : 'Upload'}
        </Button>
        {kind ? (
          <Button size="small" variation="link" onClick={() => field.setValue('')} isDisabled={field.isDisabled || upload.isPending}>
            Remove
          </Button>
        ) : null}
      </Flex>
      <Text fontSize="small" variation={message ? 'error' : 'secondary'} role={message ? 'alert' : undefined}>
        {message ?? hint}
      </Text>
    </Flex>
  );
}
