/** The shipping feature's public entry: the PIN box and the PIN remembered for the visit. */
export { DeliveryCheck } from './delivery-check.tsx';
export { useDeliveryPin } from './delivery-pin.ts';
