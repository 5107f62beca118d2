import { useState } from 'react';
import { useTranslate } from 'ra-core';
import { prefetchChunk } from '../../shell/chunks';
import { AuthLayout } from '../../shell/AuthLayout';
import { ForgotPasswordForm } from '../../auth-pages/ForgotPasswordForm';
import { SignInForm } from '../../auth-pages/SignInForm';

const warmUp = () => prefetchChunk(() => import('../MerchantAdmin'));

export const SignInPage = () => {
  const translate = useTranslate();
  const [forgot, setForgot] = useState(false);
  return (
    <AuthLayout title={translate(forgot ? 'app.auth.forgot_title' : 'app.auth.sign_in_title')}>
      {forgot ? (
        <ForgotPasswordForm onBack={() => setForgot(false)} />
      ) : (
        <SignInForm methods={['account', 'email']} onForgotPassword={() => setForgot(true)} warmUp={warmUp} />
      )}
    </AuthLayout>
  );
};
