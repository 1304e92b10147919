// A rendered page kept so that every answer can carry a nonce of its own at no real cost: the
// document is split where its render's nonce stood, each piece deflated once, and an answer is
// those pieces with a fresh nonce between them in stored (uncompressed) deflate blocks. A gzip
// member is any sequence of deflate blocks, so the pieces need no recompression; only the CRC-32
// of the whole is new, and it comes from the pieces' CRCs by the combination of zlib's
// crc32_combine (one 32-step multiplication per piece), never a pass over the page.
import zlib from 'node:zlib';

const { Z_SYNC_FLUSH } = zlib.constants;
// 10-byte gzip header: deflate, no name or time, unknown OS.
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);

// CRC-32 arithmetic in GF(2) modulo its polynomial (reflected), as zlib's crc32.c does it.
const POLY = 0xedb88320;
const TOP = 0x80000000;

/** a(x) * b(x) modulo the CRC polynomial (both reflected). */
function multmodp(a, b) {
  let m = TOP;
  let p = 0;
  for (;;) {
    if (a & m) {
      p ^= b;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    b = b & 1 ? (b >>> 1) ^ POLY : b >>> 1;
  }
  return p >>> 0;
}

// x^(2^k) modulo the polynomial, k = 0..31.
const X2N = [0x40000000];
for (let k = 1; k < 32; k += 1) X2N.push(multmodp(X2N[k - 1], X2N[k - 1]));

/** x^(8 * bytes) modulo the polynomial: what crc32Combine multiplies by for `bytes` of data. */
export function crcShift(bytes) {
  let p = TOP;
  let k = 3;
  for (let n = bytes; n; n = Math.floor(n / 2), k += 1) if (n % 2) p = multmodp(X2N[k % 32], p);
  return p;
}

// Nonces all have one length: its shift is worked out once.
const shifts = new Map();
const shiftOf = (bytes) => {
  if (!shifts.has(bytes)) shifts.set(bytes, crcShift(bytes));
  return shifts.get(bytes);
};

/** The CRC-32 of A followed by B, from crc(A), crc(B) and crcShift(B's length). */
export const crc32Combine = (crcA, crcB, shiftB) => (multmodp(shiftB, crcA) ^ crcB) >>> 0;

/**
 * Keep `body`, a document whose nonce is `nonce`, for answers with other nonces.
 * Each piece between two nonces is deflated on its own (no piece refers back to another): all
 * but the last end in a sync flush (byte-aligned, not final), the last is final.
 */
export function keepDocument(body, nonce, { level = 6 } = {}) {
  const pieces = body.split(nonce).map((text) => Buffer.from(text));
  const last = pieces.length - 1;
  return {
    // The plain pieces too: a client that takes no gzip gets them joined, not a decompression.
    pieces,
    deflated: pieces.map((piece, i) =>
      zlib.deflateRawSync(piece, i < last ? { level, finishFlush: Z_SYNC_FLUSH } : { level }),
    ),
    crcs: pieces.map((piece) => zlib.crc32(piece)),
    shifts: pieces.map((piece) => crcShift(piece.length)),
    plainBytes: pieces.reduce((sum, piece) => sum + piece.length, 0),
  };
}

/** Bytes a kept document takes (its compressed and its plain pieces). */
export const keptBytes = (kept) => kept.deflated.reduce((sum, piece) => sum + piece.length, 0) + kept.plainBytes;

/** The kept document with `nonce` where its render's stood, uncompressed, in one buffer. */
export function plainWithNonce(kept, nonce) {
  const gaps = kept.pieces.length - 1;
  const out = Buffer.allocUnsafe(kept.plainBytes + gaps * nonce.length);
  let at = kept.pieces[0].copy(out, 0);
  for (let i = 1; i <= gaps; i += 1) {
    at += out.write(nonce, at, 'latin1');
    at += kept.pieces[i].copy(out, at);
  }
  return out;
}

/**
 * The kept document with `nonce` (ASCII, fewer than 65,536 bytes) where its render's stood, as one
 * gzip member, written into one buffer: header, pieces, a stored block with the nonce between each
 * two (BFINAL 0, BTYPE 00, padding, LEN, NLEN), CRC-32 and length.
 */
export function gzipWithNonce(kept, nonce) {
  const size = nonce.length;
  const gaps = kept.deflated.length - 1;
  let total = GZIP_HEADER.length + 8 + gaps * (5 + size);
  for (const piece of kept.deflated) total += piece.length;
  const out = Buffer.allocUnsafe(total);
  let at = GZIP_HEADER.copy(out, 0);
  at += kept.deflated[0].copy(out, at);
  const nonceCrc = zlib.crc32(nonce);
  const nonceShift = shiftOf(size);
  let crc = kept.crcs[0];
  for (let i = 1; i <= gaps; i += 1) {
    out[at] = 0;
    out.writeUInt16LE(size, at + 1);
    out.writeUInt16LE(~size & 0xffff, at + 3);
    at += 5;
    at += out.write(nonce, at, 'latin1');
    at += kept.deflated[i].copy(out, at);
    crc = crc32Combine(crc32Combine(crc, nonceCrc, nonceShift), kept.crcs[i], kept.shifts[i]);
  }
  out.writeUInt32LE(crc, at);
  out.writeUInt32LE((kept.plainBytes + size * gaps) % 2 ** 32, at + 4);
  return out;
}
