import { Suspense } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { lazyPage } from './shell/chunks';
import { NotFoundRedirector, ScrollToTopAfterNavigation, SignedInOnly } from './shell/Navigation';
import { ErrorBoundary } from './shell/ErrorBoundary';
import { NotFoundPage } from './shell/NotFoundPage';
import { Shell } from './shell/Shell';
import type { AreaConfig } from './shell/area';

// Each area and each page before sign-in is its own chunk: the sign-in page never loads react-admin.
const MerchantSignIn = lazyPage(
  () => import('./merchant/auth/SignInPage').then((m) => m.SignInPage),
  'sign-in',
);
const ResetPassword = lazyPage(() =>
  import('./auth-pages/ResetPasswordPage').then((m) => m.ResetPasswordPage),
);
const VerifyEmail = lazyPage(() => import('./merchant/auth/VerifyEmailPage').then((m) => m.VerifyEmailPage));
const VerifyTrialRequest = lazyPage(() =>
  import('./merchant/auth/VerifyTrialRequestPage').then((m) => m.VerifyTrialRequestPage),
);
const LockScreen = lazyPage(() => import('./merchant/auth/LockScreen').then((m) => m.LockScreen));
const MerchantAdmin = lazyPage(() => import('./merchant/MerchantAdmin').then((m) => m.MerchantAdmin));
const ManagerSignIn = lazyPage(
  () => import('./manager/ManagerSignInPage').then((m) => m.ManagerSignInPage),
  'sign-in',
);
const EInvoicePage = lazyPage(() => import('./sales/EInvoicePage').then((m) => m.EInvoicePage));
const EGiftPage = lazyPage(() => import('./instruments/EGiftPage').then((m) => m.EGiftPage));
const EOfferPage = lazyPage(() => import('./customer-offers/EOfferPage').then((m) => m.EOfferPage));
const EDepositPage = lazyPage(() => import('./instruments/EDepositPage').then((m) => m.EDepositPage));
const SurveyPage = lazyPage(() => import('./survey/SurveyPage').then((m) => m.SurveyPage));
const RatedPage = lazyPage(() => import('./survey/SurveyPage').then((m) => m.RatedPage));
const ManagerAdmin = lazyPage(() => import('./manager/ManagerAdmin').then((m) => m.ManagerAdmin));

const PageLoading = () => (
  <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center' }}>
    <CircularProgress />
  </Box>
);

export const App = ({
  area,
  notFoundOnly,
  publicPage = false,
}: {
  area: AreaConfig;
  notFoundOnly: boolean;
  /** a customer's page (the e-invoice): no area, no sign-in */
  publicPage?: boolean;
}) => {
  const { basename } = area;
  const notFound = area.paths.notFound;
  return (
    <BrowserRouter>
      <Shell area={area}>
        <ScrollToTopAfterNavigation />
        <NotFoundRedirector />
        <ErrorBoundary>
          <Suspense fallback={<PageLoading />}>
            <Routes>
              {publicPage && (
                <>
                  <Route path={`/${area.language}/e-invoice/:uniqueId`} element={<EInvoicePage />} />
                  <Route path={`/${area.language}/e-gift/:uniqueId`} element={<EGiftPage />} />
                  <Route path={`/${area.language}/e-offer/:uniqueId`} element={<EOfferPage />} />
                  <Route path={`/${area.language}/e-deposit/:uniqueId`} element={<EDepositPage />} />
                  <Route path={`/${area.language}/e-survey/:uniqueId`} element={<SurveyPage />} />
                  <Route
                    path={`/${area.language}/invoice-rated-successfully/:uniqueId`}
                    element={<RatedPage />}
                  />
                </>
              )}
              {!notFoundOnly && !publicPage && area.area === 'merchant' && (
                <>
                  <Route path={`${basename}/sign-in`} element={<MerchantSignIn />} />
                  <Route path={`${basename}/reset-password/:token`} element={<ResetPassword />} />
                  <Route path={`${basename}/verify-email/:token`} element={<VerifyEmail />} />
                  <Route
                    path={`${basename}/free-trial/verify/:requestId/:token`}
                    element={<VerifyTrialRequest />}
                  />
                  <Route path={`${basename}/lock`} element={<LockScreen />} />
                  <Route
                    path={`${basename}/*`}
                    element={
                      <SignedInOnly>
                        <MerchantAdmin />
                      </SignedInOnly>
                    }
                  />
                </>
              )}
              {!notFoundOnly && !publicPage && area.area === 'manager' && (
                <>
                  <Route path={`${basename}/sign-in`} element={<ManagerSignIn />} />
                  <Route path={`${basename}/reset-password/:token`} element={<ResetPassword />} />
                  <Route
                    path={`${basename}/*`}
                    element={
                      <SignedInOnly>
                        <ManagerAdmin />
                      </SignedInOnly>
                    }
                  />
                </>
              )}
              <Route path={notFound} element={<NotFoundPage />} />
              <Route path="*" element={<Navigate to={notFound} replace />} />
            </Routes>
          </Suspense>
        </ErrorBoundary>
      </Shell>
    </BrowserRouter>
  );
};
