import { Button, EditButton, Show, TabbedShowLayout, TabbedShowLayoutTabs, TopToolbar } from 'react-admin';
import PointOfSaleIcon from '@mui/icons-material/PointOfSaleOutlined';
import { BILLING, billingPath } from '../billing';
import { useArea } from '../shell/area';
import { useCanAccess, useRecordContext, useTranslate } from 'ra-core';
import { useNavigate } from 'react-router-dom';
import { RecordHistory } from '../audit-log/RecordHistory';
import { CustomerVisits } from '../appointments/CustomerVisits';
import { WalletTab } from '../instruments/WalletTab';
import { MessagesPanel } from '../messaging/MessagesPanel';
import { CustomerOffersTab } from '../customer-offers/CustomerOffersTab';
import { CustomerAsOf } from './CustomerAsOf';
import { CustomerIdentityNotice, MergeCustomerButton } from './CustomerIdentity';
import { CustomerDetails } from './CustomerDetails';
import { CustomerStatusButton } from './CustomerStatusButton';
import { PenaltyButton } from './PenaltyButton';
import type { Customer } from './types';

const ShowTitle = () => {
  const record = useRecordContext<Customer>();
  const translate = useTranslate();
  return <>{record ? translate('app.customers.show_title', { name: record.name }) : ''}</>;
};

/** "New invoice": the till opened for this customer, for whoever may sell. */
const NewInvoiceButton = () => {
  const record = useRecordContext<Customer>();
  const { basename } = useArea();
  const navigate = useNavigate();
  const { canAccess } = useCanAccess({ resource: BILLING, action: 'show' });
  if (!record || !canAccess) return null;
  return (
    <Button
      label="app.billing.new_invoice"
      // a click rather than `to`: on a phone react-admin draws an icon button that does not follow `to`
      onClick={() => navigate(billingPath(basename, { customer_id: String(record.id) }))}
      data-testid="customer-new-invoice"
    >
      <PointOfSaleIcon />
    </Button>
  );
};

/** A customer merged into another is read only: her screen only says whom, and opens that one. */
const Actions = () => {
  const record = useRecordContext<Customer>();
  if (record?.merged_into) return <TopToolbar />;
  return (
    <TopToolbar>
      <NewInvoiceButton />
      <MergeCustomerButton />
      <CustomerStatusButton />
      <PenaltyButton />
      <EditButton />
    </TopToolbar>
  );
};

/** The WhatsApp messages sent to her (reminders...) and her replies. */
const CustomerMessages = () => {
  const record = useRecordContext<Customer>();
  return record ? (
    <MessagesPanel path={`customers/${encodeURIComponent(String(record.id))}/messages`} />
  ) : null;
};

const History = () => {
  const record = useRecordContext<Customer>();
  return record ? <RecordHistory entityType="customer" entityId={String(record.id)} /> : null;
};

export const CustomerShow = () => {
  const { canAccess: canSeeHistory } = useCanAccess({ resource: 'customers', action: 'history' });
  const { canAccess: canSeeAsOf } = useCanAccess({ resource: 'customers', action: 'as-of' });
  const { canAccess: canSeeVisits } = useCanAccess({ resource: 'appointments', action: 'list' });
  return (
    <Show title={<ShowTitle />} actions={<Actions />}>
      <CustomerIdentityNotice />
      {/* On a phone the tabs scroll sideways rather than widening the page. */}
      <TabbedShowLayout
        tabs={<TabbedShowLayoutTabs variant="scrollable" scrollButtons="auto" allowScrollButtonsMobile />}
      >
        <TabbedShowLayout.Tab label="app.customers.tabs.details">
          <CustomerDetails />
        </TabbedShowLayout.Tab>
        {canSeeVisits && (
          <TabbedShowLayout.Tab label="app.customers.tabs.appointments" path="appointments">
            <CustomerVisits />
          </TabbedShowLayout.Tab>
        )}
        <TabbedShowLayout.Tab label="app.messaging.tab" path="messages">
          <CustomerMessages />
        </TabbedShowLayout.Tab>
        <TabbedShowLayout.Tab label="app.wallet.tab" path="wallet">
          <WalletTab />
        </TabbedShowLayout.Tab>
        <TabbedShowLayout.Tab label="app.customer_offers.tab" path="offers">
          <CustomerOffersTab />
        </TabbedShowLayout.Tab>
        {canSeeHistory && (
          <TabbedShowLayout.Tab label="app.customers.tabs.history" path="history">
            <History />
          </TabbedShowLayout.Tab>
        )}
        {canSeeAsOf && (
          <TabbedShowLayout.Tab label="app.customers.tabs.as_of" path="as-of">
            <CustomerAsOf />
          </TabbedShowLayout.Tab>
        )}
      </TabbedShowLayout>
    </Show>
  );
};
