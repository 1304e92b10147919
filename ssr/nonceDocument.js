// A rendered page kept so that every answer can carry a nonce of its own at no real cost: the
// document is split where its render's nonce stood, each piece deflated once, and an answer is
// those pieces with a fresh nonce between them in stored (uncompressed) deflate blocks. A gzip
// member is any sequence of deflate blocks, so the pieces need no recompression; only the CRC-32
// of the whole is new, never a pass over the page. CRC-32 is affine in the message: for messages
// of one length, crc(M') = crc(M) ^ L(M ^ M'), L linear. M ^ M' is the old nonce XOR the new one
// at each place a nonce stands and zeros elsewhere, so L of it is L(d) (d: the nonces' XOR) times
// x^(8 * bytes after that place), summed over the places: L(d) times one sum kept with the page.
// An answer costs one CRC of the nonce's bytes and one multiplication, however many nonces the
// page carries (it was two multiplications per nonce, by zlib's crc32_combine).
// Both the gzip member and the plain document are kept as one buffer each with the render's nonce
// in place, and an answer is such a buffer with its own nonce written over those places: one
// buffer to write, as a bare server's (a buffer per piece cost a write each), and once its answer
// has gone out, used again by the next one.
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
 * but the last end in a sync flush (byte-aligned, not final), the last is final. The document is
 * kept twice, each as one buffer with the render's nonce in place: `gzip`, one gzip member (the
 * deflated pieces with a stored block holding the nonce between each two), and `plain`, the
 * document itself; `at`: where each holds a nonce. An answer is a copy of one with its own nonce
 * written over those places (answerBody), nothing else redone.
 */
export function keepDocument(body, nonce, { level = 6 } = {}) {
  const pieces = body.split(nonce).map((text) => Buffer.from(text));
  const last = pieces.length - 1;
  const nonceBytes = Buffer.from(nonce, 'latin1');
  // x^(8 * bytes after each nonce), summed (XOR): what L(d) is multiplied by.
  let after = 0;
  let spread = 0;
  for (let i = last; i >= 1; i -= 1) {
    after += pieces[i].length;
    spread ^= crcShift(after);
    after += nonceBytes.length;
  }
  const plainBytes = pieces.reduce((sum, piece) => sum + piece.length, 0);
  const deflated = pieces.map((piece, i) =>
    zlib.deflateRawSync(piece, i < last ? { level, finishFlush: Z_SYNC_FLUSH } : { level }),
  );
  const crc = zlib.crc32(Buffer.concat(pieces.flatMap((piece, i) => (i ? [nonceBytes, piece] : [piece]))));
  const kept = {
    nonce: nonceBytes,
    crc,
    spread: spread >>> 0,
    crcs: pieces.map((piece) => zlib.crc32(piece)),
    shifts: pieces.map((piece) => crcShift(piece.length)),
    plainBytes,
    gzip: null,
    plain: null,
  };
  kept.gzip = joined([GZIP_HEADER, ...deflated, gzipTrailer(crc, plainBytes + last * nonceBytes.length)], {
    before: storedBlockHeader(nonceBytes.length),
    nonce: nonceBytes,
    first: 1,
  });
  kept.plain = joined(pieces, { before: EMPTY, nonce: nonceBytes, first: 0 });
  return kept;
}

const EMPTY = Buffer.alloc(0);

/** BFINAL 0, BTYPE 00 (stored), LEN, NLEN: the 5 bytes before a nonce of `size` bytes. */
function storedBlockHeader(size) {
  const header = Buffer.allocUnsafe(5);
  header[0] = 0;
  header.writeUInt16LE(size, 1);
  header.writeUInt16LE(~size & 0xffff, 3);
  return header;
}

function gzipTrailer(crc, length) {
  const trailer = Buffer.allocUnsafe(8);
  trailer.writeUInt32LE(crc, 0);
  trailer.writeUInt32LE(length % 2 ** 32, 4);
  return trailer;
}

/**
 * `parts` in one buffer with `before` and the nonce between each two of parts[first..last of
 * the pieces]: { bytes, at (where each nonce starts), spare (an answer's buffer to use again) }.
 */
function joined(parts, { before, nonce, first }) {
  const gaps = first ? parts.length - 3 : parts.length - 1; // gzip: header and trailer aside
  const list = [];
  const at = [];
  let offset = 0;
  parts.forEach((part, i) => {
    if (i > first && i <= first + gaps) {
      list.push(before, nonce);
      offset += before.length;
      at.push(offset);
      offset += nonce.length;
    }
    list.push(part);
    offset += part.length;
  });
  return { bytes: Buffer.concat(list, offset), at, spare: null };
}

/** Bytes a kept document takes: its gzip and plain copies, and a spare answer of each. */
export const keptBytes = (kept) => 2 * (kept.gzip.bytes.length + kept.plain.bytes.length);

/** The pieces of `form` between its nonces (views of its buffer, nothing copied). */
function piecesOf(form, nonceLength, { before = 0, head = 0, tail = 0 } = {}) {
  const { bytes, at } = form;
  const pieces = [];
  let start = head;
  for (const offset of at) {
    pieces.push(bytes.subarray(start, offset - before));
    start = offset + nonceLength;
  }
  pieces.push(bytes.subarray(start, bytes.length - tail));
  return pieces;
}

/**
 * The kept document with `nonce` where its render's stood, uncompressed: { parts, length }, the
 * stored pieces themselves with the nonce between them (nothing copied; written as they are).
 */
export function plainPartsWithNonce(kept, nonce) {
  const bytes = Buffer.from(nonce, 'latin1');
  const pieces = piecesOf(kept.plain, kept.nonce.length);
  const parts = [pieces[0]];
  for (let i = 1; i < pieces.length; i += 1) parts.push(bytes, pieces[i]);
  return { parts, length: kept.plainBytes + (pieces.length - 1) * bytes.length };
}

