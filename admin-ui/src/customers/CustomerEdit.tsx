import { Edit } from 'react-admin';
import { useNotify, useRedirect, useRecordContext, useTranslate } from 'ra-core';
import { CustomerForm } from './CustomerForm';
import { useExistingCustomer } from './ExistingCustomer';
import { customerPayload, type Customer } from './types';

const EditTitle = () => {
  const record = useRecordContext<Customer>();
  const translate = useTranslate();
  return <>{record ? translate('app.customers.edit_title', { name: record.name }) : ''}</>;
};

export const CustomerEdit = () => {
  const notify = useNotify();
  const redirect = useRedirect();
  const { existing, onError } = useExistingCustomer();
  return (
    <Edit
      title={<EditTitle />}
      // Pessimistic: the server validates (duplicates, rules) and answers the saved record.
      mutationMode="pessimistic"
      transform={customerPayload}
      mutationOptions={{
        onSuccess: (customer: Customer) => {
          notify('app.customers.updated', { type: 'success' });
          redirect('show', 'customers', customer.id);
        },
        onError,
      }}
    >
      <CustomerForm existing={existing} />
    </Edit>
  );
};
