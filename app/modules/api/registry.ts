import { isOperation, type Operation } from "./operation";
import * as account from "./operations/account";
import * as bookings from "./operations/bookings";
import * as catalogue from "./operations/catalogue";
import * as notifications from "./operations/notifications";
import * as payments from "./operations/payments";
import * as session from "./operations/session";

/*
 * Every operation of the API, in the order of the reference page. Each area declares its
 * operations in its own file under ./operations/ and adds ONE line here; nothing else is
 * listed by hand (the exports of each file are collected).
 */
const areas: Array<Record<string, unknown>> = [session, account, catalogue, bookings, payments, notifications];

export const apiOperations: readonly Operation[] = areas.flatMap((area) => Object.values(area).filter(isOperation));
