import { Body, Controller, HttpCode, Inject, Param, Post, Put, Req } from '@nestjs/common';
import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  cancelContractInput,
  contractInput,
  contractStream,
  contractTemplateInput,
  contractTemplateStream,
  currencyOfCountry,
  DomainError,
  fillContractText,
  notFound,
  parseMoney,
  PLATFORM_TENANT,
  rejected,
  signatureBytes,
  signContractInput,
  toDecimalString,
  type ContractEvent,
  type ContractSent,
  type ContractTemplateEvent,
} from '@rawnaq/contracts';
import {
  Auth,
  ClientIp,
  decodeImage,
  parseInput,
  Public,
  Realm,
  renderContractPdf,
  sniff,
  TOKENS,
  UserAgent,
  type AuthContext,
  type Clock,
  type FileStore,
  type MailSender,
  type ReadModels,
} from '@rawnaq/platform';
import { createHash, randomBytes } from 'node:crypto';
import { queueMail } from '../identity/mail';
import { Answer } from '../shared/answer';
import { type CommandContext, UNIT } from '../shared/command-context';
import { commandContext, RequestUnit } from '../shared/http-context';
import { Aggregates, idFor } from '../shared/repository';
import { PublicRateLimit } from '../sales/surveys.commands';
import {
  decideContract,
  decideTemplate,
  evolveContract,
  evolveTemplate,
  initialContract,
  initialTemplate,
  type ContractCommand,
  type ContractStateOf,
  type TemplateState,
} from './account-contracts';
import type { UnitOfWork } from '../shared/unit-of-work';

type Request = { headers: Record<string, string | string[] | undefined> };
const UUID = /^[0-9a-f-]{36}$/;
/** A contract's link: 22 URL-safe characters (128 random bits). */
export const CONTRACT_LINK = /^[A-Za-z0-9_-]{22}$/;

const sha256 = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest('hex');

const contractPath = (c: Pick<ContractSent['data'], 'language' | 'unique_id'>) =>
  `/${c.language}/account-contract/${c.unique_id}`;

const contractMail = (c: ContractSent['data']) =>
  c.language === 'ar'
    ? {
        subject: `عقد للتوقيع: ${c.title}`,
        body: `مرحبًا ${c.owner_name}،\nأرسلت لك رونق عقد "${c.title}" لصالون ${c.salon_name}.\nاقرئي العقد ووقّعيه من هاتفك أو حاسوبك عبر الرابط التالي:\n${contractPath(c)}\nبعد التوقيع يمكنك تنزيل نسخة PDF من الرابط نفسه ومن إعدادات صالونك.`,
      }
    : {
        subject: `A contract to sign: ${c.title}`,
        body: `Hello ${c.owner_name},\nRawnaq sent you the contract "${c.title}" for ${c.salon_name}.\nRead and sign it on your phone or computer with this link:\n${contractPath(c)}\nOnce signed, its PDF can be downloaded from the same link and from your salon's settings.`,
      };

const runContract = (
  aggregates: Aggregates,
  tenantId: string,
  id: string,
  ctx: CommandContext,
  c: ContractCommand,
) =>
  aggregates.handle<ContractStateOf, ContractEvent>(
    contractStream(tenantId, id),
    { ...ctx, tenantId },
    {
      initial: initialContract,
      evolve: evolveContract,
      decide: (s) => decideContract(c, s),
    },
  );

/** Where the owner's mail goes: her verified address, else the one she was given. */
const ownerEmailOf = async (models: ReadModels, userId: string) => {
  const user = await models.get('users', userId);
  return (user?.verified_email ?? user?.email) as string | undefined;
};

// ---- templates ----

export class SaveContractTemplate {
  constructor(
    readonly ctx: CommandContext,
    readonly id: string | undefined,
    readonly body: unknown,
  ) {}
}

@CommandHandler(SaveContractTemplate)
export class SaveContractTemplateHandler implements ICommandHandler<SaveContractTemplate> {
  constructor(@Inject(Aggregates) private readonly aggregates: Aggregates) {}

