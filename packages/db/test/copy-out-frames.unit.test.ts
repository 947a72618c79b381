// Issue 22: a results page's COPY answer framed from the socket's bytes (packages/db/src/copy-out.ts,
// docs/adr/0123-copy-out-from-the-socket.md). The backend messages below are written out by hand
// from PostgreSQL's protocol docs ("Message Formats"): a type byte, an Int32 length that counts
// itself but not the type byte, then the body.
import { DatabaseError } from "pg";
import { CopyOutFrames, errorResponse, frontendMessage } from "../src/copy-out";

/** CopyOutResponse 'H': binary (1), two columns of format 1: length 4 + 1 + 2 + 2 * 2 = 11. */
const COPY_OUT = [0x48, 0, 0, 0, 11, 1, 0, 2, 0, 1, 0, 1];
/** CopyDone 'c' (length 4), CommandComplete 'C' "COPY 2\0" (4 + 7 = 11), ReadyForQuery 'Z' idle (5). */
const COPY_DONE = [0x63, 0, 0, 0, 4];
const COMMAND_COMPLETE = [0x43, 0, 0, 0, 11, 0x43, 0x4f, 0x50, 0x59, 0x20, 0x32, 0];
const READY = [0x5a, 0, 0, 0, 5, 0x49];
/** CopyData 'd' with a body of `body.length` bytes: length body + 4. */
function copyData(body: number[]): number[] {
  return [0x64, 0, 0, (body.length + 4) >> 8, (body.length + 4) & 255, ...body];
}
/** NoticeResponse 'N' with severity NOTICE and message "hi": S NOTICE\0 M hi\0 \0 = 8 + 4 + 1 = 13, +4. */
const NOTICE = [0x4e, 0, 0, 0, 17, 0x53, 0x4e, 0x4f, 0x54, 0x49, 0x43, 0x45, 0, 0x4d, 0x68, 0x69, 0, 0];

const DATA_A = Array.from({ length: 300 }, (_, i) => i & 255);
const DATA_B = [7, 8, 9];
const ANSWER = [...COPY_OUT, ...copyData(DATA_A), ...NOTICE, ...copyData([]), ...copyData(DATA_B), ...COPY_DONE, ...COMMAND_COMPLETE, ...READY];

/** Feeds `bytes` cut at `cuts`; the CopyData bytes received, and how many bytes each push used. */
function feed(bytes: number[], cuts: number[]): { data: number[]; used: number[]; frames: CopyOutFrames } {
  const data: number[] = [];
  const frames = new CopyOutFrames((b) => data.push(...b));
  const used: number[] = [];
  let from = 0;
  for (const to of [...cuts, bytes.length]) {
    used.push(frames.push(Buffer.from(bytes.slice(from, to))));
    from = to;
  }
  return { data, used, frames };
}

describe("a COPY answer framed from socket reads", () => {
  it("when the answer comes in one read, then the CopyData bodies are the bytes in order and the read ends at ReadyForQuery", () => {
    const { data, used, frames } = feed(ANSWER, []);
    expect(data).toEqual([...DATA_A, ...DATA_B]);
    expect(used).toEqual([ANSWER.length]);
    expect(frames.done).toBe(true);
    expect(frames.error).toBeNull();
  });

  it("when the answer is cut at every byte, or into reads of every size up to 40, then the same bytes come through", () => {
    const oneByOne = feed(ANSWER, Array.from({ length: ANSWER.length - 1 }, (_, i) => i + 1));
    expect(oneByOne.data).toEqual([...DATA_A, ...DATA_B]);
    expect(oneByOne.frames.done).toBe(true);
    for (let size = 2; size <= 40; size++) {
      const cuts = Array.from({ length: Math.ceil(ANSWER.length / size) - 1 }, (_, i) => (i + 1) * size);
      const { data, frames } = feed(ANSWER, cuts);
      expect(data).toEqual([...DATA_A, ...DATA_B]);
      expect(frames.done).toBe(true);
    }
  });

  it("when bytes follow ReadyForQuery in the same read, then they are not read", () => {
    const { used, data } = feed([...ANSWER, 0x4e, 0, 0], []);
    expect(used).toEqual([ANSWER.length]);
    expect(data).toEqual([...DATA_A, ...DATA_B]);
  });

  it("when the read stops before ReadyForQuery, then the query is not done", () => {
    const { frames } = feed(ANSWER.slice(0, ANSWER.length - 1), []);
    expect(frames.done).toBe(false);
  });

  it("when the server answers ErrorResponse then ReadyForQuery, then the error carries its fields", () => {
    // 'E': S ERROR\0 C 42P01\0 M no such\0 \0 -> 7 + 7 + 9 + 1 = 24 bytes of body, length 28
    const body = [0x53, ...Buffer.from("ERROR"), 0, 0x43, ...Buffer.from("42P01"), 0, 0x4d, ...Buffer.from("no such"), 0, 0];
    expect(body.length).toBe(24);
    const { frames, data } = feed([0x45, 0, 0, 0, 28, ...body, ...READY], [3, 10]);
    expect(data).toEqual([]);
    expect(frames.done).toBe(true);
    expect(frames.error).toBeInstanceOf(DatabaseError);
    expect(frames.error?.message).toBe("no such");
    expect(frames.error?.code).toBe("42P01");
    expect(frames.error?.severity).toBe("ERROR");
  });

  it("when the server asks for data in (CopyInResponse), then that is noted", () => {
    const { frames } = feed([0x47, 0, 0, 0, 7, 0, 0, 0], []);
    expect(frames.copyIn).toBe(true);
    expect(frames.done).toBe(false);
  });

  it("when a length is below 4, then the answer is refused as a protocol error", () => {
    expect(() => feed([0x64, 0, 0, 0, 3], [])).toThrow(/protocol/);
  });

  it("reads an error body's fields by type and ignores an unterminated last field", () => {
    const e = errorResponse(Buffer.from([0x4d, 0x61, 0, 0x44, 0x62, 0, 0x48, 0x63]));
    expect([e.message, e.detail, e.hint]).toEqual(["a", "b", undefined]);
  });

  it("writes a Query message: 'Q', Int32 length counting itself and the text's zero byte, the text", () => {
    expect([...frontendMessage("Q", "SELECT é")]).toEqual([0x51, 0, 0, 0, 14, ...Buffer.from("SELECT é", "utf8"), 0]);
  });
});
