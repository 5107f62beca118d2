import { Controller, Get, Inject, Query } from '@nestjs/common';
import {
  addDays,
  ONLINE_VISIT_PAGES,
  ONLINE_VISITS,
  onlineVisitsId,
  Page,
  Permission,
} from '@rawnaq/contracts';
import { Auth, Realm, RequirePermission, TOKENS, type AuthContext, type ReadModels } from '@rawnaq/platform';
import { reportPeriod } from '../shared/report-period';

type Views = Partial<Record<(typeof ONLINE_VISIT_PAGES)[number], number>>;

/** Bookings per hundred views of the booking page, to one decimal (null without a view). */
const conversion = (bookings: number, bookingViews: number) =>
  bookingViews > 0 ? Math.round((bookings / bookingViews) * 1000) / 10 : null;

/**
 * `reports/online-daily-visit` (doc1 §2 management reports): per day, the views of the salon's online
 * pages (home, booking, price list...), its online bookings and how many booking-page views ended in a
 * booking.
 */
@Controller('api/merchant')
@Realm('merchant')
export class OnlineReportsQueryController {
  constructor(@Inject(TOKENS.readModels) private readonly models: ReadModels) {}

  @Get('reports/online-daily-visit')
  @RequirePermission(Page.pos, Permission.salesReports)
  async dailyVisits(@Auth() auth: AuthContext, @Query() query: Record<string, unknown>) {
    const period = await reportPeriod(this.models, auth.tenantId, query);
    const dates: string[] = [];
    for (let d = period.from; d <= period.to; d = addDays(d as never, 1)) dates.push(d);
    const days = await Promise.all(
      dates.map((date) => this.models.getSide(ONLINE_VISITS, onlineVisitsId(auth.tenantId, date))),
    );
    const rows = dates.map((date, i) => {
      const views = (days[i]?.views as Views | undefined) ?? {};
      const bookings = (days[i]?.bookings as number | undefined) ?? 0;
      const total = Object.values(views).reduce((sum, n) => sum + (n ?? 0), 0);
      return {
        date,
        home: views.home ?? 0,
        booking: views.booking ?? 0,
        price_list: views['price-list'] ?? 0,
        other: total - (views.home ?? 0) - (views.booking ?? 0) - (views['price-list'] ?? 0),
        views: total,
        bookings,
        conversion: conversion(bookings, views.booking ?? 0),
      };
    });
    const sum = (key: 'home' | 'booking' | 'price_list' | 'other' | 'views' | 'bookings') =>
      rows.reduce((s, r) => s + r[key], 0);
    const totals = {
      home: sum('home'),
      booking: sum('booking'),
      price_list: sum('price_list'),
      other: sum('other'),
      views: sum('views'),
      bookings: sum('bookings'),
      conversion: conversion(sum('bookings'), sum('booking')),
    };
    return { from: period.from, to: period.to, rows: rows.reverse(), totals };
  }
}
