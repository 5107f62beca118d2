import { Controller, Get, Inject, Param } from '@nestjs/common';
import { Public, TOKENS, type ReadModels } from '@rawnaq/platform';
import { salonOfAlias } from '@rawnaq/projections';
import { publicShop } from './salon-pages';

/**
 * The salon's shop on its online pages (doc1 §1): the offers and packages it sells, and what it
 * allows of gift cards. No sign-in; only what a visitor may see.
 */
@Controller('api/public')
export class OnlineShopQueryController {
  constructor(@Inject(TOKENS.readModels) private readonly models: ReadModels) {}

  /** The offers and packages on sale, each with its services, price with VAT and validity. */
  @Get('salons/:alias/offers')
  @Public()
  async offers(@Param('alias') alias: string) {
    return publicShop(this.models, await salonOfAlias(this.models, alias));
  }
}
