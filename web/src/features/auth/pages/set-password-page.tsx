import { useSearchParams } from 'react-router-dom';
import { AuthLayout } from '../components/auth-layout';
import { SetPasswordForm } from '../components/set-password-form';

/** /setpassword?token=… (public): where the welcome mail of a user added by a parent leads. */
export function SetPasswordPage() {
  const [search] = useSearchParams();
  return (
    <AuthLayout title="Set your password">
      <SetPasswordForm token={search.get('token') ?? ''} />
    </AuthLayout>
  );
}
