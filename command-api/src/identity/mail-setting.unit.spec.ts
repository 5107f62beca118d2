import type { LinkTokens } from '@rawnaq/platform';
import { renderMail } from './mail';

const links = { tokenFor: (nonce: string) => `token-${nonce}` } as unknown as LinkTokens;
const mail = {
  mail_id: 'm1',
  to: 'owner@salon.example',
  locale: 'ar' as const,
  delivery: 'smtp' as const,
  subject: 'مرحبًا',
  body: 'نص الرسالة',
};

describe("the mailer follows the manager's e-mail setting", () => {
  it('sends from her sender, replies to her address, with the footer of the mail language', () => {
    const out = renderMail(mail, links, {
      sender_name: 'Rawnaq "Team"',
      sender_address: 'hello@rawnaq.example',
      reply_to: 'support@rawnaq.example',
      footer_en: 'Rawnaq, Riyadh',
      footer_ar: 'رونق، الرياض',
    });
    expect(out).toEqual({
      to: 'owner@salon.example',
      subject: 'مرحبًا',
      text: 'نص الرسالة\n\n--\nرونق، الرياض',
      from: '"Rawnaq Team" <hello@rawnaq.example>',
      replyTo: 'support@rawnaq.example',
    });
  });

  it('keeps the server’s own sender and no footer when the platform has no e-mail setting', () => {
    expect(renderMail(mail, links)).toEqual({ to: mail.to, subject: mail.subject, text: mail.body });
  });
});
