import { Flex } from '@aws-amplify/ui-react';
import { SELF_SERVICE_AUTH } from '@/config/build-flags';
import { paths, type AppPath } from '@/config/paths';
import { AuthLink } from './auth-link';

interface LoginLink {
  to: AppPath;
  label: string;
  /** Shown only with self-service accounts (the build flag). */
  selfServiceOnly: boolean;
}

const LOGIN_LINKS: readonly LoginLink[] = [
  { to: paths.forgotPassword, label: 'Forgot password?', selfServiceOnly: false },
  { to: paths.register, label: 'Create an account', selfServiceOnly: true },
];

/** Below the login form: forgot password always, registration only with self-service accounts. */
export function LoginLinks() {
  const links = LOGIN_LINKS.filter((link) => SELF_SERVICE_AUTH || !link.selfServiceOnly);
  return (
    <Flex className="auth-links" justifyContent="space-between" wrap="wrap" gap="small">
      {links.map((link) => (
        <AuthLink key={link.to} to={link.to}>
          {link.label}
        </AuthLink>
      ))}
    </Flex>
  );
}
