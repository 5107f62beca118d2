import { Controller, Inject, Param, Post, Req } from '@nestjs/common';
import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  canAccess,
  customerMobileKey,
  DomainError,
  fieldIssues,
  IMPORT_COLUMNS,
  IMPORT_ENTITIES,
  IMPORT_PERMISSION,
  type ImportEntity,
  Gender,
  MENU_CATEGORY,
  newProductInput,
  registerCustomerInput,
  serviceInput,
  streamName,
  toMinor,
  translate,
  type MenuEvent,
  type ServiceDetails,
  type ImportEvent,
} from '@rawnaq/contracts';
import { Auth, Realm, TOKENS, type AuthContext, type Logger, type ReadModels } from '@rawnaq/platform';
import { decideMenu, evolveMenu, initialMenuState, type MenuCommand, type MenuState } from '../catalog/menu';
import { RegisterCustomer } from '../customers/customer.commands';
import { ChangeProducts } from '../products/product.commands';
import { Answer } from '../shared/answer';
import { readUpload, type UploadRequest } from '../shared/upload-body';
import type { CommandContext } from '../shared/command-context';
import { commandContext } from '../shared/http-context';
import { detached, outsideUnit } from '../shared/unit-of-work';
import { Aggregates, idFor } from '../shared/repository';
import { tenantInfo } from '../shared/tenant';
import { readSheet, type SheetRow } from './sheet';

export type RowError = {
  row: number;
  field: string;
  key: string;
  params?: Record<string, string | number>;
  message: string;
};
type Checked = { row: number; values: Record<string, unknown>; parsed?: unknown };

/** Gender written as a word (English or Arabic) in a sheet reads as its code. */
const genderOf = (v: unknown) => {
  if (typeof v !== 'string') return v;
  const word = v.trim().toLowerCase();
  for (const [name, code] of Object.entries(Gender))
    if (
      [
        name,
        translate('en', `codes.gender.${name}`).toLowerCase(),
        translate('ar', `codes.gender.${name}`),
      ].includes(word)
    )
      return code;
  return v;
};

/**
 * A mobile as a sheet holds it, spaces and dashes dropped: the customer rules then read a local one
 * (0551234567, or 551234567 when Excel dropped the zero of a number cell) with the salon's country
 * code and keep every mobile in the one canonical form the form keeps ('+9665…').
 */
const mobileOf = (v: unknown) => {
  const text = typeof v === 'number' ? String(v) : v;
  return typeof text === 'string' ? text.replace(/[\s-]/g, '') : v;
};

/** A row's values as the screens would send them. */
const inputOf = (entity: ImportEntity, values: Record<string, unknown>) =>
  entity === 'customers'
    ? {
        ...values,
        gender: genderOf(values.gender),
        ...(values.mobile !== undefined && { mobile: mobileOf(values.mobile) }),
      }
    : entity === 'services'
      ? { ...values, group_id: 'group' }
      : values;

export class PreviewImport {
  constructor(
    readonly ctx: CommandContext,
    readonly locale: 'en' | 'ar',
    readonly entity: ImportEntity,
    readonly bytes: Buffer,
    readonly run: boolean,
  ) {}
}

/**
 * Imports of customers, services and products from Excel: every row is checked with the same rules as
 * the screens (and against the salon's data and the rest of the file) before anything is written; one
 * bad row refuses the whole file, with every error by row and field in the user's language. Services
 * land in one append (the menu is one stream). Customers and products are written row by row in the
 * background with progress; each row is written under its own idempotency key (the import's id and
 * the row number), so a row is never written twice.
 */
@CommandHandler(PreviewImport)
export class ImportHandler implements ICommandHandler<PreviewImport> {
  constructor(
    @Inject(Aggregates) private readonly aggregates: Aggregates,
    @Inject(TOKENS.readModels) private readonly models: ReadModels,
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(TOKENS.logger) private readonly logger: Logger,
  ) {}

  private error(
    locale: 'en' | 'ar',
    row: number,
    field: string,
    key: string,
    params?: Record<string, string | number>,
  ): RowError {
    const label = COLUMNS_LABEL(field, locale);
    return {
      row,
      field,
      key,
      ...(params && { params }),
      message: translate(locale, key, { field: label, ...params }),
    };
  }

