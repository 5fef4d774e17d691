import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it, vi } from "vitest";
import { samtidigeSider } from "./samtidige";

/** An app whose pages answer when the test lets them (in the order it chooses), behind the bound. */
async function app(maks: number, slippEtterMs?: number) {
  const grense = samtidigeSider(maks, slippEtterMs);
  const startet: string[] = [];
  const venter = new Map<string, () => void>();
  const a = express();
  a.use(grense);
  a.all("/:navn", (req, res) => {
    const navn = req.params.navn ?? "";
    startet.push(navn);
    venter.set(navn, () => res.send(navn));
  });
  const server: Server = await new Promise((r) => {
    const s = a.listen(0, "127.0.0.1", () => r(s));
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { grense, startet, svar: (navn: string) => venter.get(navn)?.(), url, server };
}

const VENT = { timeout: 10_000, interval: 10 };
let server: Server | undefined;
afterEach(() => {
  server?.closeAllConnections();
  server?.close();
});

describe("samtidigeSider", () => {
  it("arbeider med høyst maks sider, og resten starter i ankomstrekkefølge", async () => {
    const a = await app(2);
    server = a.server;
    const svar: Promise<string>[] = [];
    for (const [n, tilstand] of [
      ["a", { iGang: 1, venter: 0 }],
      ["b", { iGang: 2, venter: 0 }],
      ["c", { iGang: 2, venter: 1 }],
      ["d", { iGang: 2, venter: 2 }],
    ] as const) {
      svar.push(fetch(`${a.url}/${n}`).then((r) => r.text()));
      await vi.waitFor(() => expect(a.grense.tilstand()).toEqual(tilstand), VENT);
    }
    expect(a.startet).toEqual(["a", "b"]);
    a.svar("b");
    await vi.waitFor(() => expect(a.startet).toEqual(["a", "b", "c"]), VENT);
    a.svar("a");
    await vi.waitFor(() => expect(a.startet).toEqual(["a", "b", "c", "d"]), VENT);
    a.svar("c");
    a.svar("d");
    expect(await Promise.all(svar)).toEqual(["a", "b", "c", "d"]);
    await vi.waitFor(() => expect(a.grense.tilstand()).toEqual({ iGang: 0, venter: 0 }), VENT);
  });

  it("teller ikke skjemaer (POST), og 0 er ingen grense", async () => {
    const a = await app(1);
    server = a.server;
    const svar = [fetch(`${a.url}/a`)];
    await vi.waitFor(() => expect(a.startet).toEqual(["a"]), VENT);
    svar.push(fetch(`${a.url}/b`, { method: "POST" }));
    await vi.waitFor(() => expect(a.startet).toEqual(["a", "b"]), VENT);
    a.svar("a");
    a.svar("b");
    await Promise.all(svar);
    const uten = await app(0);
    server.close();
    server = uten.server;
    const alle = ["x", "y", "z"].map((n) => fetch(`${uten.url}/${n}`));
    await vi.waitFor(() => expect([...uten.startet].sort()).toEqual(["x", "y", "z"]), VENT);
    for (const n of ["x", "y", "z"]) uten.svar(n);
    await Promise.all(alle);
  });

  it("en side som har tatt for lang tid, slipper plassen; en som ga opp mens den ventet, startes ikke", async () => {
    const a = await app(1, 1000);
    server = a.server;
    void fetch(`${a.url}/treg`).catch(() => undefined);
    await vi.waitFor(() => expect(a.startet).toEqual(["treg"]), VENT);
    const avbryt = new AbortController();
    void fetch(`${a.url}/gir-opp`, { signal: avbryt.signal }).catch(() => undefined);
    await vi.waitFor(() => expect(a.grense.tilstand().venter).toBe(1), VENT);
    avbryt.abort();
    const neste = fetch(`${a.url}/neste`).then((r) => r.text());
    await vi.waitFor(() => expect(a.grense.tilstand().venter).toBe(2), VENT);
    expect(a.startet).toEqual(["treg"]);
    await vi.waitFor(() => expect(a.startet).toEqual(["treg", "neste"]), VENT);
    a.svar("neste");
    expect(await neste).toBe("neste");
    a.svar("treg");
    expect(a.grense.tilstand()).toEqual({ iGang: 0, venter: 0 });
  });
});
