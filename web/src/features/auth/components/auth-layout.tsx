import { Card, Flex, Heading } from '@aws-amplify/ui-react';
import type { CSSProperties, ReactNode } from 'react';
import { useBrand } from '@/entities/brand/api/use-brand';
import { socialLinks, supportLinks } from '@/entities/brand/brand-links';
import { BrandLinksList } from '@/entities/brand/components/brand-links-list';
import { AuthBrand } from './auth-brand';
import '../auth-screen.css';

/** A CSS url() whose quoting survives any characters in the address. */
function backgroundOf(imageUrl: string | null | undefined): CSSProperties | undefined {
  return imageUrl ? { backgroundImage: `url(${JSON.stringify(imageUrl)})` } : undefined;
}

/**
 * The frame of every auth screen (spec §2: no sidebar, no top bar): the request host's brand — its login
 * background, logo or product name, and its organisation's support, legal and social links — on a plain
 * dark page where it has none.
 */
export function AuthLayout({ title, children }: { title: string; children: ReactNode }) {
  const { data: brand } = useBrand();
  const background = brand?.login_bg ?? null;
  const links = [...supportLinks(brand?.organisation), ...socialLinks(brand?.organisation)];
  return (
    <Flex
      className="auth-page auth-screen"
      data-background={background ? 'white-label' : 'plain'}
      style={backgroundOf(background)}
      justifyContent="center"
      alignItems="center"
    >
      <Card className="auth-page__card auth-screen__card" variation="elevated">
        <Flex direction="column" gap="large">
          <Flex direction="column" gap="xxs">
            <AuthBrand />
            <Heading level={2} className="auth-screen__title">
              {title}
            </Heading>
          </Flex>
          {children}
          <BrandLinksList links={links} label={brand?.organisation?.organisation_name ?? 'Links'} />
        </Flex>
      </Card>
    </Flex>
  );
}
