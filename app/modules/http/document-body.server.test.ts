import type { AppLoadContext } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { documentResponse, takeDocumentBody } from "./document-body.server";

describe("a page's HTML beside its response", () => {
  it("is kept by the request's context, taken once, and never put in the response", async () => {
    const context = {} as AppLoadContext;
    const html = Buffer.from("<!DOCTYPE html><p>Hola</p>");
    const response = documentResponse(context, html, { status: 404, headers: { "Content-Type": "text/html" } });
    expect(response.status).toBe(404);
    expect(response.headers.get("Content-Type")).toBe("text/html");
    expect(response.body).toBeNull();
    expect(takeDocumentBody(context)).toBe(html);
    expect(takeDocumentBody(context)).toBeUndefined();
    expect(takeDocumentBody({} as AppLoadContext)).toBeUndefined();
  });
});
