import { useState } from 'react';
import { useTranslate } from 'ra-core';
import { prefetchChunk } from '../shell/chunks';
import { AuthLayout } from '../shell/AuthLayout';
import { ForgotPasswordForm } from '../auth-pages/ForgotPasswordForm';
import { SignInForm } from '../auth-pages/SignInForm';

const warmUp = () => prefetchChunk(() => import('./ManagerAdmin'));

/** The console's sign-in, by e-mail; a forgotten password gets a link to the console's reset page. */
export const ManagerSignInPage = () => {
  const translate = useTranslate();
  const [forgot, setForgot] = useState(false);
  return (
    <AuthLayout title={translate(forgot ? 'app.auth.forgot_title' : 'app.auth.manager_sign_in_title')}>
      {forgot ? (
        <ForgotPasswordForm onBack={() => setForgot(false)} />
      ) : (
        <SignInForm methods={['email']} onForgotPassword={() => setForgot(true)} warmUp={warmUp} />
      )}
    </AuthLayout>
  );
};
