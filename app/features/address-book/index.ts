export { addressInputOf, useDeleteAddress, useSaveAddress, useSavedAddresses, withSavedAddress } from './address-book-queries.ts';
export { AddressBookSection } from './address-book-section.tsx';
