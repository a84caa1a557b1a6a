import type { AppLoadContext } from "@remix-run/node";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { drawnOnServer, serverDrawn, ServerDrawnContext, useServerDrawn } from "./server-drawn";

function Names({ sent }: { sent: string[] | null }) {
  const names = useServerDrawn("names", sent);
  return <p>{names ? names.join(", ") : "as drawn"}</p>;
}

describe("markup drawn once, on the server", () => {
  it("goes in a data request's data as it is", () => {
    const context = { document: false } as AppLoadContext;
    expect(drawnOnServer(context, "names", ["Ana"])).toEqual(["Ana"]);
    expect(serverDrawn(context)).toBeUndefined();
    // A context built outside a request (a test's, a job's) is not a document's.
    expect(drawnOnServer({} as AppLoadContext, "names", ["Ana"])).toEqual(["Ana"]);
  });

  it("stays out of a document's data and is drawn from the request's context", () => {
    const context = { document: true } as AppLoadContext;
    const sent = drawnOnServer(context, "names", ["Ana", "Luis"]);
    expect(sent).toBeNull();
    const page = (
      <ServerDrawnContext.Provider value={serverDrawn(context)}>
        <Names sent={sent} />
      </ServerDrawnContext.Provider>
    );
    expect(renderToString(page)).toBe("<p>Ana, Luis</p>");
    // The browser, hydrating that document, has neither: the markup is already there.
    expect(renderToString(<Names sent={sent} />)).toBe("<p>as drawn</p>");
    // A client navigation's data draws it anew.
    expect(renderToString(<Names sent={["Eva"]} />)).toBe("<p>Eva</p>");
  });
});
