import { Create } from 'react-admin';
import { useNotify, useRedirect, useTranslate } from 'ra-core';
import { useArea } from '../shell/area';
import { CustomerForm } from './CustomerForm';
import { useExistingCustomer } from './ExistingCustomer';
import { customerPayload, newCustomerDefaults, type Customer } from './types';

export const CustomerCreate = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  // A new customer is first taken to speak the language the desk is using.
  const { language } = useArea();
  const { existing, onError } = useExistingCustomer();
  return (
    <Create
      title={translate('app.customers.create_title')}
      transform={customerPayload}
      mutationOptions={{
        onSuccess: (customer: Customer) => {
          notify('app.customers.created', { type: 'success' });
          redirect('show', 'customers', customer.id);
        },
        onError,
      }}
    >
      <CustomerForm defaultValues={newCustomerDefaults(language)} existing={existing} />
    </Create>
  );
};
