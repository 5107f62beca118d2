import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  isUuid,
  newProductInput,
  notFound,
  PRODUCT_CATEGORY,
  rejected,
  productInput,
  stockOperationInput,
  storedVatExemption,
  streamName,
  toMinor,
  type ProductDetails,
  type ProductEvent,
  type ProductInput,
} from '@rawnaq/contracts';
import { parseInput, TOKENS, type ReadModels } from '@rawnaq/platform';
import { Answer } from '../shared/answer';
import type { CommandContext } from '../shared/command-context';
import { Aggregates, idFor } from '../shared/repository';
import { tenantInfo } from '../shared/tenant';
import { UniqueValues } from '../shared/unique-values';
import {
  decideProduct,
  evolveProduct,
  initialProductState,
  type ProductCommand,
  type ProductState,
} from './product';

export type ProductRequest =
  | { kind: 'define'; body: unknown }
  | { kind: 'change'; id: string; body: unknown }
  | { kind: 'disable' | 'activate'; id: string }
  | { kind: 'stock'; id: string; body: unknown }
  | { kind: 'read-notification'; id: string }
  | { kind: 'read-notifications' };

export class ChangeProducts {
  constructor(
    readonly ctx: CommandContext,
    readonly request: ProductRequest,
  ) {}
}

const stream = (ctx: CommandContext, id: string) => streamName(PRODUCT_CATEGORY, ctx.tenantId, id);

const detailsOf = (input: ProductInput, countryId: number): ProductDetails => ({
  name_en: input.name_en,
  name_ar: input.name_ar,
  ...(input.barcode && { barcode: input.barcode }),
  price: toMinor(input.price, countryId),
  usage_type: input.usage_type,
  vat_type: input.vat_type,
  ...(input.warning_level !== undefined && { warning_level: Number(input.warning_level) }),
  ...(input.image_file_id && { image_file_id: input.image_file_id }),
  // the reason is ZATCA's: only a Saudi salon's product keeps one (validated by productInput)
  ...(countryId === 1 && withExemption(input.vat_type, input.vat_exemption_code)),
});

const withExemption = (vatType: number, code: string | undefined) => {
  const stored = storedVatExemption(vatType, code);
  return stored ? { vat_exemption_code: stored } : {};
};

const recordOf = (s: ProductState) =>
  s.defined
    ? {
        id: s.productId,
        ...s.details,
        status: s.active ? 1 : 0,
        quantity: s.quantity,
        average_cost: s.averageCost,
      }
    : null;

@CommandHandler(ChangeProducts)
export class ChangeProductsHandler implements ICommandHandler<ChangeProducts> {
  constructor(
    @Inject(Aggregates) private readonly aggregates: Aggregates,
    @Inject(UniqueValues) private readonly unique: UniqueValues,
    @Inject(TOKENS.readModels) private readonly models: ReadModels,
  ) {}

  private run(ctx: CommandContext, id: string, command: ProductCommand) {
    return this.aggregates.handle<ProductState, ProductEvent>(stream(ctx, id), ctx, {
      initial: initialProductState,
      evolve: evolveProduct,
      decide: (state) => decideProduct(command, state),
    });
  }

  /** Barcodes are unique per salon; stored with the product in one unit of work, or not at all. */
  private async claimBarcode(ctx: CommandContext, barcode: string | undefined, owner: string) {
    if (!barcode) return;
    await this.unique.claim(
      ctx,
      {
        kind: 'product_barcode',
        value: barcode,
        owner,
        field: 'barcode',
        duplicateKey: 'products.duplicate_barcode',
      },
      async (holder) => {
        const { state } = await this.aggregates.load(
          ctx,
          stream(ctx, holder),
          initialProductState,
          evolveProduct,
        );
        return state.defined && state.details.barcode === barcode;
      },
    );
  }

  /** A product's image is an image uploaded by this salon (its stream carries the tenant). */
  private async expectImage(ctx: CommandContext, fileId: string | undefined) {
    if (!fileId) return;
    const { events } = await this.aggregates.load<null, { type: string; data: Record<string, unknown> }>(
      ctx,
      streamName('file', ctx.tenantId, fileId),
      null,
      (s) => s,
    );
    const uploaded = events.find((e) => e.type === 'FileUploaded');
    if ((uploaded?.data as { purpose?: string } | undefined)?.purpose !== 'image')
      throw rejected('products.image_not_found', 'image_file_id');
  }