  async execute({ ctx, id, body }: SaveContractTemplate): Promise<Answer> {
    if (id !== undefined && !UUID.test(id)) throw notFound('contract.template_not_found');
    const input = parseInput(contractTemplateInput, body);
    const templateId = id ?? idFor(ctx, 'contract-template');
    const outcome = await this.aggregates.handle<TemplateState, ContractTemplateEvent>(
      contractTemplateStream(templateId),
      ctx,
      {
        initial: initialTemplate,
        evolve: evolveTemplate,
        decide: (s) =>
          decideTemplate({ type: id === undefined ? 'Create' : 'Change', id: templateId, input }, s),
      },
    );
    const { exists: _e, ...template } = outcome.state as TemplateState & { exists: true };
    return new Answer({ id: templateId, ...template }, outcome.position, id === undefined ? 201 : 200);
  }
}

// ---- contracts ----

export class SendContract {
  constructor(
    readonly ctx: CommandContext,
    readonly body: unknown,
  ) {}
}

/** A contract from a template for one salon: filled, frozen, given its link and mailed to the owner. */
@CommandHandler(SendContract)
export class SendContractHandler implements ICommandHandler<SendContract> {
  constructor(
    @Inject(Aggregates) private readonly aggregates: Aggregates,
    @Inject(TOKENS.readModels) private readonly models: ReadModels,
    @Inject(TOKENS.mailSender) private readonly mailSender: MailSender | null,
  ) {}

  async execute({ ctx, body }: SendContract): Promise<Answer> {
    const i = parseInput(contractInput, body);
    const [account] = await this.models.find('accounts', { filter: { account_id: i.account_id }, limit: 1 });
    if (!account) throw rejected('not_found.account', 'account_id');
    const tenantId = String(account.id);
    const { state: template } = await this.aggregates.load(
      ctx,
      contractTemplateStream(i.template_id),
      initialTemplate,
      evolveTemplate,
    );
    if (!template.exists) throw rejected('contract.template_not_found', 'template_id');
    const currency = currencyOfCountry(account.country_id as number);
    const price = parseMoney(i.price, currency);
    if (!price.ok)
      throw rejected(
        `validation.${price.error === 'too_many_decimals' ? 'max_decimals' : 'should_be_a_number'}`,
        'price',
      );
    const owner = account.owner_user_id
      ? await this.models.get('users', account.owner_user_id as string)
      : undefined;
    const ownerEmail = owner ? await ownerEmailOf(this.models, String(owner.id)) : undefined;
    if (!owner || !ownerEmail) throw rejected('contract.owner_has_no_email', 'account_id');
    const ar = i.language === 'ar';
    const salonName = String(ar ? account.name_ar : account.name_en);
    const ownerName = String(owner.name ?? owner.username ?? '');
    const planNames = {
      basic: ['Basic', 'الأساسية'],
      advanced: ['Advanced', 'المتقدمة'],
      premium: ['Premium', 'المميزة'],
    } as const;
    const title = ar ? template.title_ar : template.title_en;
    const text = fillContractText(ar ? template.text_ar : template.text_en, {
      salon_name: salonName,
      owner_name: ownerName,
      plan: planNames[i.plan][ar ? 1 : 0],
      price: `${toDecimalString(price.money)} ${currency}`,
      start_date: i.start_date,
      end_date: i.end_date,
      account_id: String(i.account_id),
    });
    const contractId = idFor(ctx, 'contract');
    const contract: ContractSent['data'] = {
      contract_id: contractId,
      unique_id: randomBytes(16).toString('base64url'),
      account_id: i.account_id,
      template_id: i.template_id,
      language: i.language,
      title,
      text,
      text_sha256: sha256(`${title}\n${text}`),
      salon_name: salonName,
      owner_name: ownerName,
      owner_user_id: String(owner.id),
      plan: i.plan,
      price: price.money.amount,
      currency,
      start_date: i.start_date,
      end_date: i.end_date,
    };
    const { position } = await this.aggregates.transaction(ctx, async (ctx) => {
      await runContract(this.aggregates, tenantId, contractId, ctx, { type: 'Send', contract });
      const mail = contractMail(contract);
      // the platform's mail (its tracker lists it), not a record of the salon's
      await queueMail(this.aggregates, ctx, this.mailSender, {
        to: ownerEmail,
        locale: i.language,
        subject: mail.subject,
        body: mail.body,
      });
    });
    return new Answer(
      { id: contractId, state: 'sent', unique_id: contract.unique_id, link: contractPath(contract) },
      position,
      201,
    );
  }
}

