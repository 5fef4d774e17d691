// The verified tokens kept for a while (api/token-buffer.ts, ADR 077): verified once, trusted again until the
// token's expiry or the buffer's limit, whichever is first; a token that fails is verified every time.
import { describe, expect, it } from "vitest";
import { medTokenBuffer } from "./token-buffer";

/** An unsigned token with the given claims (the buffer only decodes; the verifier below decides). */
const token = (krav: Record<string, unknown>) =>
  `${Buffer.from('{"alg":"none"}').toString("base64url")}.${Buffer.from(JSON.stringify(krav)).toString("base64url")}.sig`;

function teller(svar: (t: string) => string) {
  const kall: string[] = [];
  return {
    kall,
    verifiser: async (t: string) => {
      kall.push(t);
      return { pid: svar(t) };
    },
  };
}

describe("medTokenBuffer", () => {
  it("verifiserer et token én gang og gir samme svar til det utløper", async () => {
    let naa = 1_000_000_000_000;
    const v = teller(() => "12345678901");
    const buffret = medTokenBuffer(v.verifiser, { naa: () => naa });
    const t = token({ exp: naa / 1000 + 60 });
    expect(await buffret(t)).toEqual({ pid: "12345678901" });
    expect(await buffret(t)).toEqual({ pid: "12345678901" });
    expect(v.kall).toHaveLength(1);
    // another token (another signature) is verified on its own
    await buffret(`${t}x`);
    expect(v.kall).toHaveLength(2);
    // at its expiry it is verified again (the verifier then refuses an expired one)
    naa += 60_000;
    await buffret(t);
    expect(v.kall).toHaveLength(3);
  });

  it("stoler ikke lenger enn maksMs på et token som lever lenger", async () => {
    let naa = 1_000_000_000_000;
    const v = teller(() => "12345678901");
    const buffret = medTokenBuffer(v.verifiser, { naa: () => naa, maksMs: 1000 });
    const t = token({ exp: naa / 1000 + 3600 });
    await buffret(t);
    naa += 999;
    await buffret(t);
    expect(v.kall).toHaveLength(1);
    naa += 1;
    await buffret(t);
    expect(v.kall).toHaveLength(2);
  });

  it("husker aldri et token som feiler, eller et uten exp", async () => {
    let feil = 0;
    const buffret = medTokenBuffer(async () => {
      feil++;
      throw new Error("ugyldig");
    });
    const t = token({ exp: Date.now() / 1000 + 60 });
    await expect(buffret(t)).rejects.toThrow("ugyldig");
    await expect(buffret(t)).rejects.toThrow("ugyldig");
    expect(feil).toBe(2);
    const v = teller(() => "12345678901");
    const utenExp = medTokenBuffer(v.verifiser);
    await utenExp(token({ pid: "x" }));
    await utenExp(token({ pid: "x" }));
    expect(v.kall).toHaveLength(2);
  });

  it("holder seg til maksAntall og slipper det eldste først", async () => {
    const v = teller((t) => t);
    const buffret = medTokenBuffer(v.verifiser, { maksAntall: 2 });
    const exp = Math.floor(Date.now() / 1000) + 60;
    const [a, b, c] = [token({ exp, n: 1 }), token({ exp, n: 2 }), token({ exp, n: 3 })];
    await buffret(a);
    await buffret(b);
    await buffret(c);
    expect(v.kall).toHaveLength(3);
    await buffret(c);
    await buffret(b);
    expect(v.kall).toHaveLength(3);
    await buffret(a);
    expect(v.kall).toHaveLength(4);
  });
});
