import { Edit } from 'react-admin';
import { useNotify, useRecordContext, useRedirect, useTranslate } from 'ra-core';
import { useNameOf } from '../fields';
import { MENU_RESOURCES, servicePayload, type Service } from '../types';
import { ServiceForm } from './ServiceForm';

const EditTitle = () => {
  const record = useRecordContext<Service>();
  const translate = useTranslate();
  const nameOf = useNameOf();
  return <>{record ? translate('app.services.edit_title', { name: nameOf(record) }) : ''}</>;
};

export const ServiceEdit = () => {
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <Edit
      title={<EditTitle />}
      // Pessimistic: the server checks names and the offer price, and the list shows the saved prices.
      mutationMode="pessimistic"
      transform={servicePayload}
      mutationOptions={{
        onSuccess: () => {
          notify('app.services.updated', { type: 'success' });
          redirect('list', MENU_RESOURCES.services);
        },
      }}
    >
      <ServiceForm />
    </Edit>
  );
};
