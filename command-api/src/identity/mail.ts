import { MAIL_LINK_PLACEHOLDER, PLATFORM_TENANT, streamName, type MailQueued } from '@rawnaq/contracts';
import { hashToken, type LinkTokens, type MailSender, type OutgoingMail } from '@rawnaq/platform';
import type { CommandContext } from '../shared/command-context';
import { willSend } from './platform-mail-sender';
import { decideUser, evolveUser, initialUserState, type UserState } from './user';
import { Aggregates, idFor } from '../shared/repository';

export const mailStream = (mailId: string) => streamName('mail', PLATFORM_TENANT, mailId);

/** The mail as sent: the link's token written in from its nonce and the key (never from the event log). */
export const renderMail = (
  mail: MailQueued['data'],
  links: LinkTokens,
  setting?: Record<string, unknown>,
): OutgoingMail => {
  const body = mail.link
    ? mail.body.replace(MAIL_LINK_PLACEHOLDER, mail.link.path + links.tokenFor(mail.link.nonce))
    : mail.body;
  // the manager's e-mail setting: who it is from, where replies go, the footer in the mail's language
  const footer = setting?.[mail.locale === 'ar' ? 'footer_ar' : 'footer_en'];
  const name =
    typeof setting?.sender_name === 'string' ? setting.sender_name.replace(/["\\<>\r\n]/g, '') : '';
  return {
    to: mail.to,
    subject: mail.subject,
    text: typeof footer === 'string' && footer ? `${body}\n\n--\n${footer}` : body,
    ...(typeof setting?.sender_address === 'string' && {
      from: name ? `"${name}" <${setting.sender_address}>` : setting.sender_address,
    }),
    ...(typeof setting?.reply_to === 'string' && setting.reply_to && { replyTo: setting.reply_to }),
  };
};

/**
 * Records a message for the outbox (the transactional outbox: the dispatcher sends it afterwards). A
 * link's token is not in it: only the nonce it is derived from (see LinkTokens).
 */
export const queueMail = async (
  aggregates: Aggregates,
  ctx: CommandContext,
  mailSender: MailSender | null,
  m: Pick<MailQueued['data'], 'to' | 'locale' | 'subject' | 'body' | 'link'>,
) => {
  const mail: MailQueued = {
    type: 'MailQueued',
    data: {
      mail_id: idFor(ctx, 'mail'),
      to: m.to,
      locale: m.locale,
      // with a mail server (the deployment's or the manager's) the dispatcher sends it; without one
      // it is only kept in the outbox
      delivery: (await willSend(mailSender)) ? 'smtp' : 'local',
      subject: m.subject,
      body: m.body,
      ...(m.link && { link: m.link }),
    },
  };
  return aggregates.create(mailStream(mail.data.mail_id), ctx, [mail]);
};

const L = MAIL_LINK_PLACEHOLDER;

export const resetPasswordMail = (
  locale: 'en' | 'ar',
  name: string,
  area: 'merchant' | 'manager' = 'merchant',
) => ({
  subject: locale === 'ar' ? 'إعادة تعيين كلمة المرور' : 'Reset your password',
  body:
    locale === 'ar'
      ? `مرحبًا ${name}،\nلإعادة تعيين كلمة المرور افتح الرابط التالي خلال 60 دقيقة:\n${L}`
      : `Hello ${name},\nTo reset your password, open this link within 60 minutes:\n${L}`,
  path: `/${locale}/${area}/reset-password/`,
});

/** A new platform staff member chooses her own password: the console's reset page, within the hour. */
export const staffWelcomeMail = (locale: 'en' | 'ar', name: string, addedBy: string) => ({
  subject: locale === 'ar' ? 'حسابك في لوحة تحكم رونق' : 'Your Rawnaq console account',
  body:
    locale === 'ar'
      ? `مرحبًا ${name}،\nأضافك ${addedBy} إلى فريق منصة رونق. يُرجى اختيار كلمة المرور من الرابط التالي خلال 60 دقيقة (وبعدها من "نسيت كلمة المرور" في صفحة الدخول):\n${L}`
      : `Hello ${name},\n${addedBy} added you to the Rawnaq platform team. Choose your password with this link within 60 minutes (later, with "Forgot password" on the sign-in page):\n${L}`,
  path: `/${locale}/manager/reset-password/`,
});

export const verifyEmailMail = (locale: 'en' | 'ar', name: string) => ({
  subject: locale === 'ar' ? 'تأكيد البريد الإلكتروني' : 'Verify your e-mail address',
  body:
    locale === 'ar'
      ? `مرحبًا ${name}،\nلتأكيد أن هذا البريد الإلكتروني لك افتح الرابط التالي خلال 24 ساعة:\n${L}\nإذا لم تطلب ذلك فتجاهل هذه الرسالة.`
      : `Hello ${name},\nTo confirm this e-mail address is yours, open this link within 24 hours:\n${L}\nIf you did not ask for this, ignore this message.`,
  path: `/${locale}/merchant/verify-email/`,
});

/** "Forgot account ID": what she signs in with at one salon (no link: nothing here is a secret). */
export const accountIdMail = (
  locale: 'en' | 'ar',
  name: string,
  account: { accountId: number; salon: string; username: string },
) => ({
  subject: locale === 'ar' ? 'رقم حسابك في رونق' : 'Your Rawnaq account ID',
  body:
    locale === 'ar'
      ? `مرحبًا ${name}،\nطلبتَ رقم الحساب الذي تسجّل الدخول به إلى ${account.salon}:\nرقم الحساب: ${account.accountId}\nاسم المستخدم: ${account.username}\nإذا لم تطلب ذلك فتجاهل هذه الرسالة.`
      : `Hello ${name},\nYou asked for the account ID you sign in to ${account.salon} with:\nAccount ID: ${account.accountId}\nUsername: ${account.username}\nIf you did not ask for this, ignore this message.`,
});

/**
 * A set-password link for a person just created (a new salon's owner, a new platform staff member):
 * the product's password-reset link, recorded on her stream (its token's hash, never the token), for a
 * mail to carry. Answers the link's nonce, which the mail keeps.
 */
export const requestPasswordLink = async (
  aggregates: Aggregates,
  links: LinkTokens,
  stream: string,
  ctx: CommandContext,
): Promise<{ nonce: string }> => {
  const link = links.issue();
  await aggregates.handle<UserState, never>(stream, ctx, {
    initial: initialUserState,
    evolve: evolveUser as never,
    decide: (s) =>
      decideUser(
        { type: 'RequestPasswordReset', tokenHash: hashToken(link.token), now: ctx.now.toISOString() },
        s,
      ) as never,
  });
  return { nonce: link.nonce };
};
