import { SmtpMailSender } from './smtp-mail-sender';
import { listen } from './smtp-listener.test-support';

describe('SMTP mail sender (nodemailer) against an in-process SMTP listener', () => {
  it('delivers a plain-text Arabic message with the configured From, To and subject', async () => {
    const { server, port, received } = await listen();
    const sender = new SmtpMailSender({
      url: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
      from: 'Rawnaq <no-reply@rawnaq.test>',
    });
    try {
      const outcome = await sender.send({
        to: 'reception@demosalon.example',
        subject: 'إعادة تعيين كلمة المرور',
        text: 'مرحبًا سارة،\nافتح الرابط التالي:\n/ar/merchant/reset-password/abc',
      });
      expect(outcome.messageId).toMatch(/^<.+@.+>$/);
      expect(received).toHaveLength(1);
      const [mail] = received;
      expect(mail.from).toBe('no-reply@rawnaq.test');
      expect(mail.to).toEqual(['reception@demosalon.example']);
      expect(mail.data).toMatch(/^From: Rawnaq <no-reply@rawnaq\.test>$/m);
      expect(mail.data).toMatch(/^To: reception@demosalon\.example$/m);
      // a non-ASCII subject is encoded (RFC 2047) and reads back the same
      // long headers are folded over several lines: unfold them first
      const headers = mail.data.split('\r\n\r\n')[0].replace(/\r\n[ \t]+/g, ' ');
      const subject = /^Subject: (.+)$/m.exec(headers)![1];
      expect(subject).toMatch(/^=\?UTF-8\?[BQ]\?/);
      expect(decodeWords(subject)).toBe('إعادة تعيين كلمة المرور');
      expect(mail.data).toMatch(/^Content-Type: text\/plain; charset=utf-8$/m);
      expect(decodeBody(mail.data)).toContain('/ar/merchant/reset-password/abc');
    } finally {
      await sender.close();
      server.close();
    }
  });

  it('refuses a URL that is not smtp:// or smtps://', () => {
    expect(() => new SmtpMailSender({ url: 'http://mail.example', from: 'x@y.z' })).toThrow(/SMTP_URL/);
  });
});

/** RFC 2047 encoded words (B or Q), possibly several, back to text. */
const decodeWords = (header: string) =>
  header
    .split(/\s+/)
    .map((word) => {
      const m = /^=\?UTF-8\?([BQ])\?(.*)\?=$/i.exec(word);
      if (!m) return word;
      return m[1].toUpperCase() === 'B'
        ? Buffer.from(m[2], 'base64').toString('utf8')
        : Buffer.from(
            m[2]
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
            'latin1',
          ).toString('utf8');
    })
    .join('');

/** The body after the headers, decoded from quoted-printable or base64 as its header says. */
const decodeBody = (data: string) => {
  const [head, ...rest] = data.split('\r\n\r\n');
  const body = rest.join('\r\n\r\n');
  if (/Content-Transfer-Encoding: base64/i.test(head)) return Buffer.from(body, 'base64').toString('utf8');
  if (/Content-Transfer-Encoding: quoted-printable/i.test(head))
    return Buffer.from(
      body
        .replace(/=\r\n/g, '')
        .replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
      'latin1',
    ).toString('utf8');
  return body;
};
