import { Form, Link, useNavigate } from "@remix-run/react";
import { useHydrert } from "../hydrert";
import { lesSide, SIDER, type Side, sideUrl } from "./felles";

export function Sidenavigasjon({ side }: { side: Side }) {
  const hydrert = useHydrert();
  const navigate = useNavigate();
  return (
    <>
      <nav aria-label="Innstillinger" className="innstillinger__nav">
        <ul>
          {SIDER.map((s) => (
            <li key={s}>
              <Link to={sideUrl(s)} aria-current={s === side ? "page" : undefined}>
                {s}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <Form method="get" action="/innstillinger" className="innstillinger__velger">
        <div className="ds-field">
          <label className="ds-label" htmlFor="side-velger">
            Velg side
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
                {s}
              </option>
            ))}
          </select>
        </div>
        {hydrert ? null : (
          <button className="ds-button" data-variant="secondary" type="submit">
            Vis
          </button>
        )}
      </Form>
    </>
  );
}
