import {
  canonicalMobileOrAsIs,
  conflict,
  notFound,
  rejected,
  type CustomerDetails,
  type CustomerEvent,
} from '@rawnaq/contracts';

/** A customer as the desk's commands see it. */
export type CustomerState =
  { registered: false } | { registered: true; customerId: string; active: boolean; details: CustomerDetails };

export const initialCustomerState: CustomerState = { registered: false };

export type CustomerCommand =
  | { type: 'RegisterCustomer'; customerId: string; details: CustomerDetails }
  | { type: 'ChangeCustomerDetails'; details: CustomerDetails }
  | { type: 'DisableCustomer' }
  | { type: 'ActivateCustomer' }
  | { type: 'RecordPenalty'; penaltyType: 1 | 2; appointmentId?: string; notes?: string };

/** What a decision may depend on besides the stream: the tenant's business date. */
export type CustomerContext = { today: string };

export const evolveCustomer = (state: CustomerState, event: CustomerEvent): CustomerState => {
  switch (event.type) {
    // older events may spell the mobile another way ('966…' from an import): decide on the canonical one,
    // so saving the form unchanged records nothing
    case 'CustomerRegistered': {
      const { customer_id, ...details } = event.data;
      return {
        registered: true,
        customerId: customer_id,
        active: true,
        details: { ...details, mobile: canonicalMobileOrAsIs(details.mobile) },
      };
    }
    case 'CustomerDetailsChanged': {
      if (!state.registered) return state;
      const details = { ...state.details } as Record<string, unknown>;
      for (const [field, value] of Object.entries(event.data.changed)) {
        if (value === null) delete details[field];
        else details[field] = field === 'mobile' ? canonicalMobileOrAsIs(value) : value;
      }
      return { ...state, details: details as CustomerDetails };
    }
    case 'CustomerDisabled':
      return state.registered ? { ...state, active: false } : state;
    case 'CustomerActivated':
      return state.registered ? { ...state, active: true } : state;
    case 'CustomerPenaltyRecorded':
      return state;
  }
};

const checkBirthDate = (details: CustomerDetails, { today }: CustomerContext) => {
  if (details.birth_date && details.birth_date > today)
    throw rejected('validation.date_in_future', 'birth_date');
};

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

export const decideCustomer = (
  command: CustomerCommand,
  state: CustomerState,
  context: CustomerContext,
): CustomerEvent[] => {
  switch (command.type) {
    case 'RegisterCustomer':
      if (state.registered) throw conflict('customers.already_registered');
      checkBirthDate(command.details, context);
      return [{ type: 'CustomerRegistered', data: { customer_id: command.customerId, ...command.details } }];
    case 'ChangeCustomerDetails': {
      if (!state.registered) throw notFound('not_found.customer');
      checkBirthDate(command.details, context);
      const changed: Record<string, unknown> = {};
      const previous: Record<string, unknown> = {};
      const fields = new Set([...Object.keys(state.details), ...Object.keys(command.details)]);
      for (const field of fields) {
        const before = (state.details as Record<string, unknown>)[field];
        const after = (command.details as Record<string, unknown>)[field];
        if (sameValue(before, after)) continue;
        changed[field] = after ?? null;
        previous[field] = before ?? null;
      }
      // saving an unchanged form is not a change: nothing to record
      if (Object.keys(changed).length === 0) return [];
      return [{ type: 'CustomerDetailsChanged', data: { customer_id: state.customerId, changed, previous } }];
    }
    case 'DisableCustomer':
      if (!state.registered) throw notFound('not_found.customer');
      if (!state.active) throw conflict('customers.already_disabled');
      return [{ type: 'CustomerDisabled', data: { customer_id: state.customerId } }];
    case 'ActivateCustomer':
      if (!state.registered) throw notFound('not_found.customer');
      if (state.active) throw conflict('customers.already_active');
      return [{ type: 'CustomerActivated', data: { customer_id: state.customerId } }];
    case 'RecordPenalty':
      if (!state.registered) throw notFound('not_found.customer');
      return [
        {
          type: 'CustomerPenaltyRecorded',
          data: {
            customer_id: state.customerId,
            penalty_type: command.penaltyType,
            ...(command.appointmentId && { appointment_id: command.appointmentId }),
            ...(command.notes && { notes: command.notes }),
          },
        },
      ];
  }
};
