import { Form, Link, useNavigate } from "@remix-run/react";
import { useHydrert } from "../hydrert";
import { useT } from "../sprak";
import { lesSide, SIDE_TEKST, SIDER, type Side, sideUrl } from "./felles";

export function Sidenavigasjon({ side }: { side: Side }) {
  const hydrert = useHydrert();
  const navigate = useNavigate();
  const t = useT();
  return (
    <>
      <nav aria-label={t("innstillinger.tittel")} className="innstillinger__nav">
        <ul>
          {SIDER.map((s) => (
            <li key={s}>
              <Link to={sideUrl(s)} aria-current={s === side ? "page" : undefined}>
                {t(SIDE_TEKST[s])}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <Form method="get" action="/innstillinger" className="innstillinger__velger">
        <div className="ds-field">
          <label className="ds-label" htmlFor="side-velger">
            {t("innstillinger.navigasjon.velgSide")}
          </label>
          <select
            className="ds-input"
            id="side-velger"
            name="side"
            defaultValue={side}
            onChange={hydrert ? (e) => navigate(sideUrl(lesSide(e.currentTarget.value))) : undefined}
          >
            {SIDER.map((s) => (
              <option key={s} value={s}>
                {t(SIDE_TEKST[s])}
              </option>
            ))}
          </select>
        </div>
        {hydrert ? null : (
          <button className="ds-button" data-variant="secondary" type="submit">
            {t("innstillinger.navigasjon.vis")}
          </button>
        )}
      </Form>
    </>
  );
}