export class ChangeContract {
  constructor(
    readonly ctx: CommandContext,
    readonly id: string,
    readonly change: 'cancel' | 'resend',
    readonly body: unknown,
  ) {}
}

/** The manager cancels a contract not yet signed (with a reason), or mails its link again. */
@CommandHandler(ChangeContract)
export class ChangeContractHandler implements ICommandHandler<ChangeContract> {
  constructor(
    @Inject(Aggregates) private readonly aggregates: Aggregates,
    @Inject(TOKENS.readModels) private readonly models: ReadModels,
    @Inject(TOKENS.mailSender) private readonly mailSender: MailSender | null,
  ) {}

  async execute({ ctx, id, change, body }: ChangeContract): Promise<Answer> {
    // the reason is judged first: a form gets its field's message whatever else is wrong
    const reason = change === 'cancel' ? parseInput(cancelContractInput, body).reason : '';
    const doc = UUID.test(id) ? await this.models.get('contracts', id) : undefined;
    if (!doc) throw notFound('contract.not_sent');
    const tenantId = String(doc.tenantId);
    if (change === 'cancel') {
      const outcome = await runContract(this.aggregates, tenantId, id, ctx, { type: 'Cancel', reason });
      return new Answer({ id, state: 'cancelled' }, outcome.position);
    }
    const { position } = await this.aggregates.transaction(ctx, async (ctx) => {
      const outcome = await runContract(this.aggregates, tenantId, id, ctx, { type: 'ResendMail' });
      const sent = (outcome.state as ContractStateOf & { exists: true }).sent;
      const to = await ownerEmailOf(this.models, sent.owner_user_id);
      if (!to) throw rejected('contract.owner_has_no_email', 'account_id');
      const mail = contractMail(sent);
      await queueMail(this.aggregates, ctx, this.mailSender, {
        to,
        locale: sent.language,
        subject: mail.subject,
        body: mail.body,
      });
    });
    return new Answer({ id, state: 'sent', resent: true }, position);
  }
}

export class SignContract {
  constructor(
    readonly now: Date,
    readonly uniqueId: string,
    readonly ip: string,
    readonly userAgent: string,
    readonly body: unknown,
    /** the request's unit of work (see `RequestUnit`) */
    readonly unit?: UnitOfWork,
  ) {}
}

const badSignature = () =>
  new DomainError('contract.signature_invalid', 422, { signature: 'contract.signature_invalid' });

/**
 * The salon's owner signs on the public page: her name, "I agree" and the signature she drew. The
 * signature (a whole PNG, decoded) and the PDF made from the text as sent are stored in the salon's
 * file store; the signing is an event with who, when, from which address and device.
 */
@CommandHandler(SignContract)
export class SignContractHandler implements ICommandHandler<SignContract> {
  constructor(
    @Inject(Aggregates) private readonly aggregates: Aggregates,
    @Inject(TOKENS.readModels) private readonly models: ReadModels,
    @Inject(TOKENS.fileStore) private readonly files: FileStore,
  ) {}

