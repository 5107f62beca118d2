import {
  contractInput,
  contractTemplateInput,
  DomainError,
  fillContractText,
  signContractInput,
  type ContractEvent,
  type ContractSent,
  type ContractTemplateEvent,
} from '@rawnaq/contracts';
import {
  decideContract,
  decideTemplate,
  evolveContract,
  evolveTemplate,
  initialContract,
  initialTemplate,
  type ContractCommand,
  type TemplateCommand,
} from './account-contracts';

const rejects = (run: () => unknown, key: string) => {
  try {
    run();
  } catch (e) {
    expect(e).toBeInstanceOf(DomainError);
    expect(e).toMatchObject({ key });
    return;
  }
  throw new Error(`expected a refusal ${key}`);
};

const sent: ContractSent['data'] = {
  contract_id: 'c1',
  unique_id: 'AAAAAAAAAAAAAAAAAAAAAA',
  account_id: 7,
  template_id: 't1',
  language: 'ar',
  title: 'عقد اشتراك',
  text: 'يوافق صالون لولو على الباقة الأساسية',
  text_sha256: 'x',
  salon_name: 'صالون لولو',
  owner_name: 'Lulu',
  owner_user_id: 'u1',
  plan: 'basic',
  price: 120000,
  currency: 'SAR',
  start_date: '2026-01-01',
  end_date: '2026-12-31',
};
const signature = {
  signer_name: 'Lulu',
  signed_at: '2026-01-02T10:00:00.000Z',
  ip: '203.0.113.7',
  user_agent: 'phone',
  signature_file_id: 'f1',
  signature_sha256: 'a',
  pdf_file_id: 'f2',
  pdf_sha256: 'b',
};

/** given past events, when a command: the new events (or the refusal) */
const contract = (given: ContractEvent[], when: ContractCommand) =>
  decideContract(when, given.reduce(evolveContract, initialContract));
const template = (given: ContractTemplateEvent[], when: TemplateCommand) =>
  decideTemplate(when, given.reduce(evolveTemplate, initialTemplate));

const SENT: ContractEvent = { type: 'ContractSent', data: sent };
const SIGNED: ContractEvent = { type: 'ContractSigned', data: { contract_id: 'c1', ...signature } };
const CANCELLED: ContractEvent = {
  type: 'ContractCancelled',
  data: { contract_id: 'c1', reason: 'wrong price' },
};

describe('a contract: sent, then signed by the owner or cancelled by the manager', () => {
  it('is sent once, its text as given', () => {
    expect(contract([], { type: 'Send', contract: sent })).toEqual([SENT]);
    rejects(() => contract([SENT], { type: 'Send', contract: sent }), 'errors.already_exists');
  });

  it('is signed while sent, with who, when, where and the files', () => {
    expect(contract([SENT], { type: 'Sign', signature })).toEqual([SIGNED]);
    const state = [SENT, SIGNED].reduce(evolveContract, initialContract);
    expect(state).toMatchObject({
      state: 'signed',
      sent: { text: sent.text },
      signed: { signer_name: 'Lulu' },
    });
  });

  it('refuses signing twice, signing a cancelled one, or one never sent', () => {
    rejects(() => contract([SENT, SIGNED], { type: 'Sign', signature }), 'contract.already_signed');
    rejects(() => contract([SENT, CANCELLED], { type: 'Sign', signature }), 'contract.cancelled');
    rejects(() => contract([], { type: 'Sign', signature }), 'contract.not_sent');
  });

  it('is cancelled with a reason while unsigned, once; a signed one cannot be', () => {
    expect(contract([SENT], { type: 'Cancel', reason: 'wrong price' })).toEqual([CANCELLED]);
    rejects(() => contract([SENT, CANCELLED], { type: 'Cancel', reason: 'x' }), 'contract.already_cancelled');
    rejects(
      () => contract([SENT, SIGNED], { type: 'Cancel', reason: 'x' }),
      'contract.signed_cannot_be_cancelled',
    );
  });

  it('mails its link again only while it waits for the signature', () => {
    expect(contract([SENT], { type: 'ResendMail' })).toEqual([
      { type: 'ContractMailResent', data: { contract_id: 'c1' } },
    ]);
    rejects(() => contract([SENT, SIGNED], { type: 'ResendMail' }), 'contract.already_signed');
    rejects(() => contract([SENT, CANCELLED], { type: 'ResendMail' }), 'contract.cancelled');
  });
});

describe('a contract template', () => {
  const input = {
    name: 'Yearly',
    title_en: 'Contract',
    title_ar: 'عقد',
    text_en: 'For {salon_name}',
    text_ar: 'لـ {salon_name}',
  };
  const CREATED: ContractTemplateEvent = {
    type: 'ContractTemplateCreated',
    data: { template_id: 't1', ...input },
  };

  it('is created once, changed in what differs, and not changed when nothing differs', () => {
    expect(template([], { type: 'Create', id: 't1', input })).toEqual([CREATED]);
    expect(template([CREATED], { type: 'Create', id: 't1', input })).toEqual([]);
    expect(
      template([CREATED], { type: 'Change', id: 't1', input: { ...input, text_en: 'For {owner_name}' } }),
    ).toEqual([
      {
        type: 'ContractTemplateChanged',
        data: { template_id: 't1', text_en: 'For {owner_name}', previous: { text_en: 'For {salon_name}' } },
      },
    ]);
    expect(template([CREATED], { type: 'Change', id: 't1', input })).toEqual([]);
    rejects(() => template([], { type: 'Change', id: 't1', input }), 'contract.template_not_found');
  });

  it('refuses an unknown placeholder, naming it and the allowed ones', () => {
    const r = contractTemplateInput.safeParse({ ...input, text_ar: 'لـ {salon} {price}' });
    expect(r.success).toBe(false);
    const issue = r.error!.issues[0] as { path: string[]; message: string; params?: Record<string, string> };
    expect(issue.path).toEqual(['text_ar']);
    expect(issue.message).toBe('contract.unknown_placeholder');
    expect(issue.params?.placeholder).toBe('{salon}');
  });

  it('fills its placeholders', () => {
    expect(
      fillContractText(
        '{salon_name} / {plan} / {price} / {start_date}-{end_date} #{account_id} {owner_name}',
        {
          salon_name: 'Lulu',
          owner_name: 'Lulu O',
          plan: 'Basic',
          price: '1200.00 SAR',
          start_date: '2026-01-01',
          end_date: '2026-12-31',
          account_id: '7',
        },
      ),
    ).toBe('Lulu / Basic / 1200.00 SAR / 2026-01-01-2026-12-31 #7 Lulu O');
  });
});

describe('the contract and signing forms', () => {
  it('refuses an end before the start, on the end', () => {
    const r = contractInput.safeParse({
      account_id: 1,
      template_id: '0193a000-0000-7000-8000-0000000000aa',
      language: 'en',
      plan: 'basic',
      price: '100',
      start_date: '2026-02-01',
      end_date: '2026-01-01',
    });
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => i.path.join('.'))).toEqual(['end_date']);
  });

  it('needs a name, "I agree" and a PNG signature', () => {
    const r = signContractInput.safeParse({
      signer_name: '',
      agree: false,
      signature: 'data:image/jpeg;base64,AAAA',
    });
    expect(r.success).toBe(false);
    // an empty name is a missing one (the API names it `validation.is_required`, see the HTTP test)
    expect(Object.fromEntries(r.error!.issues.map((i) => [i.path.join('.'), i.message]))).toEqual({
      signer_name: expect.any(String),
      agree: 'contract.must_agree',
      signature: 'contract.signature_invalid',
    });
  });
});
