import { bearer, OWNER, startTestApp, type TestApp } from './testing/test-app.test-support';

const png = (w: number, h: number) => {
  const b = Buffer.alloc(64);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(b);
  b.writeUInt32BE(13, 8);
  b.write('IHDR', 12, 'latin1');
  b.writeUInt32BE(w, 16);
  b.writeUInt32BE(h, 20);
  return b;
};

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
      size: 64,
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
