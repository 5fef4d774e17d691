// One webhook POST (post.ts) connects to the address that was looked up and checked, and never resolves the host
// again: a name whose second answer is another address (DNS rebinding) cannot turn the delivery towards it.
// Two receivers on the same port, one on 127.0.0.2 (the first answer, the checked one) and one on 127.0.0.1 (the
// second answer); only loopback traffic.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { melding } from "../../sprak/melding";
import type { Oppslag } from "./adresse";
import { postWebhook } from "./post";

interface Mottaker {
  server: http.Server;
  kropper: string[];
}

function mottaker(): Mottaker {
  const kropper: string[] = [];
  const server = http.createServer((req, res) => {
    let kropp = "";
    req.on("data", (d) => {
      kropp += d;
    });
    req.on("end", () => {
      kropper.push(kropp);
      res.writeHead(204).end();
    });
  });
  return { server, kropper };
}

const lytt = (m: Mottaker, vert: string, port: number) =>
  new Promise<number>((resolve, reject) => {
    m.server.once("error", reject);
    m.server.listen(port, vert, () => resolve((m.server.address() as AddressInfo).port));
  });

const sjekket = mottaker();
const annen = mottaker();
let port: number;

beforeAll(async () => {
  port = await lytt(sjekket, "127.0.0.2", 0);
  await lytt(annen, "127.0.0.1", port);
});

afterAll(async () => {
  await Promise.all([sjekket, annen].map((m) => new Promise((r) => m.server.close(r))));
});

/** Answers 127.0.0.2 the first time and 127.0.0.1 every time after; counts the questions. */
function rebinding(): Oppslag & { spurt: number } {
  const oppslag = Object.assign(
    async () => {
      oppslag.spurt++;
      return [{ address: oppslag.spurt === 1 ? "127.0.0.2" : "127.0.0.1", family: 4 }];
    },
    { spurt: 0 },
  );
  return oppslag;
}

/** A name that never resolves in DNS (.test is reserved): only the injected lookup answers it. */
const VERT = "mottaker.forhaandsmelding.test";

const post = (oppslag: Oppslag, kropp: string, tillatLokal = true) =>
  postWebhook({
    // http only with tillatLokal (the tests' loopback receivers); https as in production otherwise.
    url: `${tillatLokal ? "http" : "https"}://${VERT}:${port}/webhook`,
    kropp,
    headers: {},
    policy: { tillatLokal },
    tidsavbruddMs: 5000,
    oppslag,
  });

describe("webhooken går til adressen som ble sjekket", () => {
  it("asks the lookup once and connects to its first answer, not to a second answer of 127.0.0.1", async () => {
    const oppslag = rebinding();
    const svar = await post(oppslag, '{"n":1}');
    expect(svar).toEqual({ ok: true, httpStatus: 204, feil: null });
    expect(oppslag.spurt).toBe(1);
    expect(sjekket.kropper).toEqual(['{"n":1}']);
    expect(annen.kropper).toEqual([]);
  });

  it("sends nothing when the answer is an address the policy refuses", async () => {
    const svar = await post(async () => [{ address: "127.0.0.1", family: 4 }], '{"n":2}', false);
    expect(svar).toEqual({
      ok: false,
      httpStatus: null,
      // stored as the message reference: the delivery log is read in the reader's language
      feil: melding("api.webhook.adresse.intern"),
    });
    expect(annen.kropper).toEqual([]);
  });

  // Issue 34 item 4: a subscription stored before the rule, or a name that answers so, is refused at delivery.
  it.each([
    ["an IPv4-compatible address in the URL", `http://[::127.0.0.1]:PORT/webhook`, undefined],
    ["an IPv4-translated address in the URL", `http://[::ffff:0:127.0.0.1]:PORT/webhook`, undefined],
    ["a name that resolves to an IPv4-compatible address", `http://${VERT}:PORT/webhook`, "::7f00:2"],
    // glibc prints an IPv4-compatible answer in dotted form; ipaddr.js alone would read it as IPv4-mapped
    ["a name whose answer is written ::127.0.0.2", `http://${VERT}:PORT/webhook`, "::127.0.0.2"],
  ])("sends nothing to %s, even where loopback is allowed", async (_hva, url, svarAdresse) => {
    const oppslag: Oppslag = async () => [{ address: svarAdresse ?? "127.0.0.2", family: 6 }];
    const svar = await postWebhook({
      url: url.replace("PORT", String(port)),
      kropp: '{"n":3}',
      headers: {},
      policy: { tillatLokal: true },
      tidsavbruddMs: 5000,
      oppslag,
    });
    expect(svar).toEqual({
      ok: false,
      httpStatus: null,
      // stored as the message reference: the delivery log is read in the reader's language
      feil: melding("api.webhook.adresse.intern"),
    });
    expect(sjekket.kropper).not.toContain('{"n":3}');
    expect(annen.kropper).toEqual([]);
  });
});
