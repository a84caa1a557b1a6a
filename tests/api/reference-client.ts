/*
 * A minimal client of Rueda's API, written from the calls the spec's reference client makes
 * (product spec §7: BookCars' front end, its user service): the same paths, the same payload
 * names, and only what that client reads of each answer — mostly the status, 200 against
 * anything else; the user answered at sign-in, stored as "the user"; the account read by id.
 * It is our own code, not the reference client's.
 *
 * It behaves as that client does in a browser on the API's site: the session cookie set at
 * sign-in rides along with every later call (the reference client sends `withCredentials`),
 * nothing else identifies the caller (no Authorization header), and an answer outside 2xx
 * rejects, as with axios.
 */

/** How the client reaches the API (in tests: the in-process app). */
export type Transport = (
  path: string,
  init: { method: string; headers: Headers; body?: BodyInit },
) => Promise<Response>;

/** An answer outside 2xx: the reference client's calls reject with it. */
export class HttpStatusError extends Error {
  constructor(
    readonly status: number,
    readonly data: unknown,
  ) {
    super(`HTTP ${status}`);
  }
}

/** The reference client's user, as it stores it (a few fields it reads). */
export type StoredUser = {
  _id: number | string;
  email?: string;
  fullName?: string;
  language?: string;
  enableEmailNotifications?: boolean;
  accessToken?: string;
  blacklisted?: boolean;
  [field: string]: unknown;
};

const APP_TYPE = "frontend";
const USER_KEY = "bc-user";

export function referenceClient(transport: Transport) {
  /** The browser's storage and its cookie for the API's site. */
  const storage = new Map<string, string>();
  let sessionCookie: string | null = null;

  async function call<T = unknown>(
    method: "GET" | "POST" | "DELETE",
    path: string,
    data?: unknown,
  ): Promise<{ status: number; data: T }> {
    const headers = new Headers({ Accept: "application/json" });
    if (sessionCookie) headers.set("Cookie", sessionCookie);
    let body: BodyInit | undefined;
    if (data instanceof FormData) body = data;
    else if (data !== undefined && data !== null) {
      headers.set("Content-Type", "application/json");
      body = JSON.stringify(data);
    }
    const response = await transport(path, { method, headers, body });
    const setCookie = /(?:^|,\s*)(__session=[^;]*)([^,]*)/.exec(response.headers.get("Set-Cookie") ?? "");
    if (setCookie)
      sessionCookie = /max-age=0/i.test(setCookie[2]) || setCookie[1] === "__session=" ? null : setCookie[1];
    const text = await response.text();
    const parsed = text ? (JSON.parse(text) as T) : (undefined as T);
    if (response.status < 200 || response.status > 299) throw new HttpStatusError(response.status, parsed);
    return { status: response.status, data: parsed };
  }
  const statusOf = async (answer: Promise<{ status: number }>) => (await answer).status;
  const enc = encodeURIComponent;

  const getCurrentUser = (): StoredUser | null => JSON.parse(storage.get(USER_KEY) ?? "null") as StoredUser | null;
  const storeUser = (user: StoredUser) => storage.set(USER_KEY, JSON.stringify(user));

  return {
    storage,
    hasSessionCookie: () => sessionCookie !== null,
    getCurrentUser,

    signup: (data: Record<string, unknown>) => statusOf(call("POST", "/api/sign-up", data)),
    checkToken: (userId: string, email: string, token: string) =>
      statusOf(call("GET", `/api/check-token/${APP_TYPE}/${enc(userId)}/${enc(email)}/${enc(token)}`)),
    deleteTokens: (userId: string) => statusOf(call("DELETE", `/api/delete-tokens/${enc(userId)}`)),
    resend: (email?: string, reset = false) =>
      statusOf(call("POST", `/api/resend/${APP_TYPE}/${enc(email ?? "")}/${reset}`)),
    activate: (data: { userId: string; token: string; password: string }) =>
      statusOf(call("POST", "/api/activate", data)),
    validateEmail: (data: { email: string }) => statusOf(call("POST", "/api/validate-email", data)),

    async signin(data: { email: string; password: string; stayConnected?: boolean }) {
      const answer = await call<StoredUser>("POST", "/api/sign-in/frontend", data);
      storeUser(answer.data);
      return answer;
    },
    async signout() {
      storage.delete(USER_KEY);
      await call("POST", "/api/sign-out", null);
    },
    validateAccessToken: () => statusOf(call("POST", "/api/validate-access-token", null)),
    resendLink: (data: { email?: string }) => statusOf(call("POST", "/api/resend-link", data)),

    async updateLanguage(data: { id: string | number; language: string }) {
      const { status } = await call("POST", "/api/update-language", data);
      if (status === 200) storeUser({ ...getCurrentUser()!, language: data.language });
      return status;
    },
    getUser: async (id?: string | number) =>
      id === undefined ? null : (await call<StoredUser>("GET", `/api/user/${enc(String(id))}`)).data,
    updateUser: (data: Record<string, unknown>) => statusOf(call("POST", "/api/update-user", data)),
    async updateEmailNotifications(data: { _id: string | number; enableEmailNotifications: boolean }) {
      const { status } = await call("POST", "/api/update-email-notifications", data);
      const user = getCurrentUser();
      if (status === 200 && user) storeUser({ ...user, enableEmailNotifications: data.enableEmailNotifications });
      return status;
    },
    updateAvatar(userId: string | number, file: Blob) {
      const form = new FormData();
      form.append("image", file);
      return statusOf(call("POST", `/api/update-avatar/${enc(String(userId))}`, form));
    },
    deleteAvatar: (userId: string | number) =>
      statusOf(call("POST", `/api/delete-avatar/${enc(String(userId))}`, null)),
    checkPassword: (id: string | number, pass: string) =>
      statusOf(call("GET", `/api/check-password/${enc(String(id))}/${enc(pass)}`)),
    changePassword: (data: { _id: string | number; password: string; newPassword: string; strict: boolean }) =>
      statusOf(call("POST", "/api/change-password", data)),
    verifyRecaptcha: (token: string, ip: string) =>
      statusOf(call("POST", `/api/verify-recaptcha/${enc(token)}/${enc(ip)}`, null)),
    sendEmail: (payload: { from: string; to: string; subject: string; message: string; isContactForm: boolean }) =>
      statusOf(call("POST", "/api/send-email", payload)),
  };
}

export type ReferenceClient = ReturnType<typeof referenceClient>;
