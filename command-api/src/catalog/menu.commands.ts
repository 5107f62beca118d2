import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  DomainError,
  MENU_CATEGORY,
  nameInput,
  serviceActivationInput,
  serviceInput,
  serviceOrderInput,
  streamName,
  toMinor,
  type MenuEvent,
  type ServiceDetails,
} from '@rawnaq/contracts';
import { parseInput, TOKENS, type ReadModels } from '@rawnaq/platform';
import { Answer } from '../shared/answer';
import type { CommandContext } from '../shared/command-context';
import { Aggregates, idFor } from '../shared/repository';
import { tenantInfo } from '../shared/tenant';
import { setServiceEmployees } from '../staff/staff.commands';
import { decideMenu, evolveMenu, initialMenuState, type MenuCommand, type MenuState } from './menu';

/** What a picture may be (the image kinds of the file store's sniffing). */
const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif', 'webp'];

/** What a menu request asks for, before it is checked against the menu. */
export type MenuRequest =
  | { kind: 'add-group' | 'add-category'; body: unknown }
  | { kind: 'rename-group' | 'rename-category'; id: string; body: unknown }
  | { kind: 'group-activation' | 'category-activation' | 'service-activation'; body: unknown }
  | { kind: 'add-service'; body: unknown }
  | { kind: 'change-service'; id: string; body: unknown }
  | { kind: 'reorder-services'; body: unknown };

export class ChangeMenu {
  constructor(
    readonly ctx: CommandContext,
    readonly request: MenuRequest,
  ) {}
}

const serviceDetails = (
  input: ReturnType<ReturnType<typeof serviceInput>['parse']>,
  countryId: number,
): ServiceDetails => ({
  name_en: input.name_en,
  name_ar: input.name_ar,
  group_id: input.group_id,
  ...(input.category_id && { category_id: input.category_id }),
  price: toMinor(input.price, countryId),
  ...(input.offer_price && { offer_price: toMinor(input.offer_price, countryId) }),
  job_time: Number(input.job_time),
  show_to_customer: input.show_to_customer,
  home_service: input.home_service,
  ...(input.expiry_date && { expiry_date: input.expiry_date }),
  ...(input.image_file_id && { image_file_id: input.image_file_id }),
});

/** The record react-admin shows right after a save. */
const recordOf = (state: MenuState, request: MenuRequest, id: string | undefined) => {
  if (!id) return { ok: true };
  if (request.kind.endsWith('service')) {
    const s = state.services.get(id);
    return s && { id, ...s, status: s.active ? 1 : 0 };
  }
  const item = (request.kind.endsWith('group') ? state.groups : state.categories).get(id);
  return item && { id, name_en: item.name_en, name_ar: item.name_ar, status: item.active ? 1 : 0 };
};

@CommandHandler(ChangeMenu)
export class ChangeMenuHandler implements ICommandHandler<ChangeMenu> {
  constructor(
    @Inject(Aggregates) private readonly aggregates: Aggregates,
    @Inject(TOKENS.readModels) private readonly models: ReadModels,
  ) {}

  private async command(
    ctx: CommandContext,
    r: MenuRequest,
  ): Promise<{ command: MenuCommand; id?: string; employeeIds?: string[] }> {
    switch (r.kind) {
      case 'add-group': {
        const n = parseInput(nameInput, r.body);
        const groupId = idFor(ctx, 'service-group');
        return { command: { type: 'AddServiceGroup', groupId, ...n }, id: groupId };
      }
      case 'add-category': {
        const n = parseInput(nameInput, r.body);
        const categoryId = idFor(ctx, 'category');
        return { command: { type: 'AddCategory', categoryId, ...n }, id: categoryId };
      }
      case 'rename-group':
        return {
          command: { type: 'RenameServiceGroup', groupId: r.id, ...parseInput(nameInput, r.body) },
          id: r.id,
        };
      case 'rename-category':
        return {
          command: { type: 'RenameCategory', categoryId: r.id, ...parseInput(nameInput, r.body) },
          id: r.id,
        };
      case 'group-activation':
        return {
          command: { type: 'SetServiceGroupsActivation', ...parseInput(serviceActivationInput, r.body) },
        };
      case 'category-activation':
        return {
          command: { type: 'SetCategoriesActivation', ...parseInput(serviceActivationInput, r.body) },
        };
      case 'service-activation':
        return { command: { type: 'SetServicesActivation', ...parseInput(serviceActivationInput, r.body) } };
      case 'reorder-services': {
        const o = parseInput(serviceOrderInput, r.body);
        return { command: { type: 'ReorderServices', groupId: o.group_id, serviceIds: o.service_ids } };
      }
      case 'add-service':
      case 'change-service': {
        const { countryId } = await tenantInfo(this.models, ctx.tenantId, ctx.now);
        const input = parseInput(serviceInput({ countryId }), r.body);
        const details = serviceDetails(input, countryId);
        if (details.image_file_id) await this.expectImage(ctx, details.image_file_id);
        const employeeIds = input.employee_ids;
        if (r.kind === 'change-service')
          return { command: { type: 'ChangeService', serviceId: r.id, details }, id: r.id, employeeIds };
        const serviceId = idFor(ctx, 'service');
        return { command: { type: 'AddService', serviceId, details }, id: serviceId, employeeIds };
      }
    }
  }

  /**
   * A service's picture is an image uploaded by this salon (its stream carries the tenant); anything
   * else gets doc2 §5.3's message with the image types.
   */
  private async expectImage(ctx: CommandContext, fileId: string) {
    const { events } = await this.aggregates.load<null, { type: string; data: Record<string, unknown> }>(
      ctx,
      streamName('file', ctx.tenantId, fileId),
      null,
      (s) => s,
    );
    const uploaded = events.find((e) => e.type === 'FileUploaded');
    if (!uploaded)
      throw new DomainError('catalog.image_not_found', 422, { image_file_id: 'catalog.image_not_found' });
    if ((uploaded.data as { purpose?: string }).purpose !== 'image')
      throw new DomainError(
        'files.uploaded_file_must_be_one_of_these_extensions',
        422,
        { image_file_id: 'files.uploaded_file_must_be_one_of_these_extensions' },
        { extensions: IMAGE_EXTENSIONS.join(', ') },
      );
  }

  async execute({ ctx, request }: ChangeMenu): Promise<Answer> {
    const { command, id, employeeIds } = await this.command(ctx, request);
    // the service's save and who does it are one unit: both stored, or neither
    const { result: outcome, position } = await this.aggregates.transaction(ctx, async (ctx) => {
      const o = await this.aggregates.handle<MenuState, MenuEvent>(
        streamName(MENU_CATEGORY, ctx.tenantId, ctx.tenantId),
        ctx,
        {
          initial: initialMenuState(),
          evolve: evolveMenu,
          decide: (state) => decideMenu(command, state),
        },
      );
      if (id && employeeIds && o.state.services.has(id))
        await setServiceEmployees(this.aggregates, this.models, ctx, id, employeeIds);
      return o;
    });
    const created = request.kind.startsWith('add-') && outcome.events.length > 0;
    return new Answer(
      recordOf(outcome.state, request, id),
      position ?? outcome.position,
      created ? 201 : 200,
    );
  }
}