  /** A stock notification is read once for the salon; reading it again writes nothing. */
  private async readNotification(ctx: CommandContext, id: string): Promise<Answer> {
    const note = await this.models.get('notifications', id);
    if (!note || note.tenantId !== ctx.tenantId || note.type !== 'stocks')
      throw notFound('products.notification_not_found');
    if (note.read === true) return new Answer({ id, read: true });
    const outcome = await this.run(ctx, note.product_id as string, {
      type: 'ReadStockNotification',
      notificationId: id,
    });
    return new Answer({ id, read: true }, outcome.position);
  }

  /**
   * Every unread stock notification (the menu's "mark all as read" for stocks, `ReadNotifications`
   * checks the kind and the right), each read as its own event; a retry reads the rest, nothing twice.
   */
  private async readAll(ctx: CommandContext): Promise<Answer> {
    const unread = await this.models.find('notifications', {
      filter: { tenantId: ctx.tenantId, type: 'stocks', read: { $ne: true } },
    });
    let position: string | undefined;
    for (const note of unread) {
      const outcome = await this.run(ctx, note.product_id as string, {
        type: 'ReadStockNotification',
        notificationId: note.id,
      });
      position = outcome.position;
    }
    return new Answer({ type: 'stocks', marked: unread.length }, position);
  }

  async execute({ ctx, request: r }: ChangeProducts): Promise<Answer> {
    if (r.kind === 'read-notification') return this.readNotification(ctx, r.id);
    if (r.kind === 'read-notifications') return this.readAll(ctx);
    if (r.kind !== 'define' && !isUuid(r.id)) throw notFound('not_found.product');
    const { countryId, today } = await tenantInfo(this.models, ctx.tenantId, ctx.now);
    switch (r.kind) {
      case 'define': {
        const input = parseInput(newProductInput({ countryId }), r.body);
        const productId = idFor(ctx, 'product');
        const details = detailsOf(input, countryId);
        await this.expectImage(ctx, details.image_file_id);
        const outcome = await this.run(ctx, productId, {
          type: 'DefineProduct',
          productId,
          details,
          initialQuantity: input.initial_quantity ? Number(input.initial_quantity) : undefined,
          costPrice: input.cost_price ? toMinor(input.cost_price, countryId) : undefined,
          date: today,
        });
        await this.claimBarcode(ctx, details.barcode, productId);
        return new Answer(recordOf(outcome.state), outcome.position, 201);
      }
      case 'change': {
        const details = detailsOf(parseInput(productInput({ countryId }), r.body), countryId);
        const { state } = await this.aggregates.load(
          ctx,
          stream(ctx, r.id),
          initialProductState,
          evolveProduct,
        );
        const before = state.defined ? state.details.barcode : undefined;
        if (state.defined && details.image_file_id !== state.details.image_file_id)
          await this.expectImage(ctx, details.image_file_id);
        // the product's own rules first (an unknown product is refused before any claim is decided)
        const outcome = await this.run(ctx, r.id, { type: 'ChangeProduct', details });
        if (details.barcode !== before) await this.claimBarcode(ctx, details.barcode, r.id);
        if (before && before !== details.barcode)
          await this.unique.release(ctx, 'product_barcode', before, r.id);
        return new Answer(recordOf(outcome.state), outcome.position);
      }
      case 'disable':
      case 'activate': {
        const outcome = await this.run(ctx, r.id, {
          type: r.kind === 'disable' ? 'DisableProduct' : 'ActivateProduct',
        });
        return new Answer(recordOf(outcome.state), outcome.position);
      }
      case 'stock': {
        const input = parseInput(stockOperationInput({ countryId }), r.body);
        const outcome = await this.run(ctx, r.id, {
          type: 'MoveStock',
          operation: input.operation,
          quantity: Number(input.quantity),
          unitCost: input.unit_cost ? toMinor(input.unit_cost, countryId) : undefined,
          notes: input.notes,
          date: today,
        });
        return new Answer(recordOf(outcome.state), outcome.position);
      }
    }
  }
}
