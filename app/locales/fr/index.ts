import common from "./common.json";
import pages from "./pages.json";
import emails from "./emails.json";
import auth from "./auth.json";
import catalogue from "./catalogue.json";
import booking from "./booking.json";
import notifications from "./notifications.json";
import bookings from "./bookings.json";
import payment from "./payment.json";
import card from "./card.json";
import mobilePayment from "./mobilePayment.json";
import wallet from "./wallet.json";
import receipt from "./receipt.json";
import admin from "./admin.json";
import api from "./api.json";

export default { common, pages, emails, auth, catalogue, booking, bookings, notifications, payment, card, mobilePayment, wallet, receipt, admin, api };
