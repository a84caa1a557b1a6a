import common from "./common.json";
import pages from "./pages.json";
import emails from "./emails.json";
import auth from "./auth.json";
import catalogue from "./catalogue.json";
import booking from "./booking.json";
import bookings from "./bookings.json";
import notifications from "./notifications.json";
import payment from "./payment.json";
import card from "./card.json";
import mobilePayment from "./mobilePayment.json";
import wallet from "./wallet.json";
import receipt from "./receipt.json";
import price from "./price.json";
import admin from "./admin.json";
import adminAudit from "./adminAudit.json";
import adminCars from "./adminCars.json";
import adminContact from "./adminContact.json";
import adminDashboard from "./adminDashboard.json";
import adminOutbox from "./adminOutbox.json";
import adminPlaces from "./adminPlaces.json";
import adminSettings from "./adminSettings.json";
import adminSuppliers from "./adminSuppliers.json";
import adminUsers from "./adminUsers.json";
import api from "./api.json";

export default {
  common,
  pages,
  emails,
  auth,
  catalogue,
  booking,
  bookings,
  notifications,
  payment,
  card,
  mobilePayment,
  wallet,
  receipt,
  price,
  admin,
  adminAudit,
  adminCars,
  adminContact,
  adminDashboard,
  adminOutbox,
  adminPlaces,
  adminSettings,
  adminSuppliers,
  adminUsers,
  api,
};
