// A kept document answered with fresh nonces (ssr/nonceDocument.js): valid gzip whose CRC and
// length zlib checks, the document with the new nonce exactly where the render's stood.
import crypto from 'node:crypto';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  answerBody,
  crc32Combine,
  crcShift,
  giveBack,
  gzipWithNonce,
  keepDocument,
  plainWithNonce,
} from './nonceDocument.js';

const nonce = () => crypto.randomBytes(16).toString('base64');

describe('crc32Combine', () => {
  it.each([0, 1, 24, 1000, 70_000])('gives the CRC-32 of A then %i bytes of B', (length) => {
    const a = crypto.randomBytes(333);
    const b = crypto.randomBytes(length);
    expect(crc32Combine(zlib.crc32(a), zlib.crc32(b), crcShift(length))).toBe(zlib.crc32(Buffer.concat([a, b])));
  });
});

describe('a kept document', () => {
  const rendered = nonce();
  const body =
    `<html><head><meta property="csp-nonce" nonce="${rendered}"><script nonce="${rendered}">1</script></head>` +
    `<body>${'<li>新西兰蜂蜜 Manuka</li>'.repeat(2000)}<script nonce="${rendered}">window.x=1</script></body></html>`;
  const kept = keepDocument(body, rendered);

  it('is answered as gzip of the document with the new nonce in every place of the old', () => {
    for (let i = 0; i < 3; i += 1) {
      const fresh = nonce();
      const answer = zlib.gunzipSync(gzipWithNonce(kept, fresh)).toString();
      expect(answer).toBe(body.split(rendered).join(fresh));
      expect(answer).not.toContain(rendered);
    }
  });

  it('is kept compressed, about as small as gzip of the whole', () => {
    const whole = zlib.gzipSync(body).length;
    expect(gzipWithNonce(kept, nonce()).length).toBeLessThan(whole * 1.2 + 100);
  });

  it('works with a nonce at either end, and with none', () => {
    const fresh = nonce();
    for (const text of [`${rendered}a${rendered}`, rendered, 'no nonce here', '']) {
      expect(zlib.gunzipSync(gzipWithNonce(keepDocument(text, rendered), fresh)).toString()).toBe(
        text.split(rendered).join(fresh),
      );
      expect(plainWithNonce(keepDocument(text, rendered), fresh).toString()).toBe(text.split(rendered).join(fresh));
    }
  });

  it('takes a nonce of another length too (its CRC combined piece by piece)', () => {
    for (const fresh of ['short', nonce() + nonce()]) {
      expect(zlib.gunzipSync(gzipWithNonce(kept, fresh)).toString()).toBe(body.split(rendered).join(fresh));
    }
  });

  it('is answered uncompressed from its plain copy, the same document as the gzip answer', () => {
    const fresh = nonce();
    const plain = plainWithNonce(kept, fresh);
    expect(plain.toString()).toBe(body.split(rendered).join(fresh));
    expect(plain.equals(zlib.gunzipSync(gzipWithNonce(kept, fresh)))).toBe(true);
  });

  it('answers in one buffer each, used again only once given back, each time with its own nonce', () => {
    for (const gzip of [true, false]) {
      const read = (body) => (gzip ? zlib.gunzipSync(body) : body).toString();
      const [a, b] = [nonce(), nonce()];
      const first = answerBody(kept, gzip, a);
      const second = answerBody(kept, gzip, b); // the first not given back: another buffer
      expect(second).not.toBe(first);
      expect(read(first)).toBe(body.split(rendered).join(a));
      expect(read(second)).toBe(body.split(rendered).join(b));
      expect((gzip ? gzipWithNonce : plainWithNonce)(kept, a).equals(first)).toBe(true);
      giveBack(kept, gzip, first);
      const c = nonce();
      const third = answerBody(kept, gzip, c);
      expect(third).toBe(first);
      expect(read(third)).toBe(body.split(rendered).join(c));
      expect(read(third)).not.toContain(a);
      // Taken: the next answer gets a buffer of its own again.
      expect(answerBody(kept, gzip, nonce())).not.toBe(third);
    }
  });
});