  async execute({ now, uniqueId, ip, userAgent, body, unit }: SignContract): Promise<Answer> {
    const i = parseInput(signContractInput, body);
    const [doc] = CONTRACT_LINK.test(uniqueId)
      ? await this.models.find('contracts', { filter: { unique_id: uniqueId }, limit: 1 })
      : [];
    if (!doc) throw notFound('contract.not_sent');
    const tenantId = String(doc.tenantId);
    const contractId = String(doc.id);
    const stream = contractStream(tenantId, contractId);
    // the command's first read: nothing of it is pending yet
    const { state } = await this.aggregates.load(undefined, stream, initialContract, evolveContract);
    // judged before anything is drawn or stored (and again when the signing is appended)
    const probe = { signer_name: '', signed_at: '', ip: '', user_agent: '' };
    decideContract(
      {
        type: 'Sign',
        signature: { ...probe, signature_file_id: '', signature_sha256: '', pdf_file_id: '', pdf_sha256: '' },
      },
      state,
    );
    if (!state.exists) throw notFound('contract.not_sent');
    const png = signatureBytes(i.signature);
    const sniffed = png && sniff(Buffer.from(png));
    if (!png || sniffed?.extension !== 'png' || !(await decodeImage(Buffer.from(png), sniffed)))
      throw badSignature();
    const signedAt = now.toISOString();
    const ctx: CommandContext = {
      tenantId,
      // she signs through the mailed link, not signed in: the log names her as she wrote her name
      actor: { kind: 'customer', id: i.signer_name },
      correlationId: contractId,
      now,
      [UNIT]: unit,
    };
    const sent = state.sent;
    const pdf = await renderContractPdf({
      language: sent.language,
      title: sent.title,
      text: sent.text,
      salonName: sent.salon_name,
      accountId: sent.account_id,
      reference: contractId,
      sentAt: String(doc.sent_at ?? signedAt),
      signerName: i.signer_name,
      signedAt,
      ip,
      userAgent,
      textSha256: sent.text_sha256,
      signature: png,
    });
    const signatureFileId = idFor(ctx, 'contract-signature');
    const pdfFileId = idFor(ctx, 'contract-pdf');
    await this.files.put(tenantId, signatureFileId, Buffer.from(png), {
      name: `signature-${contractId}.png`,
      contentType: 'image/png',
      size: png.length,
    });
    await this.files.put(tenantId, pdfFileId, Buffer.from(pdf), {
      name: `contract-${contractId}.pdf`,
      contentType: 'application/pdf',
      size: pdf.length,
    });
    const outcome = await runContract(this.aggregates, tenantId, contractId, ctx, {
      type: 'Sign',
      signature: {
        signer_name: i.signer_name,
        signed_at: signedAt,
        ip,
        user_agent: userAgent,
        signature_file_id: signatureFileId,
        signature_sha256: sha256(png),
        pdf_file_id: pdfFileId,
        pdf_sha256: sha256(pdf),
      },
    });
    return new Answer({ state: 'signed', signer_name: i.signer_name, signed_at: signedAt }, outcome.position);
  }
}

// ---- routes ----

/** `accounting/contracts…`: the manager's templates and contracts. */
@Controller('api/manager')
@Realm('manager')
export class AccountContractsController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  private ctx(auth: AuthContext, req: Request) {
    return { ...commandContext(auth, req), tenantId: PLATFORM_TENANT };
  }

  @Post('contract-templates')
  createTemplate(@Auth() auth: AuthContext, @Req() req: Request, @Body() body: unknown) {
    return this.commands.execute(new SaveContractTemplate(this.ctx(auth, req), undefined, body));
  }

  @Put('contract-templates/:id')
  @HttpCode(200)
  changeTemplate(
    @Auth() auth: AuthContext,
    @Req() req: Request,
    @Param('id') id: string,
    @Body() body: unknown,
  ) {
    return this.commands.execute(new SaveContractTemplate(this.ctx(auth, req), id, body));
  }

  @Post('contracts')
  send(@Auth() auth: AuthContext, @Req() req: Request, @Body() body: unknown) {
    return this.commands.execute(new SendContract(this.ctx(auth, req), body));
  }

  @Post('contracts/:id/cancel')
  @HttpCode(200)
  cancel(@Auth() auth: AuthContext, @Req() req: Request, @Param('id') id: string, @Body() body: unknown) {
    return this.commands.execute(new ChangeContract(this.ctx(auth, req), id, 'cancel', body));
  }

  @Post('contracts/:id/resend')
  @HttpCode(200)
  resend(@Auth() auth: AuthContext, @Req() req: Request, @Param('id') id: string) {
    return this.commands.execute(new ChangeContract(this.ctx(auth, req), id, 'resend', undefined));
  }
}

/** The public signing page's submit: a few tries a minute per address. */
@Controller('api/public/contracts')
export class PublicContractsController {
  private readonly limit = new PublicRateLimit(10);

  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(TOKENS.clock) private readonly clock: Clock,
  ) {}

  @Post(':uniqueId/sign')
  @Public()
  @HttpCode(200)
  sign(
    @ClientIp() ip: string,
    @UserAgent() userAgent: string,
    @Param('uniqueId') uniqueId: string,
    @Body() body: unknown,
    @RequestUnit() unit: UnitOfWork | undefined,
  ) {
    const now = this.clock.now();
    this.limit.check(ip, now.getTime());
    return this.commands.execute(new SignContract(now, uniqueId, ip, userAgent, body, unit));
  }
}

export const accountContractHandlers = [
  SaveContractTemplateHandler,
  SendContractHandler,
  ChangeContractHandler,
  SignContractHandler,
];
