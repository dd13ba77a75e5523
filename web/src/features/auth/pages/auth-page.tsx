import type { ComponentType } from 'react';
import { Navigate } from 'react-router-dom';
import type { AUTH_SCREEN_MODES } from '@shared/domain/states';
import { SELF_SERVICE_AUTH } from '@/config/build-flags';
import { paths } from '@/config/paths';
import { AuthLayout } from '../components/auth-layout';
import { ForgotPasswordForm } from '../components/forgot-password-form';
import { LoginForm } from '../components/login-form';
import { RegisterForm } from '../components/register-form';

export type AuthScreenMode = (typeof AUTH_SCREEN_MODES)[number];

const SCREENS: Readonly<Record<AuthScreenMode, { title: string; Form: ComponentType }>> = {
  LOGIN: { title: 'Log in to your account', Form: LoginForm },
  REGISTER: { title: 'Create your account', Form: RegisterForm },
  FORGOT_PASSWORD: { title: 'Reset your password', Form: ForgotPasswordForm },
};

/** The public auth screens (spec §2): registration exists only with self-service accounts. */
export function AuthPage({ mode }: { mode: AuthScreenMode }) {
  if (mode === 'REGISTER' && !SELF_SERVICE_AUTH) return <Navigate to={paths.login} replace />;
  const { title, Form } = SCREENS[mode];
  return (
    <AuthLayout title={title}>
      <Form />
    </AuthLayout>
  );
}
