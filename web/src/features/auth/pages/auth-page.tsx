import { Card, Flex, Heading, Text } from '@aws-amplify/ui-react';
import type { ComponentType } from 'react';
import type { AUTH_SCREEN_MODES } from '../../../../../shared/domain/states';
import { LoginForm } from '../components/login-form';

/** The auth screen modes built so far; REGISTER and FORGOT_PASSWORD join with their screens. */
type BuiltAuthScreenMode = Extract<(typeof AUTH_SCREEN_MODES)[number], 'LOGIN'>;

const SCREENS: Record<BuiltAuthScreenMode, { title: string; Form: ComponentType }> = {
  LOGIN: { title: 'Log in to your account', Form: LoginForm },
};

/** The public auth screen (spec §2): no sidebar, no top bar. */
export function AuthPage({ mode }: { mode: BuiltAuthScreenMode }) {
  const { title, Form } = SCREENS[mode];
  return (
    <Flex className="auth-page" justifyContent="center" alignItems="center">
      <Card className="auth-page__card" variation="elevated">
        <Flex direction="column" gap="large">
          <Flex direction="column" gap="xxs">
            <Heading level={1} className="auth-page__brand">
              TradeBridge
            </Heading>
            <Text variation="secondary">{title}</Text>
          </Flex>
          <Form />
        </Flex>
      </Card>
    </Flex>
  );
}