  private async check(ctx: CommandContext, locale: 'en' | 'ar', entity: ImportEntity, rows: SheetRow[]) {
    const { countryId } = await tenantInfo(this.models, ctx.tenantId, ctx.now);
    const errors: RowError[] = [];
    const checked: Checked[] = [];
    const seen = new Map<string, number>();
    /** A value that must be unique may appear once in the file: later rows name the first. */
    const once = (row: number, field: string, value: string | undefined) => {
      if (!value) return false;
      const k = `${field}\u0000${value.toLowerCase()}`;
      const first = seen.get(k);
      if (first !== undefined) {
        errors.push(this.error(locale, row, field, 'imports.repeated_in_file', { row: first }));
        return true;
      }
      seen.set(k, row);
      return false;
    };
    const menu =
      entity === 'services'
        ? (
            await this.aggregates.load(
              ctx,
              streamName(MENU_CATEGORY, ctx.tenantId, ctx.tenantId),
              initialMenuState(),
              evolveMenu,
            )
          ).state
        : undefined;
    for (const { row, values } of rows) {
      const input = inputOf(entity, values);
      const schema =
        entity === 'customers'
          ? registerCustomerInput({ countryId })
          : entity === 'services'
            ? serviceInput({ countryId })
            : newProductInput({ countryId });
      const parsed = schema.safeParse(input);
      if (!parsed.success) {
        for (const [field, found] of Object.entries(fieldIssues(parsed.error, input)))
          errors.push(this.error(locale, row, field, found.key, found.params));
        continue;
      }
      const data = parsed.data as unknown as Record<string, string | undefined>;
      if (entity === 'customers') {
        const mobileKey = customerMobileKey(String(data.mobile));
        if (
          once(row, 'mobile', mobileKey) ||
          once(row, 'email', data.email) ||
          once(row, 'tax_number', data.tax_number)
        )
          continue;
        const [taken] = await this.models.find('customers', {
          filter: { tenantId: ctx.tenantId, mobile_key: mobileKey },
          limit: 1,
        });
        if (taken) {
          errors.push(this.error(locale, row, 'mobile', 'customers.duplicate_mobile'));
          continue;
        }
      }
      if (entity === 'products') {
        if (once(row, 'barcode', data.barcode)) continue;
        if (
          data.barcode &&
          (await this.models.count('products', { tenantId: ctx.tenantId, barcode: data.barcode })) > 0
        ) {
          errors.push(this.error(locale, row, 'barcode', 'products.duplicate_barcode'));
          continue;
        }
      }
      if (entity === 'services') {
        if (!values.group) {
          errors.push(this.error(locale, row, 'group', 'validation.is_required'));
          continue;
        }
        if (once(row, 'name_en', data.name_en) || once(row, 'name_ar', data.name_ar)) continue;
        const clash = [...menu!.services.values()].find(
          (s) => s.name_en.toLowerCase() === data.name_en!.toLowerCase() || s.name_ar === data.name_ar,
        );
        if (clash) {
          errors.push(
            this.error(
              locale,
              row,
              clash.name_en.toLowerCase() === data.name_en!.toLowerCase() ? 'name_en' : 'name_ar',
              'catalog.duplicate_name',
            ),
          );
          continue;
        }
      }
      checked.push({ row, values: entity === 'services' ? values : input, parsed: parsed.data });
    }
    return { errors, checked, countryId, menu };
  }

  async execute({ ctx, locale, entity, bytes, run }: PreviewImport): Promise<Answer> {
    const rows = await readSheet(bytes, IMPORT_COLUMNS[entity]);
    if (rows.length === 0) throw new DomainError('imports.empty_sheet', 422, { file: 'imports.empty_sheet' });
    const { errors, checked, countryId, menu } = await this.check(ctx, locale, entity, rows);
    const summary = { total: rows.length, valid: checked.length, invalid: rows.length - checked.length };
    if (!run)
      return new Answer({ ...summary, errors, rows: rows.map((r) => ({ row: r.row, values: r.values })) });
    // one bad row refuses the file: every error comes back, by row and field, and nothing is written
    if (errors.length)
      return new Answer(
        { message: 'imports.rows_invalid', params: { invalid: summary.invalid }, ...summary, errors },
        undefined,
        422,
      );
    const importId = idFor({ ...ctx, idempotencyKey: ctx.idempotencyKey ?? ctx.correlationId }, 'import');
    const importStream = streamName('import', ctx.tenantId, importId);
    await this.aggregates.create(importStream, ctx, [
      { type: 'ImportStarted', data: { import_id: importId, entity, total: checked.length } },
    ]);
    if (entity === 'services') {
      const position = await this.importServices(ctx, importId, checked, countryId, menu!);
      await this.aggregates.handle(importStream, ctx, {
        initial: 0,
        evolve: (s) => s,
        decide: () => [{ type: 'ImportCompleted', data: { import_id: importId, created: checked.length } }],
      });
      return new Answer(
        { id: importId, status: 'completed', total: checked.length, created: checked.length },
        position,
        201,
      );
    }
    // the rows are written after this command's reply, each in its own unit, not in this command's
    detached(() => setImmediate(() => void this.importRows(outsideUnit(ctx), importId, entity, checked)));
    return new Answer({ id: importId, status: 'running', total: checked.length, done: 0 }, undefined, 202);
  }

