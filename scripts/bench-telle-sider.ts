// What a page costs the web process besides the trivial page's work, counted rather than timed (issue 35 item 2,
// ADR 082): the production shape (bench-last.ts: web alone in its own process, the API in another) with a
// counting relay between the two, one logged-in session, and per page of bench-last's list: the HTML's bytes
// (and gzip), its elements, the loader data inline in it (single fetch's turbo-stream script), the same
// page's `.data` answer, and the web→API calls with their answer bytes. Counts do not depend on the machine's load.
// `DATABASE_URL=… BENCH_LAST_PORT=3400 npx tsx scripts/bench-telle-sider.ts` (BUILD_DIR: another build).
import type { ChildProcess } from "node:child_process";
import { once } from "node:events";
import { rmSync, writeFileSync } from "node:fs";
import { createServer, request } from "node:http";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";
import { nyServerDatabase } from "../tests/support/test-db";
import { loggInn, startTjeneste, TRIVIELL_SIDE } from "./bench-last";

const port = Number(process.env.BENCH_LAST_PORT ?? 3192);
const apiUrl = `http://127.0.0.1:${port + 1}`;
const app = `http://127.0.0.1:${port + 2}`;

/** The web process's calls to the API since the last `nullstill`: path and answer bytes. */
let kall: Array<{ sti: string; bytes: number }> = [];
const rele = createServer((inn, ut) => {
  const videre = request(`${apiUrl}${inn.url}`, { method: inn.method, headers: inn.headers }, (svar) => {
    let bytes = 0;
    svar.on("data", (b: Buffer) => {
      bytes += b.length;
    });
    svar.on("end", () => kall.push({ sti: (inn.url ?? "").split("?")[0]!, bytes }));
    ut.writeHead(svar.statusCode ?? 502, svar.headers);
    svar.pipe(ut);
  });
  inn.pipe(videre);
});
rele.listen(0, "127.0.0.1");
await once(rele, "listening");
const releUrl = `http://127.0.0.1:${(rele.address() as AddressInfo).port}`;

const server = process.env.DATABASE_URL;
const databaser = server ? [await nyServerDatabase(server), await nyServerDatabase(server)] : undefined;
const prosesser: ChildProcess[] = [];
try {
  rmSync(".cache/bench-telle-sider", { recursive: true, force: true });
  prosesser.push(
    await startTjeneste(
      port + 1,
      databaser ? { databaseUrl: databaser[0]!.url } : { dataDir: ".cache/bench-telle-sider/api" },
      {
        OIDC_REDIRECT_URI: `${app}/oauth2/callback/idporten`,
        OIDC_POST_LOGOUT_REDIRECT_URI: `${app}/utlogget`,
      },
    ),
  );
  prosesser.push(
    await startTjeneste(
      port + 2,
      databaser ? { databaseUrl: databaser[1]!.url } : { dataDir: ".cache/bench-telle-sider/app" },
      { ROLES: "web", IMPORT_API_URL: releUrl, OIDC_ISSUER: `${apiUrl}/idporten` },
    ),
  );
  const b = await loggInn(app);
  const liste = await (await b.hent("/sertifikater")).text();
  const lenke = /href="(\/sertifikat\?[^"]+)"/.exec(liste)?.[1]?.replace(/&amp;/g, "&") ?? "";
  const rader = [["side", "HTML", "gzip", "elementer", "inline data", ".data", "API-kall", "API-bytes"]];
  for (const sti of [TRIVIELL_SIDE, "/", "/sertifikater", lenke, "/importmeldinger"]) {
    await (await b.hent(sti)).arrayBuffer(); // warm
    kall = [];
    const html = await (await b.hent(sti)).text();
    const api = [...kall];
    const [sti0, sok] = sti.split("?");
    const dataSti = `${sti0 === "/" ? "/_root" : sti0}.data${sok ? `?${sok}` : ""}`;
    const data = Buffer.from(await (await b.hent(dataSti)).arrayBuffer());
    const inline = [...html.matchAll(/<script[^>]*>([^<]*streamController\.enqueue[^<]*)<\/script>/g)]
      .map((m) => Buffer.byteLength(m[1]!))
      .reduce((a, x) => a + x, 0);
    rader.push([
      sti.length > 30 ? `${sti.slice(0, 29)}…` : sti,
      String(Buffer.byteLength(html)),
      String(gzipSync(html).length),
      String((html.match(/<[a-z][a-z0-9-]*/g) ?? []).length),
      String(inline),
      String(data.length),
      api.map((k) => k.sti.split("/").slice(-1)[0]).join(",") || "–",
      String(api.reduce((a, k) => a + k.bytes, 0)),
    ]);
  }
  for (const r of rader) console.log(r.join("\t"));
  if (process.env.TELLE_DUMP) {
    for (const [navn, sti] of [
      ["forside", "/"],
      ["sertifikater", "/sertifikater"],
      ["sertifikat", lenke],
      ["importmeldinger", "/importmeldinger"],
    ] as const) {
      const [sti0, sok] = sti.split("?");
      const dataSti = `${sti0 === "/" ? "/_root" : sti0}.data${sok ? `?${sok}` : ""}`;
      await (await b.hent(dataSti))
        .text()
        .then((t) => writeFileSync(`${process.env.TELLE_DUMP}/${navn}.data`, t));
      await (await b.hent(sti))
        .text()
        .then((t) => writeFileSync(`${process.env.TELLE_DUMP}/${navn}.html`, t));
    }
  }
} finally {
  for (const p of prosesser) {
    p.kill("SIGTERM");
    if (p.exitCode === null) await once(p, "exit");
  }
  rele.close();
  rmSync(".cache/bench-telle-sider", { recursive: true, force: true });
  for (const d of databaser ?? []) await d.slett();
}
