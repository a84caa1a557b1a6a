/*
 * Every language's texts: one JSON file per namespace in a folder per language, Spanish the
 * reference (docs/architecture.md#translations). The bundlers (Vite for the app, esbuild for the worker)
 * need literal import paths, so each file is named here once; locales.test.ts checks that every
 * JSON file of every folder is here, so a new namespace cannot be forgotten.
 */
import esCommon from "./es/common.json";
import esPages from "./es/pages.json";
import esEmails from "./es/emails.json";
import esAuth from "./es/auth.json";
import esCatalogue from "./es/catalogue.json";
import esBooking from "./es/booking.json";
import esBookings from "./es/bookings.json";
import esNotifications from "./es/notifications.json";
import esPayment from "./es/payment.json";
import esCard from "./es/card.json";
import esMobilePayment from "./es/mobilePayment.json";
import esWallet from "./es/wallet.json";
import esBinancePay from "./es/binancePay.json";
import esTransfer from "./es/transfer.json";
import esReceipt from "./es/receipt.json";
import esPrice from "./es/price.json";
import esAdmin from "./es/admin.json";
import esAdminAudit from "./es/adminAudit.json";
import esAdminCars from "./es/adminCars.json";
import esAdminContact from "./es/adminContact.json";
import esAdminDashboard from "./es/adminDashboard.json";
import esAdminOutbox from "./es/adminOutbox.json";
import esAdminPlaces from "./es/adminPlaces.json";
import esAdminSettings from "./es/adminSettings.json";
import esAdminSuppliers from "./es/adminSuppliers.json";
import esAdminUsers from "./es/adminUsers.json";
import esAdminReviews from "./es/adminReviews.json";
import esApi from "./es/api.json";
import esReviews from "./es/reviews.json";
import enCommon from "./en/common.json";
import enPages from "./en/pages.json";
import enEmails from "./en/emails.json";
import enAuth from "./en/auth.json";
import enCatalogue from "./en/catalogue.json";
import enBooking from "./en/booking.json";
import enBookings from "./en/bookings.json";
import enNotifications from "./en/notifications.json";
import enPayment from "./en/payment.json";
import enCard from "./en/card.json";
import enMobilePayment from "./en/mobilePayment.json";
import enWallet from "./en/wallet.json";
import enBinancePay from "./en/binancePay.json";
import enTransfer from "./en/transfer.json";
import enReceipt from "./en/receipt.json";
import enPrice from "./en/price.json";
import enAdmin from "./en/admin.json";
import enAdminAudit from "./en/adminAudit.json";
import enAdminCars from "./en/adminCars.json";
import enAdminContact from "./en/adminContact.json";
import enAdminDashboard from "./en/adminDashboard.json";
import enAdminOutbox from "./en/adminOutbox.json";
import enAdminPlaces from "./en/adminPlaces.json";
import enAdminSettings from "./en/adminSettings.json";
import enAdminSuppliers from "./en/adminSuppliers.json";
import enAdminUsers from "./en/adminUsers.json";
import enAdminReviews from "./en/adminReviews.json";
import enApi from "./en/api.json";
import enReviews from "./en/reviews.json";
import frCommon from "./fr/common.json";
import frPages from "./fr/pages.json";
import frEmails from "./fr/emails.json";
import frAuth from "./fr/auth.json";
import frCatalogue from "./fr/catalogue.json";
import frBooking from "./fr/booking.json";
import frBookings from "./fr/bookings.json";
import frNotifications from "./fr/notifications.json";
import frPayment from "./fr/payment.json";
import frCard from "./fr/card.json";
import frMobilePayment from "./fr/mobilePayment.json";
import frWallet from "./fr/wallet.json";
import frBinancePay from "./fr/binancePay.json";
import frTransfer from "./fr/transfer.json";
import frReceipt from "./fr/receipt.json";
import frPrice from "./fr/price.json";
import frAdmin from "./fr/admin.json";
import frAdminAudit from "./fr/adminAudit.json";
import frAdminCars from "./fr/adminCars.json";
import frAdminContact from "./fr/adminContact.json";
import frAdminDashboard from "./fr/adminDashboard.json";
import frAdminOutbox from "./fr/adminOutbox.json";
import frAdminPlaces from "./fr/adminPlaces.json";
import frAdminSettings from "./fr/adminSettings.json";
import frAdminSuppliers from "./fr/adminSuppliers.json";
import frAdminUsers from "./fr/adminUsers.json";
import frAdminReviews from "./fr/adminReviews.json";
import frApi from "./fr/api.json";
import frReviews from "./fr/reviews.json";
import elCommon from "./el/common.json";
import elPages from "./el/pages.json";
import elEmails from "./el/emails.json";
import elAuth from "./el/auth.json";
import elCatalogue from "./el/catalogue.json";
import elBooking from "./el/booking.json";
import elBookings from "./el/bookings.json";
import elNotifications from "./el/notifications.json";
import elPayment from "./el/payment.json";
import elCard from "./el/card.json";
import elMobilePayment from "./el/mobilePayment.json";
import elWallet from "./el/wallet.json";
import elBinancePay from "./el/binancePay.json";
import elTransfer from "./el/transfer.json";
import elReceipt from "./el/receipt.json";
import elPrice from "./el/price.json";
import elAdmin from "./el/admin.json";
import elAdminAudit from "./el/adminAudit.json";
import elAdminCars from "./el/adminCars.json";
import elAdminContact from "./el/adminContact.json";
import elAdminDashboard from "./el/adminDashboard.json";
import elAdminOutbox from "./el/adminOutbox.json";
import elAdminPlaces from "./el/adminPlaces.json";
import elAdminSettings from "./el/adminSettings.json";
import elAdminSuppliers from "./el/adminSuppliers.json";
import elAdminUsers from "./el/adminUsers.json";
import elAdminReviews from "./el/adminReviews.json";
import elApi from "./el/api.json";
import elReviews from "./el/reviews.json";

