// Anonymous page views over real HTTP insert no session rows (issue 15 item 9): a visitor who is not logged
// in may look at every public page as often as they like without growing the session table, and starting a
// login stores none either (issue 22: where to return travels in a signed cookie); only a completed login
// stores one. An anonymous form post is read within a few kB. Runs over the production build
// (`npm run test:bygg`).
import { rmSync } from "node:fs";
import { request } from "node:http";
import { createServer } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PERSONER } from "../../dev/demo-data";
import { Nettleser, skjema } from "../../scripts/bench-side";
import { loadConfig } from "../../server/config";
import { type StartedServer, startServer } from "../../server/index";

function ledigPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, "127.0.0.1", () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
    s.on("error", reject);
  });
}

describe("anonyme sidevisninger", () => {
  const mappe = path.resolve(".cache/drift-anonyme");
  let server: StartedServer;
  let base: string;

  beforeAll(async () => {
    rmSync(mappe, { recursive: true, force: true });
    const port = await ledigPort();
    base = `http://127.0.0.1:${port}`;
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      APP_URL: base,
      DATA_DIR: path.join(mappe, "pglite"),
      NODE_ENV: "production",
      DEMO_MODE: "true",
      SESSION_SECRET: "drift-anonyme-besoek-0123456789abcdef",
    };
    for (const k of ["DATABASE_URL", "IMPORT_API_URL", "OIDC_ISSUER", "SMTP_URL"]) delete env[k];
    server = await startServer(loadConfig(env));
  }, 180_000);
  afterAll(async () => {
    await server?.close();
    rmSync(mappe, { recursive: true, force: true });
  });

  /** A POST to /informasjonskapsler written by hand: the parts are sent one by one, and the answer awaited. */
  function raaPost(
    headers: Record<string, string>,
    deler: string[],
  ): Promise<{ status: number; tekst: string }> {
    return new Promise((resolve, reject) => {
      const u = new URL(`${base}/informasjonskapsler`);
      const req = request(
        {
          host: u.hostname,
          port: u.port,
          path: u.pathname,
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
        },
        (res) => {
          let tekst = "";
          res.setEncoding("utf8");
          res.on("data", (d) => {
            tekst += d;
          });
          res.on("end", () => {
            resolve({ status: res.statusCode ?? 0, tekst });
            req.destroy();
          });
        },
      );
      req.on("error", (e) => reject(new Error(`${JSON.stringify(headers)}: ${e.message}`)));
      for (const d of deler) req.write(d);
    });
  }

  const sesjoner = async () =>
    Number(
      (
        await server.database.db
          .selectFrom("sesjon")
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it("public pages, with and without the cookie they hand out, insert no session rows", async () => {
    const foer = await sesjoner();
    const sider = [
      "/logg-inn",
      "/",
      "/nyttig-info",
      "/informasjonskapsler",
      "/tilgjengelighetserklaering",
      "/finnes-ikke",
    ];
    let cookie: string | undefined;
    for (let runde = 0; runde < 5; runde++) {
      for (const side of sider) {
        // A new visitor every time (no cookie), and one who keeps the cookie it was given.
        const uten = await fetch(`${base}${side}`, { redirect: "manual" });
        expect(uten.status, side).toBeLessThan(500);
        await uten.arrayBuffer();
        const med = await fetch(`${base}${side}`, {
          redirect: "manual",
          headers: cookie ? { Cookie: cookie } : {},
        });
        cookie ??= med.headers.get("set-cookie")?.split(";")[0];
        await med.arrayBuffer();
      }
    }
    expect(cookie).toBeDefined();
    expect(await sesjoner()).toBe(foer);
  });

  it("starting a login stores no session, however often; the login returns where it was asked to", async () => {
    const foer = await sesjoner();
    for (let i = 0; i < 30; i++) {
      const svar = await fetch(`${base}/oauth2/authorization/idporten?returnTo=%2Fsertifikater`, {
        redirect: "manual",
      });
      expect(svar.status).toBe(302);
      await svar.arrayBuffer();
    }
    expect(await sesjoner()).toBe(foer);

    // The whole login: one session, and back to the page asked for (through choosing an organisation).
    const b = new Nettleser(base);
    const side = await (await b.foelg("/oauth2/authorization/idporten?returnTo=%2Fsertifikater")).text();
    const login = /<form method="post" action="([^"]+\/login)">/.exec(side)?.[1];
    expect(login).toBeDefined();
    const etter = await b.foelg(
      new URL(login!, b.sisteUrl).toString(),
      skjema({ pid: DEMO_PERSONER[0]!.pid }),
    );
    await etter.arrayBuffer();
    expect(new URL(b.sisteUrl).pathname).toBe("/velg-virksomhet");
    expect(new URL(b.sisteUrl).searchParams.get("returnTo")).toBe("/sertifikater");
    expect(await sesjoner()).toBe(foer + 1);
  });

  it("an anonymous form post is refused past a few kB, before it is read; a logged-in one may be larger", async () => {
    const post = (kropp: string, headers: Record<string, string> = {}) =>
      fetch(`${base}/informasjonskapsler`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
        body: kropp,
        redirect: "manual",
      });
    // 200 MB declared: refused from Content-Length while the body is still being sent (the probe's post
    // was accepted and read whole); the answer comes after a few kB have gone.
    const stor = await raaPost({ "Content-Length": String(200 * 1024 * 1024) }, [`a=${"x".repeat(4096)}`]);
    expect(stor.status).toBe(413);
    expect(stor.tekst).toMatch(/^Skjemaet er for stort \(største tillatte størrelse er 256 kB\)/);
    const anonym = await post(`valg=alle&returnTo=%2F&x=${"a".repeat(20 * 1024)}`);
    expect(anonym.status).toBe(413);
    expect(await anonym.text()).toMatch(/^Skjemaet er for stort \(største tillatte størrelse er 8 kB\)/);
    // Streamed without Content-Length: counted while it arrives, refused after the limit (12 of 8 kB sent;
    // the rest never is).
    const strom = await raaPost({ "Transfer-Encoding": "chunked" }, [
      `valg=alle&x=${"b".repeat(6 * 1024)}`,
      `&y=${"c".repeat(6 * 1024)}`,
    ]);
    expect(strom.status).toBe(413);
    expect(strom.tekst).toMatch(/Skjemaet er for stort/);
    // a logged-in user's form may be larger than an anonymous one (the limit is then 256 kB)
    const b = new Nettleser(base);
    const side = await (await b.foelg("/oauth2/authorization/idporten")).text();
    const login = /<form method="post" action="([^"]+\/login)">/.exec(side)?.[1];
    await (
      await b.foelg(new URL(login!, b.sisteUrl).toString(), skjema({ pid: DEMO_PERSONER[0]!.pid }))
    ).arrayBuffer();
    const innlogget = await b.hent("/informasjonskapsler", {
      ...skjema({ valg: "alle", returnTo: "/", x: "a".repeat(20 * 1024) }),
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base },
    });
    await innlogget.arrayBuffer();
    // read, and refused for its token (none sent), not for its size
    expect(innlogget.status).toBe(403);
  });
});
