import { useEffect } from 'react';
import { useBrand } from '@/entities/brand/api/use-brand';
import { applyDocumentBrand } from '@/entities/brand/document-brand';

/** Keeps the tab's title and favicon on the host's brand (also after the brand is saved on /configs). */
export function DocumentBrand() {
  const { data: brand } = useBrand();
  useEffect(() => {
    if (brand) applyDocumentBrand(brand);
  }, [brand]);
  return null;
}
