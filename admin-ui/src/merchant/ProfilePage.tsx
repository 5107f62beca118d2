import { useMemo, useState } from 'react';
import {
  PasswordInput,
  RadioButtonGroupInput,
  SaveButton,
  SimpleForm,
  TextInput,
  Title,
  Toolbar,
} from 'react-admin';
import { useNotify, useTranslate } from 'ra-core';
import {
  changePasswordInput,
  compose,
  email,
  maxLength,
  required,
  type GlobalInformation,
  type SignedInUser,
} from '@rawnaq/contracts';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { useRule } from '../customers/validation';
import { emailInput } from '../customers/MobileInput';
import { schemaValidator } from '../forms/schemaValidator';
import { failureKey, isHandled } from '../http/errors';
import { useGlobalInformation, useGlobalInformationStore } from '../layout/globalInformationContext';
import { languageChoices } from '../customers/types';
import { switchLanguage } from '../shell/LanguageSwitch';
import { useArea } from '../shell/area';
import { useAppDataProvider } from '../http/useAppDataProvider';
import { useSubmissionErrors } from '../forms/submissionErrors';

const nameRule = compose(required, maxLength(100));
const emailRule = compose(required, email, maxLength(100));

const ProfileForm = () => {
  const translate = useTranslate();
  const { language, session } = useArea();
  const notify = useNotify();
  const dataProvider = useAppDataProvider();
  const store = useGlobalInformationStore<GlobalInformation>();
  const information = useGlobalInformation<GlobalInformation>();
  const submissionErrors = useSubmissionErrors('profile');
  const validateName = useRule(nameRule, 'resources.profile.fields.name');
  const validateEmail = useRule(emailRule, 'resources.profile.fields.email');
  const user = information?.auth;
  if (!user) return null;

  const save = async (values: Record<string, unknown>) => {
    try {
      const {
        message,
        email_verified: _verified,
        ...saved
      } = await dataProvider.send<SignedInUser & { message?: string; email_verified?: boolean }>(
        'PUT',
        'profile',
        {
          name: values.name,
          email: values.email,
          locale: values.locale,
        },
      );
      session.setUser(saved);
      // a new e-mail address: a link to verify it went to it, and until then it does not count
      notify(message ?? 'app.profile.saved', {
        type: message ? 'info' : 'success',
        autoHideDuration: message ? 10_000 : undefined,
      });
      // The chosen language is remembered with the user; the page follows it right away.
      if (values.locale !== language && (values.locale === 'en' || values.locale === 'ar')) {
        notify('app.profile.language_reload', { type: 'info' });
        window.setTimeout(() => switchLanguage(values.locale as 'en' | 'ar'), 800);
      } else void store.refresh();
      return undefined;
    } catch (error) {
      return submissionErrors(error);
    }
  };

  return (
    <SimpleForm
      resource="profile"
      record={{ id: user.id, name: user.name, email: user.email, locale: user.locale ?? language }}
      onSubmit={save}
      toolbar={
        <Toolbar>
          <SaveButton alwaysEnable={false} />
        </Toolbar>
      }
    >
      <Typography variant="h6" component="h2">
        {translate('app.profile.details')}
      </Typography>
      <TextInput source="name" validate={validateName} fullWidth />
      <TextInput source="email" validate={validateEmail} fullWidth {...emailInput} />
      <RadioButtonGroupInput source="locale" choices={languageChoices} />
    </SimpleForm>
  );
};

const PasswordForm = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useAppDataProvider();
  const submissionErrors = useSubmissionErrors('profile');
  const validate = useMemo(
    () => schemaValidator(changePasswordInput, 'profile', translate, { password_confirmation: 'password' }),
    [translate],
  );
  // A new form after each change, so no password stays in the fields.
  const [generation, setGeneration] = useState(0);
  const save = async (values: Record<string, unknown>) => {
    try {
      const reply = await dataProvider.send<{ message?: string }>('POST', 'change_password', values);
      notify(reply?.message ?? 'auth.password_changed', { type: 'success' });
      setGeneration((n) => n + 1);
      return undefined;
    } catch (error) {
      return submissionErrors(error);
    }
  };
  return (
    <SimpleForm
      key={generation}
      resource="profile"
      onSubmit={save}
      validate={validate}
      toolbar={
        <Toolbar>
          <SaveButton alwaysEnable={false} label="app.profile.change_password" />
        </Toolbar>
      }
    >
      <Typography variant="h6" component="h2">
        {translate('app.profile.change_password')}
      </Typography>
      <PasswordInput source="current_password" autoComplete="current-password" fullWidth />
      <PasswordInput
        source="password"
        autoComplete="new-password"
        helperText={translate('app.auth.password_hint')}
        fullWidth
      />
      <PasswordInput source="password_confirmation" autoComplete="new-password" fullWidth />
    </SimpleForm>
  );
};

/**
 * The owner's say over platform support: whether it may sign in as her to help. Each time it did is in
 * her audit log (security), with the manager's name and reason.
 */
const SupportAccessCard = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useAppDataProvider();
  const store = useGlobalInformationStore<GlobalInformation>();
  const information = useGlobalInformation<GlobalInformation>();
  const [busy, setBusy] = useState(false);
  // what she just chose (the global information read back may be a moment behind)
  const [chosen, setChosen] = useState<boolean | undefined>();
  const user = information?.auth;
  if (!user?.is_owner || user.support_by) return null;
  const change = async (allowed: boolean) => {
    setBusy(true);
    try {
      await dataProvider.send('PUT', 'support-access', { allowed });
      setChosen(allowed);
      notify(allowed ? 'app.profile.support_allowed_saved' : 'app.profile.support_forbidden_saved', {
        type: 'success',
      });
      await store.refresh();
    } catch (error) {
      if (!isHandled(error)) notify(failureKey(error), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card>
      <CardContent>
        <Typography variant="h6" component="h2">
          {translate('app.profile.support_title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ my: 1 }}>
          {translate('app.profile.support_help')}
        </Typography>
        <FormControlLabel
          control={
            <Switch
              checked={chosen ?? user.support_allowed}
              disabled={busy}
              onChange={(e) => void change(e.target.checked)}
              slotProps={{ input: { 'data-testid': 'support-access' } as object }}
            />
          }
          label={translate('app.profile.support_switch')}
        />
      </CardContent>
    </Card>
  );
};

export const ProfilePage = () => (
  // the forms' save bars are fixed at the foot of a phone's screen: room below the last card
  <Grid container spacing={2} sx={{ pt: 2, pb: { xs: 12, md: 2 }, maxWidth: 1100 }}>
    <Title title="app.profile.title" />
    <Grid size={{ xs: 12, md: 6 }}>
      <Card>
        <CardContent>
          <ProfileForm />
        </CardContent>
      </Card>
    </Grid>
    <Grid size={{ xs: 12, md: 6 }}>
      <Card>
        <CardContent>
          <PasswordForm />
        </CardContent>
      </Card>
    </Grid>
    <Grid size={{ xs: 12, md: 6 }}>
      <SupportAccessCard />
    </Grid>
  </Grid>
);
