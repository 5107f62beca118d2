import { Controller, Get, Inject, Param } from '@nestjs/common';
import { isUuid, notFound, Page, Permission } from '@rawnaq/contracts';
import {
  Auth,
  Public,
  Realm,
  RequireAnyPermission,
  TOKENS,
  type AuthContext,
  type ReadModels,
} from '@rawnaq/platform';
import { accountOf } from '../shared/account';
import { withoutTenant } from '../shared/list-query';

/** A visit's deposits (the appointment drawer, the till's checkout). */
@Controller('api/merchant')
@Realm('merchant')
export class DepositsQueryController {
  constructor(@Inject(TOKENS.readModels) private readonly models: ReadModels) {}

  @Get('appointments/:id/deposits')
  @RequireAnyPermission([Page.pos, Permission.sell], [Page.appointments, Permission.viewAppointments])
  async ofVisit(@Auth() auth: AuthContext, @Param('id') id: string) {
    const visit = isUuid(id) ? await this.models.get('appointments', id) : undefined;
    if (!visit || visit.tenantId !== auth.tenantId) throw notFound('not_found.appointment');
    const deposits = await this.models.find('deposits', {
      filter: { tenantId: auth.tenantId, appointment_id: id },
      sort: [['taken_at', 'asc']],
      limit: 50,
    });
    return deposits.map(withoutTenant);
  }
}

/** `e-deposit/{uniqueId}`: the customer's receipt of a deposit, from its link. */
@Controller('api/public')
export class PublicDepositsController {
  constructor(@Inject(TOKENS.readModels) private readonly models: ReadModels) {}

  @Get('e-deposit/:uniqueId')
  @Public()
  async eDeposit(@Param('uniqueId') uniqueId: string) {
    if (!/^[A-Za-z0-9_-]{10,64}$/.test(uniqueId)) throw notFound('not_found.payment');
    const [doc] = await this.models.find('deposits', { filter: { unique_id: uniqueId }, limit: 1 });
    if (!doc) throw notFound('not_found.payment');
    const { doc: account, timeZone } = await accountOf(this.models, doc.tenantId as string);
    const visit = await this.models.get('appointments', doc.appointment_id as string);
    return {
      customer_name: doc.customer_name,
      amount: doc.amount,
      method: doc.method,
      currency: doc.currency,
      status: doc.status,
      business_date: doc.business_date,
      taken_at: doc.taken_at,
      invoice_number: doc.invoice_number ?? null,
      visit: visit
        ? { date: visit.date ?? null, start: visit.start ?? null, booking_no: visit.booking_no ?? null }
        : null,
      salon: { name_en: account.name_en ?? '', name_ar: account.name_ar ?? '' },
      time_zone: timeZone,
    };
  }
}
