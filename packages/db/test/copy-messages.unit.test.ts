// CopyData framing of a COPY file (packages/db/src/runs/succeed-copy.ts copyMessages): messages of
// at most the given size, their payloads the file's bytes in order, views of the parts, and
// CopyDone at the end. Expected bytes worked out by hand from the protocol's message layout
// (byte 'd' = 0x64, then an Int32 length that counts itself: payload + 4; CopyDone 'c' = 0x63, 4).
import { copyMessages, COPY_MESSAGE_BYTES } from "../src/runs/succeed-copy";

const COPY_DONE = [0x63, 0, 0, 0, 4];

function bytes(messages: Iterable<Buffer>): number[] {
  return [...messages].flatMap((b) => [...b]);
}

it("cuts the file into messages of at most `most` bytes, across and inside parts", () => {
  const parts = [Buffer.from([1, 2, 3]), Buffer.from([4, 5, 6, 7, 8, 9, 10, 11, 12, 13]), Buffer.from([14])];
  // 14 bytes in messages of 4: 4 + 4 + 4 + 2
  expect(bytes(copyMessages(parts, 4))).toEqual([
    0x64, 0, 0, 0, 8, 1, 2, 3, 4,
    0x64, 0, 0, 0, 8, 5, 6, 7, 8,
    0x64, 0, 0, 0, 8, 9, 10, 11, 12,
    0x64, 0, 0, 0, 6, 13, 14,
    ...COPY_DONE,
  ]);
});

it("sends an empty file as CopyDone alone, and a part of exactly `most` bytes as one message", () => {
  expect(bytes(copyMessages([], 4))).toEqual(COPY_DONE);
  expect(bytes(copyMessages([Buffer.alloc(0), Buffer.from([7, 7, 7, 7])], 4))).toEqual([0x64, 0, 0, 0, 8, 7, 7, 7, 7, ...COPY_DONE]);
});

it("hands out views of the parts, not copies", () => {
  const part = Buffer.alloc(COPY_MESSAGE_BYTES * 2 + 10, 9);
  const messages = [...copyMessages([part])];
  // header, view; header, view; header, view of the last 10 bytes; CopyDone
  expect(messages.map((m) => m.length)).toEqual([5, 65_536, 5, 65_536, 5, 10, 5]);
  expect([1, 3, 5].every((i) => messages[i]?.buffer === part.buffer)).toBe(true);
  expect(messages[1]?.byteOffset).toBe(part.byteOffset);
  expect(messages[5]?.byteOffset).toBe(part.byteOffset + 131_072);
  // a 131,082-byte payload's length field: 65,536 + 4 = 0x00010004
  expect([...(messages[0] as Buffer)]).toEqual([0x64, 0, 1, 0, 4]);
});
