import {
  conflict,
  notFound,
  type ContractEvent,
  type ContractSent,
  type ContractSigned,
  type ContractState,
  type ContractTemplate,
  type ContractTemplateEvent,
  type ContractTemplateInput,
} from '@rawnaq/contracts';

// ---- a contract template: the manager's text with placeholders ----

export type TemplateState = { exists: false } | ({ exists: true } & ContractTemplate);
export const initialTemplate: TemplateState = { exists: false };

export const evolveTemplate = (s: TemplateState, e: ContractTemplateEvent): TemplateState => {
  if (e.type === 'ContractTemplateCreated') return { exists: true, ...e.data };
  if (!s.exists) return s;
  const { template_id: _id, previous: _p, ...changed } = e.data;
  return { ...s, ...changed };
};

const TEMPLATE_FIELDS = ['name', 'title_en', 'title_ar', 'text_en', 'text_ar'] as const;

export type TemplateCommand =
  | { type: 'Create'; id: string; input: ContractTemplateInput }
  | { type: 'Change'; id: string; input: ContractTemplateInput };

/** Created once; changed in what differs. A change never reaches a contract already sent (its text is its own). */
export const decideTemplate = (c: TemplateCommand, s: TemplateState): ContractTemplateEvent[] => {
  if (c.type === 'Create')
    return s.exists ? [] : [{ type: 'ContractTemplateCreated', data: { template_id: c.id, ...c.input } }];
  if (!s.exists) throw notFound('contract.template_not_found');
  const changed: Record<string, string> = {};
  const previous: Record<string, string> = {};
  for (const f of TEMPLATE_FIELDS)
    if (s[f] !== c.input[f]) {
      changed[f] = c.input[f];
      previous[f] = s[f];
    }
  return Object.keys(changed).length
    ? [{ type: 'ContractTemplateChanged', data: { template_id: c.id, ...changed, previous } }]
    : [];
};

// ---- a contract: sent (its text frozen), then signed by the salon's owner or cancelled by the manager ----

export type ContractStateOf =
  | { exists: false }
  | { exists: true; state: ContractState; sent: ContractSent['data']; signed?: ContractSigned['data'] };
export const initialContract: ContractStateOf = { exists: false };

export const evolveContract = (s: ContractStateOf, e: ContractEvent): ContractStateOf => {
  if (e.type === 'ContractSent') return { exists: true, state: 'sent', sent: e.data };
  if (!s.exists) return s;
  switch (e.type) {
    case 'ContractMailResent':
      return s;
    case 'ContractCancelled':
      return { ...s, state: 'cancelled' };
    case 'ContractSigned':
      return { ...s, state: 'signed', signed: e.data };
  }
};

export type ContractCommand =
  | { type: 'Send'; contract: ContractSent['data'] }
  | { type: 'ResendMail' }
  | { type: 'Cancel'; reason: string }
  | { type: 'Sign'; signature: Omit<ContractSigned['data'], 'contract_id'> };

/** Why a contract can no longer change: signed, or cancelled. */
const closed = (s: { state: ContractState }) =>
  s.state === 'signed'
    ? conflict('contract.already_signed')
    : s.state === 'cancelled'
      ? conflict('contract.cancelled')
      : undefined;

export const decideContract = (c: ContractCommand, s: ContractStateOf): ContractEvent[] => {
  if (c.type === 'Send') {
    if (s.exists) throw conflict('errors.already_exists');
    return [{ type: 'ContractSent', data: c.contract }];
  }
  if (!s.exists) throw notFound('contract.not_sent');
  const id = s.sent.contract_id;
  switch (c.type) {
    case 'ResendMail': {
      // the link of a signed or cancelled contract is no longer worth a mail
      const refusal = closed(s);
      if (refusal) throw refusal;
      return [{ type: 'ContractMailResent', data: { contract_id: id } }];
    }
    case 'Cancel':
      if (s.state === 'signed') throw conflict('contract.signed_cannot_be_cancelled');
      if (s.state === 'cancelled') throw conflict('contract.already_cancelled');
      return [{ type: 'ContractCancelled', data: { contract_id: id, reason: c.reason } }];
    case 'Sign': {
      const refusal = closed(s);
      if (refusal) throw refusal;
      return [{ type: 'ContractSigned', data: { contract_id: id, ...c.signature } }];
    }
  }
};
