export { addressInputOf, useDeleteAddress, useSaveAddress, useSavedAddresses, withSavedAddress } from './address-book-queries.ts';
