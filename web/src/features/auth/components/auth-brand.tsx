import { Heading, Image } from '@aws-amplify/ui-react';
import { PRODUCT_NAME } from '../brand';

/** The tenant's horizontal logo when it has one, otherwise the product name. */
export function AuthBrand({ logoUrl }: { logoUrl: string | null }) {
  return (
    <Heading level={1} className="auth-page__brand auth-brand">
      {logoUrl ? <Image className="auth-brand__logo" src={logoUrl} alt="Logo" /> : PRODUCT_NAME}
    </Heading>
  );
}
