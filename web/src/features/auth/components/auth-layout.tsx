import { Card, Flex, Heading } from '@aws-amplify/ui-react';
import type { CSSProperties, ReactNode } from 'react';
import { useWhiteLabelImages } from '../api/use-white-label-images';
import { AuthBrand } from './auth-brand';
import '../auth-screen.css';

/** A CSS url() whose quoting survives any characters in the address. */
function backgroundOf(imageUrl: string | null | undefined): CSSProperties | undefined {
  return imageUrl ? { backgroundImage: `url(${JSON.stringify(imageUrl)})` } : undefined;
}

/**
 * The frame of every auth screen (spec §2: no sidebar, no top bar): the request host's white-label
 * login background and logo when it has them, a plain dark page and the product name otherwise.
 */
export function AuthLayout({ title, children }: { title: string; children: ReactNode }) {
  const { data: images } = useWhiteLabelImages();
  const background = images?.login_bg ?? null;
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
            <AuthBrand logoUrl={images?.horizontal_logo ?? null} />
            <Heading level={2} className="auth-screen__title">
              {title}
            </Heading>
          </Flex>
          {children}
        </Flex>
      </Card>
    </Flex>
  );
}
