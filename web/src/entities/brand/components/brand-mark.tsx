import { Image } from '@aws-amplify/ui-react';
import { DEFAULT_PRODUCT_NAME } from '@shared/contracts/brand';
import { useBrand } from '../api/use-brand';
import './brand.css';

/**
 * The host's logo (horizontal, else vertical) named by its product name, or the product name alone.
 * While the brand is still being read it shows a neutral bar, never the platform's own name; only when
 * the brand cannot be read at all does the platform's name stand in.
 */
export function BrandMark({ className }: { className?: string }) {
  const { data: brand, isError } = useBrand();
  const classes = ['brand-mark', className].filter(Boolean).join(' ');
  if (!brand) {
    if (isError) return <span className={classes}>{DEFAULT_PRODUCT_NAME}</span>;
    return <span className={`${classes} brand-mark--loading`} role="status" aria-label="Loading" data-brand="loading" />;
  }
  const logo = brand.horizontal_logo ?? brand.vertical_logo;
  return logo ? (
    <Image className={`${classes} brand-mark__logo`} src={logo} alt={brand.product_name} />
  ) : (
    <span className={classes}>{brand.product_name}</span>
  );
}
