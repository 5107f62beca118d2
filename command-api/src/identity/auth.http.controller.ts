import {
  Body,
  Controller,
  createParamDecorator,
  Delete,
  HttpCode,
  Inject,
  Param,
  Post,
  Put,
  Req,
  type ExecutionContext,
} from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { newId } from '@rawnaq/contracts';
import {
  Auth,
  Authenticator,
  clientIpOf,
  header,
  Public,
  Realm,
  TOKENS,
  userAgentOf,
  type AuthContext,
  type Clock,
} from '@rawnaq/platform';
import { UNIT } from '../shared/command-context';
import { commandContext, unitOfRequest } from '../shared/http-context';
import type { UnitOfWork } from '../shared/unit-of-work';
import {
  ChangeOwner,
  ChangePassword,
  ChangeProfile,
  ChangeSupportAccess,
  ResetOwnerPassword,
  SupportSignInAsOwner,
  ForgotAccountId,
  ForgotPassword,
  EndSession,
  Logout,
  ManagerLogin,
  MerchantLogin,
  ReportJsError,
  ResetPassword,
  UnblockIp,
  Unlock,
  VerifyEmail,
  type Visitor,
} from './identity.commands';

type Request = { headers: Record<string, string | string[] | undefined>; ip?: string };

/** Who is at the door: her address, her browser, and her request's unit of work (see `RequestUnit`). */
type Visiting = { ip: string; userAgent: string; unit: UnitOfWork | undefined };
const visitingOf = (req: Request): Visiting => ({
  ip: clientIpOf(req as never),
  userAgent: userAgentOf(req as never),
  unit: unitOfRequest(req),
});
/** A route's parameter: the caller of a sign-in (or a reset, an unlock...) as `Visiting`. */
const Visit = createParamDecorator((_: unknown, ctx: ExecutionContext) =>
  visitingOf(ctx.switchToHttp().getRequest<Request>()),
);

const visitorOf =
  (clock: Clock) =>
  ({ ip, userAgent, unit }: Visiting): Visitor => ({
    ip,
    userAgent,
    now: clock.now(),
    correlationId: newId(),
    [UNIT]: unit,
  });

/** Front-end errors are reported from the sign-in page too: the caller is known when a token is sent. */
const reportJsError = async (
  commands: CommandBus,
  authenticator: Authenticator,
  realm: 'merchant' | 'manager',
  v: Visitor,
  req: Request,
  body: unknown,
) => {
  const auth = await authenticator
    .authenticate(header(req as never, 'authorization'), realm)
    .catch(() => undefined);
  return commands.execute(new ReportJsError(v, auth, body));
};

@Controller('api/merchant')
@Realm('merchant')
export class MerchantAuthController {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(TOKENS.authenticator) private readonly authenticator: Authenticator,
    @Inject(TOKENS.clock) private readonly clock: Clock,
  ) {}

  private visitor(visit: Visiting) {
    return visitorOf(this.clock)(visit);
  }

  @Post('login')
  @Public()
  @HttpCode(200)
  login(@Visit() visit: Visiting, @Body() body: unknown) {
    return this.commands.execute(new MerchantLogin(this.visitor(visit), body));
  }

  @Post('logout')
  logout(@Auth() auth: AuthContext, @Req() req: Request) {
    return this.commands.execute(new Logout(commandContext(auth, req), auth));
  }

  @Post('unlock')
  @HttpCode(200)
  unlock(@Auth() auth: AuthContext, @Visit() visit: Visiting, @Body() body: unknown) {
    return this.commands.execute(new Unlock(auth, this.visitor(visit), body));
  }

  @Post('change_password')
  @HttpCode(200)
  changePassword(
    @Auth() auth: AuthContext,
    @Visit() visit: Visiting,
    @Req() req: Request,
    @Body() body: unknown,
  ) {
    return this.commands.execute(
      new ChangePassword(commandContext(auth, req), auth, this.visitor(visit), body),
    );
  }

  @Put('profile')
  profile(@Auth() auth: AuthContext, @Req() req: Request, @Body() body: unknown) {
    return this.commands.execute(new ChangeProfile(commandContext(auth, req), auth, body));
  }

  @Post('forgot_password')
  @Public()
  @HttpCode(200)
  forgot(@Visit() visit: Visiting, @Body() body: unknown) {
    return this.commands.execute(new ForgotPassword(this.visitor(visit), body));
  }

  /** "Forgot account ID": the account ID and username mailed to a known address (the same answer for any). */
  @Post('forgot_account_id')
  @Public()
  @HttpCode(200)
  forgotAccountId(@Visit() visit: Visiting, @Body() body: unknown) {
    return this.commands.execute(new ForgotAccountId(this.visitor(visit), body));
  }

  @Post('reset_password')
  @Public()
  @HttpCode(200)
  reset(@Visit() visit: Visiting, @Body() body: unknown) {
    return this.commands.execute(new ResetPassword(this.visitor(visit), body));
  }

  /** The link sent to a new e-mail address (the admin app's verify-email screen posts its token). */
  @Post('verify_email')
  @Public()
  @HttpCode(200)
  verifyEmail(@Visit() visit: Visiting, @Body() body: unknown) {
    return this.commands.execute(new VerifyEmail(this.visitor(visit), body));
  }

  @Post('js_errors/add_js_error')
  @Public()
  jsError(@Visit() visit: Visiting, @Req() req: Request, @Body() body: unknown) {
    return reportJsError(this.commands, this.authenticator, 'merchant', this.visitor(visit), req, body);
  }

  /** The owner allows or forbids platform support to sign in as her (an expired salon's owner too). */
  @Put('support-access')
  supportAccess(@Auth() auth: AuthContext, @Req() req: Request, @Body() body: unknown) {
    return this.commands.execute(
      new ChangeSupportAccess(commandContext(auth, req, this.clock.now()), auth, body),
    );
  }
}

