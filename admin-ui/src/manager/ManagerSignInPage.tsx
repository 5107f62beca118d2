import { useTranslate } from 'ra-core';
import { prefetchChunk } from '../shell/chunks';
import { AuthLayout } from '../shell/AuthLayout';
import { SignInForm } from '../auth-pages/SignInForm';

const warmUp = () => prefetchChunk(() => import('./ManagerAdmin'));

export const ManagerSignInPage = () => {
  const translate = useTranslate();
  return (
    <AuthLayout title={translate('app.auth.manager_sign_in_title')}>
      <SignInForm methods={['email']} warmUp={warmUp} />
    </AuthLayout>
  );
};