/** plainPartsWithNonce in one buffer. */
export function plainWithNonce(kept, nonce) {
  const { parts, length } = plainPartsWithNonce(kept, nonce);
  return Buffer.concat(parts, length);
}

/** The CRC-32 of the kept document with `nonce` in its render's places (see the top). */
export function crcWithNonce(kept, nonce) {
  if (nonce.length !== kept.nonce.length) return crcOfPieces(kept, Buffer.from(nonce, 'latin1'));
  return crcWithNonceBytes(kept, Buffer.from(nonce, 'latin1'));
}

/** crcWithNonce for a nonce of the kept one's length, given as its bytes. */
function crcWithNonceBytes(kept, bytes) {
  if (!kept.gzip.at.length) return kept.crc;
  const delta = scratchOf(deltas, bytes.length);
  for (let i = 0; i < bytes.length; i += 1) delta[i] = bytes[i] ^ kept.nonce[i];
  const linear = (zlib.crc32(delta) ^ zeroCrc(delta.length)) >>> 0;
  return (kept.crc ^ multmodp(kept.spread, linear)) >>> 0;
}

/** A nonce of another length: the pieces' CRCs combined one by one (never so with createNonce's). */
function crcOfPieces(kept, bytes) {
  const nonceCrc = zlib.crc32(bytes);
  const nonceShift = shiftOf(bytes.length);
  let crc = kept.crcs[0];
  for (let i = 1; i <= kept.gzip.at.length; i += 1)
    crc = crc32Combine(crc32Combine(crc, nonceCrc, nonceShift), kept.crcs[i], kept.shifts[i]);
  return crc;
}

// Buffers of one answer's nonce and its XOR with the render's, by length, used again by the next
// answer: an answer's body is made in one synchronous call (answerBody), so no two share them.
const nonces = new Map();
const deltas = new Map();
const scratchOf = (buffers, bytes) => {
  let buffer = buffers.get(bytes);
  if (!buffer) {
    buffer = Buffer.alloc(bytes);
    buffers.set(bytes, buffer);
  }
  return buffer;
};

// CRC-32 of `bytes` zero bytes: the affine part of a CRC of that length.
const zeroCrcs = new Map();
const zeroCrc = (bytes) => {
  if (!zeroCrcs.has(bytes)) zeroCrcs.set(bytes, zlib.crc32(Buffer.alloc(bytes)));
  return zeroCrcs.get(bytes);
};

/**
 * The kept document with `nonce` (ASCII, fewer than 65,536 bytes) where its render's stood, as one
 * gzip member: { parts, length }, header, the deflated pieces themselves (nothing copied), between
 * each two one stored block with the nonce (BFINAL 0, BTYPE 00, LEN, NLEN: the same small buffer
 * each time), then CRC-32 and length.
 */
export function gzipPartsWithNonce(kept, nonce) {
  const size = nonce.length;
  const deflated = piecesOf(kept.gzip, kept.nonce.length, { before: 5, head: GZIP_HEADER.length, tail: 8 });
  const gaps = deflated.length - 1;
  const stored = Buffer.allocUnsafe(5 + size); // small: from Node's shared pool
  stored[0] = 0;
  stored.writeUInt16LE(size, 1);
  stored.writeUInt16LE(~size & 0xffff, 3);
  stored.write(nonce, 5, 'latin1');
  const trailer = gzipTrailer(crcWithNonce(kept, nonce), kept.plainBytes + size * gaps);
  const parts = [GZIP_HEADER, deflated[0]];
  let length = GZIP_HEADER.length + deflated[0].length + 8;
  for (let i = 1; i <= gaps; i += 1) {
    parts.push(stored, deflated[i]);
    length += stored.length + deflated[i].length;
  }
  parts.push(trailer);
  return { parts, length };
}

/** gzipPartsWithNonce in one buffer. */
export function gzipWithNonce(kept, nonce) {
  const { parts, length } = gzipPartsWithNonce(kept, nonce);
  return Buffer.concat(parts, length);
}

/**
 * The answer's body, one buffer: the kept gzip member (`gzip`) or plain document with `nonce` in
 * every place of the render's (and, for gzip, the CRC-32 that goes with it in the trailer). The
 * buffer is the spare one an earlier answer gave back (giveBack), else a copy of the kept one;
 * no other answer holds it until it is given back. A nonce of another length (never createNonce's)
 * gets its buffer joined from the pieces.
 */
export function answerBody(kept, gzip, nonce) {
  if (nonce.length !== kept.nonce.length) return gzip ? gzipWithNonce(kept, nonce) : plainWithNonce(kept, nonce);
  const form = gzip ? kept.gzip : kept.plain;
  let body = form.spare;
  form.spare = null;
  if (!body) body = Buffer.from(form.bytes);
  // The nonce encoded once, then its bytes copied into each place (a page has a dozen or more):
  // a copy between two buffers costs a quarter of a write from a string (14 places: 1.6 -> 0.6 µs).
  const bytes = scratchOf(nonces, nonce.length);
  bytes.write(nonce, 0, 'latin1');
  for (const offset of form.at) body.set(bytes, offset);
  if (gzip) body.writeUInt32LE(crcWithNonceBytes(kept, bytes), body.length - 8);
  return body;
}

/**
 * A body of answerBody's once its answer has been written out (the answer's 'finish': the
 * socket has taken every byte): kept as the next answer's buffer, one per form. A body whose
 * answer did not finish is never given back.
 */
export function giveBack(kept, gzip, body) {
  const form = gzip ? kept.gzip : kept.plain;
  if (!form.spare && body.length === form.bytes.length) form.spare = body;
}