const es = {
  common: esCommon,
  pages: esPages,
  emails: esEmails,
  auth: esAuth,
  catalogue: esCatalogue,
  booking: esBooking,
  bookings: esBookings,
  notifications: esNotifications,
  payment: esPayment,
  card: esCard,
  mobilePayment: esMobilePayment,
  wallet: esWallet,
  binancePay: esBinancePay,
  transfer: esTransfer,
  receipt: esReceipt,
  price: esPrice,
  admin: esAdmin,
  adminAudit: esAdminAudit,
  adminCars: esAdminCars,
  adminContact: esAdminContact,
  adminDashboard: esAdminDashboard,
  adminOutbox: esAdminOutbox,
  adminPlaces: esAdminPlaces,
  adminSettings: esAdminSettings,
  adminSuppliers: esAdminSuppliers,
  adminUsers: esAdminUsers,
  adminReviews: esAdminReviews,
  api: esApi,
  reviews: esReviews,
};
const en = {
  common: enCommon,
  pages: enPages,
  emails: enEmails,
  auth: enAuth,
  catalogue: enCatalogue,
  booking: enBooking,
  bookings: enBookings,
  notifications: enNotifications,
  payment: enPayment,
  card: enCard,
  mobilePayment: enMobilePayment,
  wallet: enWallet,
  binancePay: enBinancePay,
  transfer: enTransfer,
  receipt: enReceipt,
  price: enPrice,
  admin: enAdmin,
  adminAudit: enAdminAudit,
  adminCars: enAdminCars,
  adminContact: enAdminContact,
  adminDashboard: enAdminDashboard,
  adminOutbox: enAdminOutbox,
  adminPlaces: enAdminPlaces,
  adminSettings: enAdminSettings,
  adminSuppliers: enAdminSuppliers,
  adminUsers: enAdminUsers,
  adminReviews: enAdminReviews,
  api: enApi,
  reviews: enReviews,
};
const fr = {
  common: frCommon,
  pages: frPages,
  emails: frEmails,
  auth: frAuth,
  catalogue: frCatalogue,
  booking: frBooking,
  bookings: frBookings,
  notifications: frNotifications,
  payment: frPayment,
  card: frCard,
  mobilePayment: frMobilePayment,
  wallet: frWallet,
  binancePay: frBinancePay,
  transfer: frTransfer,
  receipt: frReceipt,
  price: frPrice,
  admin: frAdmin,
  adminAudit: frAdminAudit,
  adminCars: frAdminCars,
  adminContact: frAdminContact,
  adminDashboard: frAdminDashboard,
  adminOutbox: frAdminOutbox,
  adminPlaces: frAdminPlaces,
  adminSettings: frAdminSettings,
  adminSuppliers: frAdminSuppliers,
  adminUsers: frAdminUsers,
  adminReviews: frAdminReviews,
  api: frApi,
  reviews: frReviews,
};
const el = {
  common: elCommon,
  pages: elPages,
  emails: elEmails,
  auth: elAuth,
  catalogue: elCatalogue,
  booking: elBooking,
  bookings: elBookings,
  notifications: elNotifications,
  payment: elPayment,
  card: elCard,
  mobilePayment: elMobilePayment,
  wallet: elWallet,
  binancePay: elBinancePay,
  transfer: elTransfer,
  receipt: elReceipt,
  price: elPrice,
  admin: elAdmin,
  adminAudit: elAdminAudit,
  adminCars: elAdminCars,
  adminContact: elAdminContact,
  adminDashboard: elAdminDashboard,
  adminOutbox: elAdminOutbox,
  adminPlaces: elAdminPlaces,
  adminSettings: elAdminSettings,
  adminSuppliers: elAdminSuppliers,
  adminUsers: elAdminUsers,
  adminReviews: elAdminReviews,
  api: elApi,
  reviews: elReviews,
};

export const resources = { es, en, fr, el };
