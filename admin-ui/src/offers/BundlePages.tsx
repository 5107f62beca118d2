import { Create, Edit, TopToolbar } from 'react-admin';
import { useCanAccess, useNotify, useRecordContext, useRedirect, useTranslate } from 'ra-core';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { RecordHistory } from '../audit-log/RecordHistory';
import { useNameOf } from '../menu/fields';
import { BundleActions, BundleStatusChip } from './BundleActions';
import { OfferForm, PackageForm } from './BundleForm';
import {
  BUNDLE_ENTITY,
  BUNDLE_RESOURCES,
  offerPayload,
  packagePayload,
  type BundleResource,
  type Offer,
} from './types';

// The texts of each kind: `app.offers.*`, `app.packages.*`.
const TEXTS: Record<BundleResource, string> = {
  'menu/offers': 'offers',
  'menu/packages': 'packages',
};

const FORMS = { 'menu/offers': OfferForm, 'menu/packages': PackageForm };
const PAYLOADS = { 'menu/offers': offerPayload, 'menu/packages': packagePayload };

const useSaved = (resource: BundleResource, done: 'created' | 'updated') => {
  const notify = useNotify();
  const redirect = useRedirect();
  return {
    onSuccess: () => {
      notify(`app.${TEXTS[resource]}.${done}`, { type: 'success' });
      redirect('list', resource);
    },
  };
};

export const BundleCreate = ({ resource }: { resource: BundleResource }) => {
  const translate = useTranslate();
  const Form = FORMS[resource];
  const defaults =
    resource === BUNDLE_RESOURCES.offers
      ? { type: 'fixed', use_type: 1, service_ids: [] }
      : { items: [], validity_days: 90 };
  return (
    <Create
      resource={resource}
      title={translate(`app.${TEXTS[resource]}.create_title`)}
      transform={PAYLOADS[resource]}
      mutationOptions={useSaved(resource, 'created')}
    >
      <Form defaultValues={defaults} />
    </Create>
  );
};

const EditTitle = ({ resource }: { resource: BundleResource }) => {
  const record = useRecordContext<Offer>();
  const translate = useTranslate();
  const nameOf = useNameOf();
  return <>{record ? translate(`app.${TEXTS[resource]}.edit_title`, { name: nameOf(record) }) : ''}</>;
};

/** Its state changes (paused, resumed, renewed...), each an event, from the audit log. */
const History = ({ resource }: { resource: BundleResource }) => {
  const record = useRecordContext<Offer>();
  const translate = useTranslate();
  const { canAccess } = useCanAccess({ resource, action: 'history' });
  if (!record || !canAccess) return null;
  return (
    <Card sx={{ mt: 2 }} data-testid="bundle-history">
      <CardContent>
        <Typography variant="subtitle1" component="h2" color="primary" sx={{ fontWeight: 600 }}>
          {translate('app.offers.history')}
        </Typography>
      </CardContent>
      <RecordHistory entityType={BUNDLE_ENTITY[resource]} entityId={record.id} />
    </Card>
  );
};

const EditActions = ({ resource }: { resource: BundleResource }) => (
  <TopToolbar sx={{ alignItems: 'center' }}>
    <Box sx={{ flex: 1, display: 'flex' }}>
      <BundleStatusChip />
    </Box>
    <BundleActions resource={resource} />
  </TopToolbar>
);

export const BundleEdit = ({ resource }: { resource: BundleResource }) => {
  const Form = FORMS[resource];
  return (
    <Edit
      resource={resource}
      title={<EditTitle resource={resource} />}
      // Pessimistic: the server checks the price against the services' total.
      mutationMode="pessimistic"
      transform={PAYLOADS[resource]}
      mutationOptions={useSaved(resource, 'updated')}
      actions={<EditActions resource={resource} />}
    >
      <>
        <Form />
        <Box sx={{ px: 2, pb: 2 }}>
          <History resource={resource} />
        </Box>
      </>
    </Edit>
  );
};
