import { useMemo, useState } from 'react';
import { SaveButton, SimpleForm } from 'react-admin';
import { useDataProvider, useGetList, useNotify, useTranslate } from 'ra-core';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import ContentCutIcon from '@mui/icons-material/ContentCut';
import CreateNewFolderIcon from '@mui/icons-material/CreateNewFolder';
import { FormSection } from '../forms/FormSection';
import { useFormat } from '../format/useFormat';
import { activationChange, changeCount } from '../menu/activation';
import { isHandled, isHttpError } from '../http/errors';
import { BilingualName } from '../menu/fields';
import { ServiceForm } from '../menu/services/ServiceForm';
import {
  MENU_RESOURCES,
  MENU_STATUS,
  namePayload,
  servicePayload,
  type NamedItem,
  type Service,
} from '../menu/types';
import { useNameValidate } from '../menu/validation';
import { NameInputs } from '../forms/NameInputs';
import { Loading, useServerErrors, type AfterSave } from '../settings/SettingsSection';
import { InlineToolbar } from '../layout/phone';
import { useAppDataProvider } from '../http/useAppDataProvider';
import { SuggestedServices } from './SuggestedServices';

/** An account opened by a manager has no group yet: the owner names the first one here. */
const FirstGroup = ({ onAdded }: { onAdded: () => void }) => {
  const notify = useNotify();
  const dataProvider = useDataProvider();
  const serverErrors = useServerErrors();
  const validate = useNameValidate(MENU_RESOURCES.groups);
  return (
    <SimpleForm
      resource={MENU_RESOURCES.groups}
      validate={validate}
      noValidate
      onSubmit={async (values: Record<string, unknown>) => {
        try {
          await dataProvider.create(MENU_RESOURCES.groups, { data: namePayload(values) });
          notify('app.wizard.services.group_added', { type: 'success' });
          onAdded();
          return undefined;
        } catch (error) {
          return serverErrors(error);
        }
      }}
      toolbar={
        <InlineToolbar>
          <SaveButton
            label="app.wizard.services.add_group"
            icon={<CreateNewFolderIcon />}
            data-testid="wizard-add-group"
          />
        </InlineToolbar>
      }
    >
      <FormSection title="app.wizard.services.first_group" last>
        <NameInputs />
      </FormSection>
    </SimpleForm>
  );
};

/**
 * Activate services: the menu with a switch per service (at least one stays on), and, for an empty
 * menu, a group and a service added right here through the menu's own API and form.
 */
export const ServicesStep = ({ onSaved, submitLabel }: AfterSave) => {
  const translate = useTranslate();
  const notify = useNotify();
  const { money } = useFormat();
  const dataProvider = useAppDataProvider();
  const serverErrors = useServerErrors();
  const groupList = useGetList<NamedItem>(MENU_RESOURCES.groups, {
    pagination: { page: 1, perPage: 1000 },
    sort: { field: 'created_at', order: 'ASC' },
  });
  const { data, isPending, refetch } = useGetList<Service>(MENU_RESOURCES.services, {
    pagination: { page: 1, perPage: 1000 },
    sort: { field: 'order', order: 'ASC' },
  });
  const [wanted, setWanted] = useState<Record<string, boolean>>({});
  const [formKey, setFormKey] = useState(0);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const services = useMemo(() => data ?? [], [data]);
  const groups = (groupList.data ?? []).filter((g) => g.status === MENU_STATUS.active);
  const isOn = (s: Service) => wanted[s.id] ?? s.status === MENU_STATUS.active;
  const active = services.filter(isOn).length;

  const addService = async (values: Record<string, unknown>) => {
    try {
      const { data: created } = await dataProvider.create(MENU_RESOURCES.services, {
        data: servicePayload(values),
      });
      notify('app.wizard.services.service_added', { type: 'success' });
      setRefusal(null);
      setFormKey((k) => k + 1);
      setWanted((w) => ({ ...w, [String(created.id)]: true }));
      await refetch();
      return undefined;
    } catch (error) {
      return serverErrors(error);
    }
  };

  const finish = async () => {
    setRefusal(null);
    if (active === 0) return setRefusal('app.wizard.services.need_one');
    setBusy(true);
    try {
      const change = activationChange(services, wanted);
      if (changeCount(change) > 0) await dataProvider.setActivation(MENU_RESOURCES.services, change);
      await onSaved?.();
    } catch (error) {
      // the last active service (doc2 §5.5): shown above the list, where the switches are
      if (isHttpError(error) && error.status === 422 && !isHandled(error)) setRefusal(error.message);
      else serverErrors(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card data-testid="wizard-services">
      <CardHeader
        avatar={<ContentCutIcon color="primary" />}
        title={translate('app.wizard.services.title')}
        subheader={translate('app.wizard.services.hint')}
        slotProps={{ title: { variant: 'h6', component: 'h2' } }}
      />
      {refusal && (
        <Alert severity="error" sx={{ mx: 2, mb: 1 }} data-testid="wizard-services-refusal">
          {translate(refusal)}
        </Alert>
      )}
      {isPending ? (
        <Loading />
      ) : services.length === 0 ? (
        <Typography sx={{ px: 2, pb: 1 }} color="text.secondary" data-testid="wizard-services-empty">
          {translate('app.wizard.services.empty')}
        </Typography>
      ) : (
        <>
          <Typography variant="body2" sx={{ px: 2, fontWeight: 500 }} data-testid="wizard-active-count">
            {translate('app.activation.active_count', { active, total: services.length })}
          </Typography>
          <List dense sx={{ px: 1 }}>
            {services.map((s) => (
              <ListItem
                key={s.id}
                divider
                data-testid="wizard-service"
                secondaryAction={
                  <Switch
                    edge="end"
                    checked={isOn(s)}
                    onChange={(event) => setWanted((w) => ({ ...w, [s.id]: event.target.checked }))}
                    slotProps={{ input: { 'aria-label': s.name_en } }}
                  />
                }
              >
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <BilingualName item={s} />
                </Box>
                <Typography variant="body2" sx={{ marginInlineEnd: 6 }} data-testid="amount">
                  {money(s.price_with_vat_minor)}
                </Typography>
              </ListItem>
            ))}
          </List>
        </>
      )}
      <SuggestedServices
        onAdded={() => {
          void groupList.refetch();
          void refetch();
        }}
      />
      <Divider />
      {groupList.isPending ? (
        <Loading />
      ) : groups.length === 0 ? (
        <FirstGroup onAdded={() => void groupList.refetch()} />
      ) : (
        <Box>
          <Typography variant="subtitle1" color="primary" sx={{ px: 2, pt: 2, fontWeight: 600 }}>
            {translate('app.wizard.services.add_service')}
          </Typography>
          <ServiceForm
            key={formKey}
            resource={MENU_RESOURCES.services}
            onSubmit={addService}
            defaultValues={{ show_to_customer: true, home_service: false, group_id: groups[0]?.id }}
            toolbar={
              <InlineToolbar>
                <SaveButton
                  label="app.wizard.services.add_service"
                  variant="outlined"
                  data-testid="wizard-add-service"
                />
              </InlineToolbar>
            }
          />
        </Box>
      )}
      <Divider />
      <Box sx={{ p: 2, display: 'flex', justifyContent: 'flex-end' }}>
        <Button variant="contained" onClick={finish} disabled={busy} data-testid="wizard-services-finish">
          {translate(submitLabel ?? 'app.wizard.finish')}
        </Button>
      </Box>
    </Card>
  );
};
