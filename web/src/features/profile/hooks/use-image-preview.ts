import { useEffect, useState } from 'react';

/**
 * A data: URL of a chosen image for an <img> preview (the site's policy allows data: images, not
 * blob: ones); null while there is no file or it is still being read.
 */
export function useImagePreview(file: File | null): string | null {
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    setPreview(null);
    if (!file) return;
    const reader = new FileReader();
    reader.onload = () => setPreview(typeof reader.result === 'string' ? reader.result : null);
    reader.readAsDataURL(file);
    return () => reader.abort();
  }, [file]);
  return preview;
}
