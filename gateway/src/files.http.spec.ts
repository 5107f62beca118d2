import { bearer, OWNER, startTestApp, type TestApp } from './testing/test-app.test-support';
import sharp from 'sharp';
import { png, pngSignatureThenGarbage } from './testing/images.test-support';

describe('uploads over HTTP', () => {
  let t: TestApp;
  let owner: string;
  beforeAll(async () => {
    t = await startTestApp();
    owner = await t.signIn(OWNER);
  }, 60_000);
  afterAll(() => t.close());

  const upload = (bytes: Buffer, query: Record<string, string>, type = 'application/octet-stream') =>
    t.http
      .post('/api/merchant/files')
      .query(query)
      .set({ ...bearer(owner), 'Content-Type': type })
      .send(bytes);

  it('takes a square logo and serves it back with its name, to its salon only', async () => {
    const res = await upload(png(256, 256), { purpose: 'logo', name: 'شعار.png' }, 'image/png');
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      content_type: 'image/png',
      width: 256,
      height: 256,
      size: png(256, 256).length,
      name: 'شعار.png',
      purpose: 'logo',
    });
    const back = await t.http
      .get(res.body.url)
      .set(bearer(owner))
      .buffer(true)
      .parse((r, cb) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => cb(null, Buffer.concat(chunks)));
      });
    expect(back.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(back.body as Buffer, png(256, 256))).toBe(0);
    expect(back.headers['content-disposition']).toContain("filename*=UTF-8''%D8%B4%D8%B9%D8%A7%D8%B1.png");
    await t.openOtherSalon();
    const other = await t.signIn({ accountId: 2, username: 'other-owner', password: 'Other@12345' });
    expect((await t.http.get(res.body.url).set(bearer(other))).status).toBe(404);
  });

  it('decodes every image: a signature followed by garbage, a cut-off file or a pixel bomb is refused (issue 9)', async () => {
    const whole = png(64, 64);
    const fakes: Array<[string, Buffer]> = [
      ['a PNG signature and header, then garbage', pngSignatureThenGarbage(64, 64)],
      ['a PNG cut off halfway', whole.subarray(0, Math.floor(whole.length / 2))],
      [
        'a JPEG signature, then garbage',
        Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(300, 7)]),
      ],
      ['a GIF signature, then garbage', Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(300, 7)])],
      [
        'a WebP signature, then garbage',
        Buffer.concat([Buffer.from('RIFF\x00\x01\x00\x00WEBPVP8 ', 'latin1'), Buffer.alloc(300, 7)]),
      ],
      // a few hundred KB of white that decode to 60 M pixels (180 MB)
      [
        'a pixel bomb',
        await sharp({
          create: { width: 10_000, height: 6_000, channels: 3, background: 'white' },
          limitInputPixels: false,
        })
          .png()
          .toBuffer(),
      ],
    ];
    for (const [what, bytes] of fakes) {
      const before = await t.eventCount();
      const res = await upload(bytes, { purpose: 'image', name: 'photo.png' }, 'image/png');
      expect({ what, status: res.status, body: res.body }).toEqual({
        what,
        status: 422,
        body: { message: 'files.image_unreadable', errors: { file: 'files.image_unreadable' } },
      });
      expect(await t.eventCount()).toBe(before);
    }
  });

  it('takes every image format it names, with the dimensions the decoder reads', async () => {
    const source = sharp(png(48, 32));
    for (const [format, type] of [
      ['jpeg', 'image/jpeg'],
      ['webp', 'image/webp'],
      ['gif', 'image/gif'],
    ] as const) {
      const bytes = await source.clone().toFormat(format).toBuffer();
      const res = await upload(bytes, { purpose: 'image' }, type);
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ content_type: type, width: 48, height: 32 });
    }
  });

  it('refuses what is not an image, video or PDF (judged by the bytes), a non-square logo and more than 5 MB', async () => {
    const exe = await upload(
      Buffer.from('MZ\x90\x00this is not a picture', 'latin1'),
      { purpose: 'image', name: 'photo.png' },
      'image/png',
    );
    expect(exe.status).toBe(422);
    expect(exe.body).toEqual({
      message: 'files.uploaded_file_must_be_one_of_these_extensions',
      errors: { file: 'files.uploaded_file_must_be_one_of_these_extensions' },
      params: { extensions: 'jpg, jpeg, png, gif, webp' },
    });
    const notAnAttachment = await upload(Buffer.from('just text'), { purpose: 'attachment', name: 'a.txt' });
    expect(notAnAttachment.body.params).toEqual({
      extensions: 'jpg, jpeg, png, gif, webp, pdf, mp4, mov, webm',
    });
    expect((await upload(png(300, 200), { purpose: 'logo' })).body.errors).toEqual({
      file: 'files.logo_not_square',
    });
    expect((await upload(Buffer.from('%PDF-1.7 menu'), { purpose: 'image' })).status).toBe(422);
    expect(
      (await upload(Buffer.from('%PDF-1.7 menu'), { purpose: 'attachment', name: 'menu.pdf' })).status,
    ).toBe(201);
    const big = Buffer.alloc(5 * 1024 * 1024 + 1, 1);
    png(10, 10).copy(big);
    const tooBig = await upload(big, { purpose: 'image' });
    expect(tooBig.status).toBe(422);
    expect(tooBig.body).toMatchObject({ message: 'files.too_large', params: { max: '5 MB' } });
    expect((await upload(png(1, 1), { purpose: 'poster' })).body.errors).toEqual({
      purpose: 'validation.invalid_value',
    });
  });
});