  /** All services (and the groups they name) in one append to the menu: all of them, or none. */
  private async importServices(
    ctx: CommandContext,
    importId: string,
    rows: Checked[],
    countryId: number,
    menu: MenuState,
  ) {
    const groups = new Map<string, string>();
    for (const [id, g] of menu.groups) {
      groups.set(g.name_en.toLowerCase(), id);
      groups.set(g.name_ar, id);
    }
    const commands: MenuCommand[] = [];
    for (const { row, values, parsed } of rows) {
      const name = String(values.group).trim();
      let groupId = groups.get(name.toLowerCase()) ?? groups.get(name);
      if (!groupId) {
        groupId = idFor({ ...ctx, idempotencyKey: importId }, 'group', name);
        groups.set(name.toLowerCase(), groupId);
        commands.push({ type: 'AddServiceGroup', groupId, name_en: name, name_ar: name });
      }
      const p = parsed as {
        name_en: string;
        name_ar: string;
        price: string;
        job_time: string;
        show_to_customer: boolean;
        home_service: boolean;
      };
      const details: ServiceDetails = {
        name_en: p.name_en,
        name_ar: p.name_ar,
        group_id: groupId,
        price: toMinor(p.price, countryId),
        job_time: Number(p.job_time),
        show_to_customer: p.show_to_customer,
        home_service: p.home_service,
      };
      commands.push({
        type: 'AddService',
        serviceId: idFor({ ...ctx, idempotencyKey: importId }, 'service', row),
        details,
      });
    }
    const outcome = await this.aggregates.handle<MenuState, MenuEvent>(
      streamName(MENU_CATEGORY, ctx.tenantId, ctx.tenantId),
      ctx,
      {
        initial: initialMenuState(),
        evolve: evolveMenu,
        decide: (state) => {
          const events: MenuEvent[] = [];
          for (const c of commands) {
            const next = decideMenu(c, state);
            events.push(...next);
            state = next.reduce(evolveMenu, state);
          }
          return events;
        },
      },
    );
    return outcome.position;
  }

  /** Customers and products one by one, reporting progress every few rows. */
  private async importRows(ctx: CommandContext, importId: string, entity: ImportEntity, rows: Checked[]) {
    const stream = streamName('import', ctx.tenantId, importId);
    const progress = <E extends ImportEvent>(type: E['type'], data: Omit<E['data'], 'import_id'>) =>
      this.aggregates.handle(stream, ctx, {
        initial: 0,
        evolve: (s) => s,
        decide: () => [{ type, data: { import_id: importId, ...data } }],
      });
    try {
      let done = 0;
      for (const { row, values } of rows) {
        // each row is a unit of its own, its ids made from the row's key
        await this.aggregates.transaction({ ...ctx, idempotencyKey: `${importId}:${row}` }, (rowCtx) =>
          this.commands.execute(
            entity === 'customers'
              ? new RegisterCustomer(rowCtx, values)
              : new ChangeProducts(rowCtx, { kind: 'define', body: values }),
          ),
        );
        done++;
        if (done % 25 === 0 && done < rows.length) await progress('ImportProgressed', { done });
      }
      await progress('ImportCompleted', { created: done });
    } catch (error) {
      this.logger.error('import stopped', { importId, error });
      await progress('ImportFailed', {
        error: (error as DomainError).key ?? 'errors.sorry_there_is_an_error_happened',
      }).catch(() => undefined);
    }
  }
}

const COLUMNS_LABEL = (field: string, locale: 'en' | 'ar') => {
  for (const columns of Object.values(IMPORT_COLUMNS))
    if (columns[field]) return columns[field][locale === 'ar' ? 1 : 0];
  return field;
};

type Request = UploadRequest;

@Controller('api/merchant/imports')
@Realm('merchant')
export class ImportsController {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(TOKENS.readModels) private readonly models: ReadModels,
  ) {}

  private async entity(auth: AuthContext, name: string): Promise<ImportEntity> {
    if (!IMPORT_ENTITIES.includes(name as ImportEntity)) throw new DomainError('not_found.page', 404);
    const [page, permission] = IMPORT_PERMISSION[name as ImportEntity];
    if (!canAccess(auth.permissions, page, permission)) throw new DomainError('auth.no_permission', 403);
    return name as ImportEntity;
  }

  private async locale(auth: AuthContext): Promise<'en' | 'ar'> {
    return ((await this.models.get('users', auth.userId))?.locale as 'en' | 'ar') ?? 'ar';
  }

  /** Checks the file and shows every row with its errors; writes nothing. */
  @Post(':entity/preview')
  async preview(@Auth() auth: AuthContext, @Req() req: Request, @Param('entity') name: string) {
    const entity = await this.entity(auth, name);
    return this.commands.execute(
      new PreviewImport(
        commandContext(auth, req),
        await this.locale(auth),
        entity,
        await readUpload(req),
        false,
      ),
    );
  }

  @Post(':entity')
  async run(@Auth() auth: AuthContext, @Req() req: Request, @Param('entity') name: string) {
    const entity = await this.entity(auth, name);
    return this.commands.execute(
      new PreviewImport(
        commandContext(auth, req),
        await this.locale(auth),
        entity,
        await readUpload(req),
        true,
      ),
    );
  }
}
