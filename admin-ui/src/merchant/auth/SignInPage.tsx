import { useState } from 'react';
import { useTranslate } from 'ra-core';
import { prefetchChunk } from '../../shell/chunks';
import { AuthLayout } from '../../shell/AuthLayout';
import { ForgotAccountIdForm, ForgotPasswordForm } from '../../auth-pages/ForgotPasswordForm';
import { SignInForm } from '../../auth-pages/SignInForm';

const warmUp = () => prefetchChunk(() => import('../MerchantAdmin'));

const TITLES = {
  'sign-in': 'app.auth.sign_in_title',
  password: 'app.auth.forgot_title',
  'account-id': 'app.auth.forgot_account_id_title',
} as const;

export const SignInPage = () => {
  const translate = useTranslate();
  const [screen, setScreen] = useState<keyof typeof TITLES>('sign-in');
  const back = () => setScreen('sign-in');
  return (
    <AuthLayout title={translate(TITLES[screen])}>
      {screen === 'password' ? (
        <ForgotPasswordForm onBack={back} />
      ) : screen === 'account-id' ? (
        <ForgotAccountIdForm onBack={back} />
      ) : (
        <SignInForm
          methods={['account', 'email']}
          onForgotPassword={() => setScreen('password')}
          onForgotAccountId={() => setScreen('account-id')}
          warmUp={warmUp}
        />
      )}
    </AuthLayout>
  );
};
