import { Inject, Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { customerMobileKey, samePersonName } from '@rawnaq/contracts';
import { TOKENS, type ReadModels } from '@rawnaq/platform';
import type { Answer } from '../shared/answer';
import type { CommandContext } from '../shared/command-context';
import { Aggregates } from '../shared/repository';
import { UniqueValues } from '../shared/unique-values';
import { currentCustomer, RegisterCustomer } from './customer.commands';

/** What a customer types about herself on the salon's online pages. */
export type OnlinePerson = { name: string; mobile: string; email?: string };

/**
 * Who a person on the salon's online pages is (issue 24). A mobile alone never says it: family numbers
 * are shared in the Gulf, and a booking or a gift card filed under the mother's record because the
 * daughter typed the family's number shows one person's name and visits to another. So:
 * - she is the customer on file whose mobile AND name agree with what she typed (names compared as
 *   `samePersonName` does: case, spaces, accents and diacritics aside, the Arabic letter forms people
 *   type interchangeably made one); the oldest such customer if the salon has several;
 * - otherwise she is registered as a new customer with that mobile, flagged as a likely duplicate of the
 *   customers on file with it, for the front desk to merge ("the same person") or dismiss ("not the
 *   same person"); the mobile's uniqueness claim stays with the customer on file. The spec's
 *   "duplicates are rejected: mobile" (doc2) is the back office's own entry: the desk that types a
 *   mobile on file is shown that customer and opens her; an online customer cannot be asked that
 *   without telling her who else has her number;
 * - an e-mail another customer has is left out of her record rather than refusing her booking or
 *   what she paid for.
 * Nothing of the customer on file is ever answered to whoever typed the number.
 */
@Injectable()
export class OnlineCustomers {
  constructor(
    @Inject(Aggregates) private readonly aggregates: Aggregates,
    @Inject(TOKENS.readModels) private readonly models: ReadModels,
    @Inject(UniqueValues) private readonly unique: UniqueValues,
    @Inject(CommandBus) private readonly commands: CommandBus,
  ) {}

  /**
   * The customer's id, registered now (in the caller's unit of work) if she is not on file. `role`
   * tells apart the people of one request (a gift card's buyer and its beneficiary).
   */
  async customerFor(ctx: CommandContext, who: OnlinePerson, role = 'customer'): Promise<string> {
    const onFile = await this.onFile(ctx, customerMobileKey(who.mobile));
    const same = onFile.find((c) => samePersonName(c.name, who.name));
    if (same) return same.id;
    const emailTaken =
      who.email !== undefined &&
      (await this.unique.ownerOf(ctx, 'customer_email', who.email.toLowerCase())) !== undefined;
    const registered = (await this.commands.execute(
      new RegisterCustomer(
        { ...ctx, ...(ctx.idempotencyKey && { idempotencyKey: `${ctx.idempotencyKey}:${role}` }) },
        { name: who.name, mobile: who.mobile, ...(who.email && !emailTaken && { email: who.email }) },
        { likelyDuplicateOf: onFile.map((c) => c.id) },
      ),
    )) as Answer<{ id: string }>;
    return registered.body.id;
  }

  /**
   * The customers on file with this mobile, oldest first: those the customer list finds by it and the
   * holder of its claim (a registration the list may not show yet), each as she is today (a customer
   * merged into another is that other one).
   */
  private async onFile(ctx: CommandContext, mobileKey: string) {
    const { tenantId } = ctx;
    const docs = await this.models.find('customers', {
      filter: { tenantId, mobile_key: mobileKey },
      sort: [['serial', 'asc']],
      limit: 50,
    });
    const holder = await this.unique.ownerOf(ctx, 'customer_mobile', mobileKey);
    const ids = [...new Set([...docs.map((d) => d.id), ...(holder ? [holder] : [])])];
    const found: Array<{ id: string; name: string }> = [];
    for (const id of ids) {
      const current = await currentCustomer(this.aggregates, ctx, id);
      if (!current || found.some((f) => f.id === current.id)) continue;
      const details = current.state.details;
      if ((details.mobile_key ?? customerMobileKey(details.mobile)) !== mobileKey) continue;
      found.push({ id: current.id, name: details.name });
    }
    return found;
  }
}
