import { Create } from 'react-admin';
import { useNotify, useRedirect, useTranslate } from 'ra-core';
import { MENU_RESOURCES, servicePayload } from '../types';
import { ServiceForm } from './ServiceForm';

export const ServiceCreate = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <Create
      title={translate('app.services.create_title')}
      transform={servicePayload}
      mutationOptions={{
        onSuccess: () => {
          notify('app.services.created', { type: 'success' });
          redirect('list', MENU_RESOURCES.services);
        },
      }}
    >
      <ServiceForm defaultValues={{ show_to_customer: true, home_service: false }} />
    </Create>
  );
};
