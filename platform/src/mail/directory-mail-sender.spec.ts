import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DirectoryMailSender } from './directory-mail-sender';

describe('a mailbox on disk (MAIL_DIR)', () => {
  it('writes each message whole as an .eml file, its Arabic subject encoded and its text as sent', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rawnaq-mailbox-'));
    try {
      const sender = new DirectoryMailSender(join(dir, 'box'));
      const { messageId } = await sender.send({
        to: 'lulu@lulu.example',
        subject: 'أكّدي طلب التجربة المجانية',
        text: 'مرحبًا لولو\nhttp://localhost:3000/ar/merchant/free-trial/verify/abc/def',
      });
      await sender.send({ to: 'other@example.com', subject: 'Second', text: 'Two' });
      const files = readdirSync(join(dir, 'box')).sort();
      expect(files).toHaveLength(2);
      expect(files.every((f) => f.endsWith('.eml'))).toBe(true);
      const first = readFileSync(join(dir, 'box', files[0]), 'utf8');
      expect(first).toContain('To: lulu@lulu.example\r\n');
      expect(first).toContain(`Message-ID: ${messageId}`);
      const subject = /Subject: =\?UTF-8\?B\?([^?]+)\?=/.exec(first)![1];
      expect(Buffer.from(subject, 'base64').toString('utf8')).toBe('أكّدي طلب التجربة المجانية');
      expect(first.split('\r\n\r\n')[1]).toContain('/ar/merchant/free-trial/verify/abc/def');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('names its files so that they sort in the order written, several in one millisecond too', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rawnaq-mailbox-'));
    try {
      const sender = new DirectoryMailSender(dir);
      for (let i = 0; i < 50; i++) await sender.send({ to: `n${i}@example.com`, subject: `${i}`, text: '' });
      const order = readdirSync(dir)
        .sort()
        .map((f) => /\r\nTo: n(\d+)@/.exec(readFileSync(join(dir, f), 'utf8'))![1]);
      expect(order).toEqual(Array.from({ length: 50 }, (_, i) => String(i)));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