/** The manager's support tools on one salon (its account ID in the path). */
@Controller('api/manager/accounts')
@Realm('manager')
export class ManagerSupportController {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(TOKENS.clock) private readonly clock: Clock,
  ) {}

  /** "Sign in as the owner": a support session of its own; the reply is a merchant sign-in's. */
  @Post(':id/support-session')
  signInAsOwner(
    @Auth() auth: AuthContext,
    @Req() req: Request,
    @Param('id') id: string,
    @Body() body: unknown,
  ) {
    const ctx = commandContext(auth, req, this.clock.now());
    return this.commands.execute(
      new SupportSignInAsOwner(ctx, auth, id, visitorOf(this.clock)(visitingOf(req)), body),
    );
  }

  @Post(':id/owner-password-reset')
  @HttpCode(200)
  resetOwnerPassword(@Auth() auth: AuthContext, @Req() req: Request, @Param('id') id: string) {
    return this.commands.execute(new ResetOwnerPassword(commandContext(auth, req, this.clock.now()), id));
  }

  @Put(':id/owner')
  changeOwner(
    @Auth() auth: AuthContext,
    @Req() req: Request,
    @Param('id') id: string,
    @Body() body: unknown,
  ) {
    return this.commands.execute(new ChangeOwner(commandContext(auth, req, this.clock.now()), id, body));
  }
}

@Controller('api/manager')
@Realm('manager')
export class ManagerAuthController {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(TOKENS.authenticator) private readonly authenticator: Authenticator,
    @Inject(TOKENS.clock) private readonly clock: Clock,
  ) {}

  private visitor(visit: Visiting) {
    return visitorOf(this.clock)(visit);
  }

  @Post('login')
  @Public()
  @HttpCode(200)
  login(@Visit() visit: Visiting, @Body() body: unknown) {
    return this.commands.execute(new ManagerLogin(this.visitor(visit), body));
  }

  @Post('logout')
  logout(@Auth() auth: AuthContext, @Req() req: Request) {
    return this.commands.execute(new Logout(commandContext(auth, req), auth));
  }

  /** A platform staff member's forgotten password: the same answer whether or not the e-mail is known. */
  @Post('forgot_password')
  @Public()
  @HttpCode(200)
  forgot(@Visit() visit: Visiting, @Body() body: unknown) {
    return this.commands.execute(new ForgotPassword(this.visitor(visit), body, 'manager'));
  }

  /** Her new password from the mailed link (a new member's first one too). */
  @Post('reset_password')
  @Public()
  @HttpCode(200)
  reset(@Visit() visit: Visiting, @Body() body: unknown) {
    return this.commands.execute(new ResetPassword(this.visitor(visit), body, 'manager'));
  }

  @Post('js_errors/add_js_error')
  @Public()
  jsError(@Visit() visit: Visiting, @Req() req: Request, @Body() body: unknown) {
    return reportJsError(this.commands, this.authenticator, 'manager', this.visitor(visit), req, body);
  }

  @Delete('blocked-ips/:ip')
  unblock(@Auth() auth: AuthContext, @Req() req: Request, @Param('ip') ip: string) {
    return this.commands.execute(new UnblockIp(commandContext(auth, req, this.clock.now()), ip));
  }

  /** trackers/system-connections: ends a signed-in session; its next request is refused (401). */
  @Post('system-connections/:id/end')
  endSession(@Auth() auth: AuthContext, @Req() req: Request, @Param('id') id: string) {
    return this.commands.execute(new EndSession(commandContext(auth, req, this.clock.now()), id));
  }
}
