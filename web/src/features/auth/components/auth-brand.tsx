import { Heading } from '@aws-amplify/ui-react';
import { BrandMark } from '@/entities/brand/components/brand-mark';

/** The host's logo, or its product name where it has none (a neutral bar while the brand is read). */
export function AuthBrand() {
  return (
    <Heading level={1} className="auth-page__brand auth-brand">
      <BrandMark />
    </Heading>
  );
}
