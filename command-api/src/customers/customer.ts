import {
  canonicalMobileOrAsIs,
  conflict,
  DomainError,
  notFound,
  rejected,
  type CustomerDetails,
  type CustomerEvent,
} from '@rawnaq/contracts';

/**
 * A customer as the desk's commands see it: her details, whether she may be served, the customers on
 * file she may be the same person as (`likelyDuplicateOf`), the customer she was merged into if she was
 * (`mergedInto`), and the customers merged into her (`mergedIds`: their cards and purchases are hers).
 */
export type CustomerState =
  | { registered: false }
  | {
      registered: true;
      customerId: string;
      active: boolean;
      details: CustomerDetails;
      likelyDuplicateOf: readonly string[];
      mergedInto?: string;
      mergedIds: readonly string[];
    };

export const initialCustomerState: CustomerState = { registered: false };

export type CustomerCommand =
  | {
      type: 'RegisterCustomer';
      customerId: string;
      details: CustomerDetails;
      /** registered online with a mobile on file under another name: the customers on file */
      likelyDuplicateOf?: readonly string[];
    }
  | { type: 'ChangeCustomerDetails'; details: CustomerDetails }
  | { type: 'DisableCustomer' }
  | { type: 'ActivateCustomer' }
  | { type: 'RecordPenalty'; penaltyType: 1 | 2; appointmentId?: string; notes?: string }
  | { type: 'DismissLikelyDuplicate'; of: string }
  /** decided on the customer merged away, with the state of the one kept */
  | { type: 'MergeInto'; into: CustomerState }
  /** decided on the customer kept, after `MergeInto` */
  | {
      type: 'TakeInDuplicate';
      merged: CustomerState;
      walletMoved: number;
      loyaltyPointsMoved: number;
    };

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
        likelyDuplicateOf: [],
        mergedIds: [],
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
    case 'CustomerFlaggedAsLikelyDuplicate':
      if (!state.registered) return state;
      return { ...state, likelyDuplicateOf: [...new Set([...state.likelyDuplicateOf, ...event.data.of])] };
    case 'LikelyDuplicateDismissed':
      if (!state.registered) return state;
      return { ...state, likelyDuplicateOf: state.likelyDuplicateOf.filter((id) => id !== event.data.of) };
    case 'CustomerMerged':
      if (!state.registered) return state;
      return { ...state, mergedInto: event.data.into_customer_id, likelyDuplicateOf: [] };
    case 'WhatsAppConsentChanged':
      if (!state.registered) return state;
      return { ...state, details: { ...state.details, whatsapp_allowed: event.data.allowed } };
    case 'DuplicateCustomerMergedIn': {
      if (!state.registered) return state;
      const merged = new Set(event.data.merged_ids);
      return {
        ...state,
        mergedIds: [...new Set([...state.mergedIds, ...event.data.merged_ids])],
        likelyDuplicateOf: state.likelyDuplicateOf.filter((id) => !merged.has(id)),
      };
    }
  }
};

/** A customer merged into another is read only: her id leads to the kept one (`currentCustomer`). */
export const notMerged = (state: CustomerState) => {
  if (state.registered && state.mergedInto)
    throw new DomainError('customers.merged', 409, undefined, { customer_id: state.mergedInto });
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
    case 'RegisterCustomer': {
      if (state.registered) throw conflict('customers.already_registered');
      checkBirthDate(command.details, context);
      const of = [...new Set(command.likelyDuplicateOf ?? [])].filter((id) => id !== command.customerId);
      return [
        { type: 'CustomerRegistered', data: { customer_id: command.customerId, ...command.details } },
        ...(of.length > 0
          ? [
              {
                type: 'CustomerFlaggedAsLikelyDuplicate' as const,
                data: { customer_id: command.customerId, of, reason: 'same_mobile' as const },
              },
            ]
          : []),
      ];
    }
    case 'ChangeCustomerDetails': {
      if (!state.registered) throw notFound('not_found.customer');
      notMerged(state);
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
      notMerged(state);
      if (!state.active) throw conflict('customers.already_disabled');
      return [{ type: 'CustomerDisabled', data: { customer_id: state.customerId } }];
    case 'ActivateCustomer':
      if (!state.registered) throw notFound('not_found.customer');
      notMerged(state);
      if (state.active) throw conflict('customers.already_active');
      return [{ type: 'CustomerActivated', data: { customer_id: state.customerId } }];
    case 'RecordPenalty':
      if (!state.registered) throw notFound('not_found.customer');
      notMerged(state);
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
    case 'DismissLikelyDuplicate':
      if (!state.registered) throw notFound('not_found.customer');
      notMerged(state);
      if (!state.likelyDuplicateOf.includes(command.of))
        throw conflict('customers.not_a_likely_duplicate', 'customer_id');
      return [{ type: 'LikelyDuplicateDismissed', data: { customer_id: state.customerId, of: command.of } }];
    case 'MergeInto': {
      const kept = command.into;
      if (!state.registered) throw notFound('not_found.customer');
      notMerged(state);
      if (!kept.registered) throw rejected('not_found.customer', 'into_customer_id');
      if (kept.customerId === state.customerId)
        throw rejected('customers.merge_into_itself', 'into_customer_id');
      if (kept.mergedInto) throw conflict('customers.merged', 'into_customer_id');
      return [
        {
          type: 'CustomerMerged',
          data: {
            customer_id: state.customerId,
            into_customer_id: kept.customerId,
            into_customer_name: kept.details.name,
          },
        },
      ];
    }
    case 'TakeInDuplicate': {
      const merged = command.merged;
      if (!state.registered) throw notFound('not_found.customer');
      notMerged(state);
      if (!merged.registered || merged.mergedInto !== state.customerId)
        throw rejected('not_found.customer', 'customer_id');
      return [
        {
          type: 'DuplicateCustomerMergedIn',
          data: {
            customer_id: state.customerId,
            merged_customer_id: merged.customerId,
            merged_customer_name: merged.details.name,
            merged_ids: [merged.customerId, ...merged.mergedIds],
            wallet_moved: command.walletMoved,
            loyalty_points_moved: command.loyaltyPointsMoved,
          },
        },
      ];
    }
  }
};
