/**
 * The name and one-line summary of every /api operation, keyed by its method and OpenAPI path. The operationId is
 * what a client generated from the document calls the operation (`listProducts`, `getOrder`), so it is part of
 * the API: once published it does not change, even when the handler moves between modules or its wording does.
 * They live in one table, not beside each route, so that the names read as one vocabulary (list/get/create/
 * update/delete, `admin` for the back office) and a renamed one shows up in review as a change to the client.
 *
 * A route may still set `summary` and `operationId` in its own schema; those win. `openapi.api.test.ts` fails for
 * a route named nowhere, for an entry no route uses and for a name used twice.
 */
export interface OperationName {
  operationId: string;
  summary: string;
}

const table: Record<string, readonly [operationId: string, summary: string]> = {
  // The reference itself and the probes
  'GET /api/openapi.json': ['getOpenApiDocument', 'This OpenAPI document'],
  'GET /api/docs': ['getApiReferencePage', 'The API reference page'],
  'GET /api/docs/assets/{name}': ['getApiReferenceAsset', "A script or style sheet of the reference page"],
  'GET /api/health': ['getHealth', 'Liveness: the process answers, with the database state'],
  'GET /api/ready': ['getReadiness', 'Readiness: the database answers and is migrated'],

  // Catalogue
  'GET /api/products': ['listProducts', 'List potions, filtered, sorted and paged'],
  'GET /api/products/categories': ['listProductCategories', 'List the catalogue categories'],
  'GET /api/products/stats': ['getProductStats', 'Catalogue figures: potions in and out of stock, by category'],
  'GET /api/products/{id}': ['getProduct', 'Get a potion by id or slug'],
  'POST /api/products': ['createProduct', 'Create a potion'],
  'GET /api/admin/analytics/sources': ['adminGetOrderSources', 'Revenue and orders by source, medium and campaign, first or last touch'],
  'POST /api/privacy/cookie-consent': ['recordCookieChoice', "Record the cookie banner's choice and set the consent cookie"],
  'GET /api/admin/search-synonyms': ['adminGetSearchSynonyms', 'The words catalogue search treats as one, one group a line'],
  'PUT /api/admin/search-synonyms': ['adminReplaceSearchSynonyms', 'Replace the search synonym list'],
  'PUT /api/products/{id}': ['updateProduct', 'Update a potion'],
  'DELETE /api/products/{id}': ['archiveProduct', 'Archive a potion'],
  'PATCH /api/products/{id}/inventory': ['updateProductInventory', "Set a potion's stock"],
  'GET /api/admin/products': ['adminListProducts', 'List potions for the back office, archived included'],
  'POST /api/admin/uploads': ['uploadProductImage', 'Upload a product picture'],
  'GET /api/festivals/active': ['listActiveFestivals', 'List the festivals running now'],
  'GET /api/shipping/serviceability': ['checkServiceability', 'Check delivery to a PIN code'],

  // Cart and coupons
  'POST /api/cart/quote': ['quoteCart', 'Price a cart'],
  'POST /api/coupons/validate': ['validateCoupon', 'Check a coupon code against a cart'],

  // Accounts
  'POST /api/auth/register': ['register', 'Create a customer account'],
  'POST /api/auth/login': ['login', 'Sign in as a customer'],
  'POST /api/auth/login/second-factor': ['loginSecondFactor', 'Finish signing in with the authenticator code or a recovery code'],
  'GET /api/auth/two-factor': ['getOwnTwoFactor', 'Whether two-factor sign-in is on for your account, and the recovery codes left'],
  'POST /api/auth/two-factor': ['beginOwnTwoFactor', 'Start linking an authenticator app to your account'],
  'POST /api/auth/two-factor/confirm': ['confirmOwnTwoFactor', 'Link the authenticator app: two-factor sign-in on, recovery codes shown once'],
  'POST /api/auth/two-factor/off': ['turnOffOwnTwoFactor', 'Turn two-factor sign-in off, with your password and a code'],
  'POST /api/auth/logout': ['logout', 'Sign out'],
  'GET /api/auth/me': ['getMe', 'Get the signed-in account'],
  'PUT /api/auth/me': ['updateMe', 'Update the signed-in account'],
  'PUT /api/auth/password': ['changePassword', 'Change the password'],
  'POST /api/auth/forgot-password': ['requestPasswordReset', 'Send a password-reset link'],
  'POST /api/auth/reset-password': ['resetPassword', 'Set a new password with a reset link'],
  'POST /api/auth/verify-email': ['verifyEmail', 'Confirm an e-mail address with its link'],
  'POST /api/auth/sign-in/code': ['sendSignInCode', 'Text a 6-digit sign-in code to a mobile number'],
  'POST /api/auth/sign-in/code/verify': ['signInWithCode', 'Sign in (or join) with a texted code'],
  'POST /api/auth/sign-in/link': ['sendSignInLink', 'E-mail a one-time sign-in link'],
  'POST /api/auth/sign-in/link/redeem': ['signInWithLink', 'Sign in (or join) with an e-mailed link'],
  'GET /api/addresses': ['listSavedAddresses', "List the customer's saved addresses, the default first"],
  'POST /api/addresses': ['createSavedAddress', 'Save an address to the address book'],
  'PUT /api/addresses/{id}': ['updateSavedAddress', 'Change a saved address, or make it the default'],
  'DELETE /api/addresses/{id}': ['deleteSavedAddress', 'Delete a saved address'],
  'POST /api/auth/verify-email/resend': ['resendVerificationEmail', 'Send the verification link again'],
  'GET /api/auth/demo-admin': ['getDemoAdmin', "The demo admin's sign-in, in demo mode"],
  'POST /api/admin/login': ['adminLogin', 'Sign in to the back office: a session, or the challenge for the second factor'],
  'POST /api/admin/logout': ['adminLogout', 'Sign out of the back office'],
  'GET /api/admin/me': ['adminGetMe', 'Get the signed-in admin'],
  'GET /api/admin/users': ['adminListUsers', 'List customer accounts'],
  'GET /api/admin/users/{id}': ['adminGetUser', 'Get a customer account'],
  'PUT /api/admin/users/{id}/status': ['adminSetUserStatus', 'Activate or suspend an account'],
  'POST /api/admin/users/{id}/erase': ['adminEraseUser', "Erase a customer's account on their written request"],

  // Privacy and data rights
  'GET /api/privacy/consents': ['listConsents', "List the customer's consents and their state"],
  'PUT /api/privacy/consents/{purpose}': ['setConsent', 'Give or withdraw one consent'],
  'GET /api/privacy/my-data.json': ['downloadMyDataJson', 'Download everything the shop holds about the customer, as JSON'],
  'GET /api/privacy/my-data.html': ['downloadMyDataHtml', 'Download everything the shop holds about the customer, as a page to read'],
  'POST /api/privacy/erase-account': ['eraseMyAccount', "Erase the customer's account"],

  // Profile
  'GET /api/profile/achievements': ['listAchievements', "List the customer's achievements"],
  'GET /api/profile/orders': ['listRecentOrders', "The customer's latest orders and standing"],
  'POST /api/profile/product-views': ['recordProductView', 'Record a potion the customer looked at'],
  'GET /api/wishlist': ['listWishlist', "The customer's saved potions, newest first"],
  'PUT /api/wishlist/{productId}': ['saveToWishlist', 'Save a potion to the wishlist'],
  'PATCH /api/wishlist/{productId}/alerts': ['setWishlistAlerts', "Turn a saved potion's e-mails about a lower price or a return to stock on or off"],
  'DELETE /api/wishlist/{productId}': ['removeFromWishlist', 'Remove a potion from the wishlist'],
  'POST /api/finder/recommendations': ['recommendPotions', 'The fragrance finder: three potions and a set for the answers, each with why'],
  'GET /api/profile/finder-answers': ['getFinderAnswers', "The fragrance finder's answers the customer saved"],
  'PUT /api/profile/finder-answers': ['saveFinderAnswers', "Save the fragrance finder's answers to the customer's preferences"],

  // Notifications
  'GET /api/notifications': ['listNotifications', "List the customer's notifications"],
  'DELETE /api/notifications': ['clearNotifications', "Delete all the customer's notifications"],
  'GET /api/notifications/stream': ['streamNotifications', "The customer's notifications as they come (Server-Sent Events)"],
  'PUT /api/notifications/mark-all-read': ['markAllNotificationsRead', 'Mark every notification read'],
  'PUT /api/notifications/{id}/read': ['markNotificationRead', 'Mark a notification read'],
  'DELETE /api/notifications/{id}': ['deleteNotification', 'Delete a notification'],
  'GET /api/admin/notifications': ['adminListNotifications', "List the back office's notifications"],
  'DELETE /api/admin/notifications': ['adminClearNotifications', "Delete all the back office's notifications"],
  'POST /api/admin/notifications': ['adminSendNotification', 'Send a notification to customers'],
  'GET /api/admin/notifications/stream': ['adminStreamNotifications', "The back office's notifications as they come (Server-Sent Events)"],
  'PUT /api/admin/notifications/mark-all-read': ['adminMarkAllNotificationsRead', 'Mark every back-office notification read'],
  'PUT /api/admin/notifications/{id}/read': ['adminMarkNotificationRead', 'Mark a back-office notification read'],
  'DELETE /api/admin/notifications/{id}': ['adminDeleteNotification', 'Delete a back-office notification'],

  // Payments and orders
  'POST /api/payments/razorpay/create-payment-order': ['createPaymentOrder', 'Open a payment for the cart'],
  'POST /api/payments/razorpay/verify-and-create-order': ['verifyPaymentAndCreateOrder', 'Confirm a payment and place the order'],
  'POST /api/payments/razorpay/release-hold': ['releasePaymentHold', "Give back an unpaid checkout's units"],
  'POST /api/payments/razorpay/webhook': ['receiveRazorpayWebhook', "Razorpay's payment events"],
  'POST /api/payments/sandbox/pay': ['paySandbox', 'Pay with the test provider'],
  'POST /api/payments/cod/eligibility': ['checkCodEligibility', 'Check whether cash on delivery is offered'],
  'POST /api/payments/cod/place-order': ['placeCodOrder', 'Place a cash-on-delivery order'],
  'POST /api/orders/{orderId}/confirm-cod': ['confirmCodOrder', 'Confirm a cash-on-delivery order from its e-mail link'],
  'GET /api/orders/mine': ['listMyOrders', "List the customer's orders"],
  'GET /api/orders/customer/{email}': ['listCustomerOrders', 'List the orders of an e-mail address'],
  'GET /api/orders/{orderId}': ['getOrder', 'Get an order'],
  'GET /api/orders/{orderId}/invoice.pdf': ['getInvoicePdf', "Download an order's tax invoice"],
  'GET /api/orders/{orderId}/gift-cards': ['listOrderGiftCards', 'The gift cards an order bought: last four and delivery'],
  'GET /api/orders/{orderId}/credit-notes/{number}.pdf': ['getCreditNotePdf', 'Download a credit note'],
  'POST /api/orders/{orderId}/returns': ['requestReturn', 'Ask to return potions of an order'],
  'POST /api/orders/{orderId}/cancel': ['cancelMyOrder', 'Cancel a paid order before dispatch; the refund goes back the way it came or onto store credit'],
  'GET /api/orders/{orderId}/returns': ['listOrderReturns', "List an order's returns"],
  'PUT /api/orders/{orderId}/refund-upi': ['setRefundUpi', 'Give the UPI address for a cash-on-delivery refund'],
  'POST /api/uploads/return-photos': ['uploadReturnPhoto', 'Upload a photo for a return'],
  'GET /api/admin/orders': ['adminListOrders', 'List orders'],
  'GET /api/admin/orders/{orderId}': ['adminGetOrder', 'Get an order with its history'],
  'PUT /api/admin/orders/{orderId}/status': ['adminSetOrderStatus', "Change an order's status (ship, deliver, cancel…)"],
  'PUT /api/admin/orders/{orderId}/tracking': ['adminSetOrderTracking', "Set an order's carrier and tracking"],
  'POST /api/admin/orders/{orderId}/refund': ['adminRefundOrder', 'Refund an order'],
  'POST /api/admin/orders/{orderId}/cod-collected': ['adminMarkCodCollected', 'Record the cash collected on delivery'],
  'POST /api/admin/orders/{orderId}/rto': ['adminMarkReturnedToOrigin', 'Record a parcel returned to origin'],
  'POST /api/admin/offline-refunds/{refundId}/paid': ['adminMarkOfflineRefundPaid', 'Record an offline refund as paid'],
  'GET /api/admin/returns': ['adminListReturns', 'List return requests'],
  'PUT /api/admin/returns/{id}': ['adminActOnReturn', 'Approve, reject or receive a return, or retry its refund'],

  // Reviews
  'GET /api/reviews/product/{productId}': ['listProductReviews', "List a potion's reviews with their summary"],
  'POST /api/reviews': ['createReview', 'Review a potion'],
  'PUT /api/reviews/{id}': ['updateReview', 'Edit your review'],
  'DELETE /api/reviews/{id}': ['deleteReview', 'Delete your review'],
  'POST /api/reviews/{id}/helpful': ['markReviewHelpful', 'Mark a review helpful'],
  'GET /api/admin/reviews': ['adminListReviews', 'List reviews for moderation'],
  'PUT /api/admin/reviews/{id}/status': ['adminSetReviewStatus', 'Approve or reject a review'],
  'DELETE /api/admin/reviews/{id}': ['adminDeleteReview', 'Delete a review'],

  // Forms and mail
  'POST /api/newsletter': ['subscribeNewsletter', 'Subscribe to the newsletter'],
  'POST /api/newsletter/confirm': ['confirmNewsletter', 'Confirm a newsletter subscription'],
  'POST /api/contact': ['sendContactMessage', 'Write to the shop'],
  'GET /api/contact/tickets/{ticketNumber}': ['getComplaintTicket', "Follow a complaint by its ticket number and the sender's e-mail"],
  'POST /api/waitlist': ['joinStockWaitlist', 'Ask to hear when a potion is back'],
  'POST /api/email/unsubscribe': ['unsubscribe', 'Unsubscribe from a mailing (one-click)'],
  'GET /api/email/unsubscribe': ['openUnsubscribePage', "Go to the unsubscribe page from an e-mail's link"],
  'GET /api/admin/contact-messages': ['adminListContactMessages', 'List contact-form messages'],
  'PATCH /api/admin/contact-messages/{id}': ['adminSetTicketStatus', "Move a complaint ticket on, resolving it with a note"],
  'GET /api/admin/newsletter-subscribers': ['adminListNewsletterSubscribers', 'List newsletter subscribers'],
  'GET /api/admin/newsletter-subscribers.csv': ['adminExportNewsletterSubscribers', 'Download the newsletter subscribers as CSV'],
  'GET /api/admin/emails': ['adminListEmails', 'List the e-mails the shop sent or kept'],
  'GET /api/admin/emails/{id}': ['adminGetEmail', 'Get an e-mail as sent'],
  'GET /api/admin/sms': ['adminListTexts', 'List the text messages the shop sent or kept'],
  'GET /api/cart': ['getKeptCart', "Get the signed-in shopper's cart kept on the server"],
  'PUT /api/cart': ['keepCart', "Keep the browser's cart on the server"],
  'POST /api/cart/merge': ['mergeCart', "Merge the browser's cart with the server's on sign-in"],
  'POST /api/cart/restore': ['restoreCart', "Restore a cart from a reminder e-mail's link"],
  'GET /api/admin/recovery': ['adminGetRecovery', 'Abandoned-checkout reminders and what they recovered, by week'],
  'GET /api/admin/whatsapp': ['adminListWhatsAppMessages', 'List the WhatsApp messages the shop sent, with their delivery status'],
  'GET /api/admin/whatsapp/templates': ['adminListWhatsAppTemplates', 'The approved WhatsApp templates, each previewed with sample values'],
  'GET /api/whatsapp/webhook': ['verifyWhatsAppWebhook', "Meta's WhatsApp webhook subscription handshake"],
  'POST /api/whatsapp/webhook': ['receiveWhatsAppWebhook', "Meta's WhatsApp message statuses and customers' replies"],
  'GET /api/profile/whatsapp': ['getWhatsAppPreference', "The customer's choice of order updates on WhatsApp"],
  'PUT /api/profile/whatsapp': ['setWhatsAppPreference', 'Opt in to or out of order updates on WhatsApp'],

  // Back office
  'GET /api/admin/dashboard': ['adminGetDashboard', 'The dashboard figures'],
  'GET /api/admin/backups': ['adminGetBackups', 'The newest database backup and whether it is overdue'],
  'GET /api/admin/analytics': ['adminGetAnalytics', 'Sales and customer analytics'],
  'GET /api/admin/audit': ['adminListAuditEntries', 'List the audit log'],
  'GET /api/admin/festivals': ['adminListFestivals', 'List festivals'],
  'POST /api/admin/festivals': ['adminCreateFestival', 'Create a festival'],
  'PUT /api/admin/festivals/{id}': ['adminUpdateFestival', 'Update a festival'],
  'DELETE /api/admin/festivals/{id}': ['adminDeleteFestival', 'Delete a festival'],
  'PATCH /api/admin/festivals/{id}/toggle': ['adminToggleFestival', 'Switch a festival on or off'],
  'GET /api/admin/promotions': ['adminListPromotions', 'List promotions with their uses, discount given and revenue'],
  'POST /api/admin/promotions': ['adminCreatePromotion', 'Create a promotion'],
  'PUT /api/admin/promotions/{id}': ['adminUpdatePromotion', 'Update a promotion (refused when edited meanwhile)'],
  'PATCH /api/admin/promotions/{id}/paused': ['adminPausePromotion', 'Pause or resume a promotion'],
  'POST /api/admin/promotions/preview': ['adminPreviewPromotion', 'Price a sample basket with an unsaved promotion'],
  'GET /api/admin/reports/gst': ['adminGetGstReport', "A month's GST figures"],
  'GET /api/admin/reports/gst/{part}.csv': ['adminExportGstReport', "Download a part of a month's GST return as CSV"],
  'POST /api/shipping/shiprocket/webhook': ['receiveShiprocketWebhook', "Shiprocket's tracking events"],
  'POST /api/shipping/courier-updates': ['receiveCourierUpdates', "Shiprocket's tracking events, at the address its panel accepts"],
  'GET /api/orders/{orderId}/shipments': ['listOrderShipments', "List an order's parcels with their courier timelines"],
  'POST /api/orders/{orderId}/shipments/{shipmentId}/ndr': ['decideFailedDelivery', 'Ask the courier to try a failed delivery again'],
  'GET /api/admin/shipments': ['adminListShipmentQueue', 'List a dispatch queue: ready to ship, in transit, failed deliveries, returning'],
  'POST /api/admin/shipments': ['adminCreateShipments', 'Create a parcel for each selected order, booked with the courier'],
  'POST /api/admin/orders/{orderId}/shipments': ['adminCreateShipment', 'Create a parcel of an order'],
  'GET /api/admin/shipments/{shipmentId}': ['adminGetShipment', 'Get a parcel with its timeline'],
  'POST /api/admin/shipments/pickup': ['adminSchedulePickup', 'Ask the courier to collect parcels'],
  'POST /api/admin/shipments/labels': ['adminPrintLabels', "Parcels' 4×6 in labels, as one PDF"],
  'POST /api/admin/shipments/packing-slips': ['adminPrintPackingSlips', "Parcels' packing slips, as one PDF"],
  'POST /api/admin/shipments/manifest': ['adminPrintManifest', 'The pickup manifest of parcels, as one PDF'],
  'POST /api/admin/shipments/{shipmentId}/cancel': ['adminCancelShipment', 'Cancel a parcel before pickup'],
  'PUT /api/admin/shipments/{shipmentId}/status': ['adminSetShipmentStatus', 'Move a parcel sent by hand, or mark one back at the shop'],
  'POST /api/admin/shipments/{shipmentId}/ndr': ['adminDecideFailedDelivery', 'Re-attempt a failed delivery or return it to origin'],
  'GET /api/admin/shipping': ['adminGetShipping', 'List shipping zones and holidays'],
  'POST /api/admin/shipping/zones': ['adminCreateShippingZone', 'Create a shipping zone'],
  'PUT /api/admin/shipping/zones/{id}': ['adminUpdateShippingZone', 'Update a shipping zone'],
  'DELETE /api/admin/shipping/zones/{id}': ['adminDeleteShippingZone', 'Delete a shipping zone'],
  'POST /api/admin/shipping/holidays': ['adminAddShippingHoliday', 'Add a day without dispatch'],
  'DELETE /api/admin/shipping/holidays/{day}': ['adminDeleteShippingHoliday', 'Remove a day without dispatch'],

  // Staff, roles and two-factor sign-in (docs/decisions/0062, 0063)
  'POST /api/admin/login/second-factor': ['adminLoginSecondFactor', 'Finish signing in with the authenticator code or a recovery code'],
  'POST /api/admin/login/enrolment': ['adminBeginEnrolment', 'Start linking an authenticator app during sign-in'],
  'POST /api/admin/login/enrolment/confirm': ['adminConfirmEnrolment', "Link the authenticator app with its first code: signed in, with the recovery codes"],
  'POST /api/admin/two-factor': ['adminBeginOwnEnrolment', 'Start linking an authenticator app to your own staff account'],
  'POST /api/admin/two-factor/confirm': ['adminConfirmOwnEnrolment', 'Link the authenticator app to your own staff account'],
  'GET /api/admin/staff': ['adminListStaff', 'List staff, pending invitations, roles, permissions and the staff rules'],
  'POST /api/admin/staff/invitations': ['adminInviteStaff', 'Invite someone to the staff by e-mail'],
  'POST /api/admin/staff/roles': ['adminCreateStaffRole', 'Create a role from the permission list'],
  'PUT /api/admin/staff/{id}/role': ['adminSetStaffRole', "Change a staff member's role"],
  'PUT /api/admin/staff/{id}/status': ['adminSetStaffStatus', 'Suspend or reactivate a staff member'],
  'DELETE /api/admin/staff/{id}': ['adminRemoveStaff', 'Remove someone from the staff'],
  'POST /api/admin/staff/{id}/two-factor-reset': ['adminResetStaffTwoFactor', "Clear a staff member's authenticator after a lost phone"],
  'PUT /api/admin/staff/settings': ['adminSetStaffRules', 'Require two-factor sign-in, or set the support refund limit'],
  'POST /api/admin/invitations/open': ['openStaffInvitation', 'Read a staff invitation from its link'],
  'POST /api/admin/invitations/accept': ['acceptStaffInvitation', 'Accept a staff invitation: set the password, then link the authenticator'],
  // Gift cards and store credit
  'POST /api/gift-cards/check': ['checkGiftCard', "A gift card's balance and expiry, for its code"],
  'GET /api/balances': ['getMyBalances', 'My store credit and its history'],
  'POST /api/admin/gift-cards': ['adminIssueGiftCard', 'Issue a gift card (its code is shown once)'],
  'GET /api/admin/gift-cards': ['adminLookUpGiftCards', 'Find gift cards by code or last four, with their ledger'],
  'POST /api/admin/gift-cards/{id}/void': ['adminVoidGiftCard', 'Cancel a gift card and what is left on it'],
  'POST /api/admin/gift-cards/{id}/refund': ['adminRefundGiftCard', 'Refund a gift card bought and not spent: void it and refund its payment'],
  'POST /api/admin/store-credit': ['adminGrantStoreCredit', 'Grant a customer goodwill store credit, with a reason'],
};

/** The operation at `METHOD /api/path/{param}`, or undefined for one the table does not name yet. */
export function operationNameOf(method: string, openApiPath: string): OperationName | undefined {
  const entry = table[`${method.toUpperCase()} ${openApiPath}`];
  return entry && { operationId: entry[0], summary: entry[1] };
}

/** Every `METHOD path` the table names, for the test that holds it to the routes. */
export const namedOperations = (): string[] => Object.keys(table);
