/** The shipping feature's public entry: the PIN box and the PIN remembered for the visit. */
export { DeliveryCheck, useDeliveryPin } from './delivery-check.tsx';
